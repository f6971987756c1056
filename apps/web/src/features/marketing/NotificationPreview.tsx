import type { ReactNode } from 'react';
import { useBranding } from '../../app/branding';

interface NotificationPreviewProps {
  title: string;
  message: string;
  link: string;
  /** The chosen or saved image, if any. */
  imageUrl: string | null;
  /** When it goes out, as the form reads it ('21 Nov 2026, 3:30:00 pm IST'), or null. */
  when: string | null;
}

const Frame = ({ label, children }: { label: string; children: ReactNode }) => (
  <figure className="space-y-1.5">
    <figcaption className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
      {label}
    </figcaption>
    {children}
  </figure>
);

const Placeholder = ({ children }: { children: ReactNode }) => (
  <span className="text-slate-500 italic dark:text-slate-400">{children}</span>
);

/**
 * What the recipients will see, updated as the admin types: a push notification (app line, title,
 * message, image) and the same as an e-mail (image banner, title, message, the link as a button).
 */
export const NotificationPreview = ({
  title,
  message,
  link,
  imageUrl,
  when,
}: NotificationPreviewProps) => {
  const shownTitle = title.trim();
  const shownMessage = message.trim();
  const shownLink = link.trim();
  const { productName } = useBranding();
  return (
    <section aria-label="Preview" className="space-y-4">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Preview</h3>

      <Frame label="Push notification">
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-3 shadow-xs dark:border-slate-700 dark:bg-slate-800/70">
          <div className="flex items-center gap-1.5 text-[11px] text-slate-500 dark:text-slate-400">
            <span
              aria-hidden="true"
              className="flex size-4 items-center justify-center rounded bg-teal-700 text-[9px] font-bold text-white dark:bg-teal-500 dark:text-slate-950"
            >
              {productName.charAt(0).toUpperCase()}
            </span>
            {productName} · now
          </div>
          <div className="mt-1.5 flex gap-3">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold break-words text-slate-900 dark:text-white">
                {shownTitle || <Placeholder>Title</Placeholder>}
              </p>
              <p className="mt-0.5 line-clamp-3 text-sm break-words text-slate-700 dark:text-slate-300">
                {shownMessage || <Placeholder>Message</Placeholder>}
              </p>
            </div>
            {imageUrl ? (
              <img src={imageUrl} alt="" className="size-12 shrink-0 rounded-md object-cover" />
            ) : null}
          </div>
        </div>
      </Frame>

      <Frame label="E-mail">
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs dark:border-slate-700 dark:bg-slate-950">
          {imageUrl ? (
            <img
              src={imageUrl}
              alt="Notification image"
              className="aspect-[2/1] w-full object-cover"
            />
          ) : null}
          <div className="space-y-2 p-4">
            <p className="text-base font-semibold break-words text-slate-900 dark:text-white">
              {shownTitle || <Placeholder>Title</Placeholder>}
            </p>
            <p className="text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
              {shownMessage || <Placeholder>Message</Placeholder>}
            </p>
            {shownLink ? (
              <p>
                <span className="inline-flex max-w-full rounded-md bg-teal-700 px-3 py-1.5 text-sm font-medium text-white dark:bg-teal-500 dark:text-slate-950">
                  <span className="truncate">Open {shownLink}</span>
                </span>
              </p>
            ) : null}
          </div>
        </div>
      </Frame>
      {when ? <p className="text-xs text-slate-500 dark:text-slate-400">Goes out {when}.</p> : null}
    </section>
  );
};
