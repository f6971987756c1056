import { useState } from 'react';
import { Link } from 'react-router';
import { DUPLICATE_TEXTS as T, GALLERY_MESSAGES, type DuplicateUpload } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { wasAnswered } from '../../lib/errors';
import { showToast } from '../../lib/toast';

export interface DuplicatesNoticeProps {
  /** The upload's `duplicates` (one entry per new image that has copies). */
  duplicates: readonly DuplicateUpload[];
  /** What the admin calls each new image ('photo.jpg', 'Image 3'); default its position. */
  nameOf?: (imageId: string) => string | undefined;
  /** Removes these new images; rejects with the call's error. Without it, only Keep. */
  onRemove?: (imageIds: string[]) => Promise<unknown>;
  /** Every new image was kept or removed. */
  onDone: () => void;
}

/**
 * Issue 24: after an upload whose new images look like images already stored, one row per new
 * image: where the other copies are (a thumbnail, the holder, a link to its page), and Keep or
 * Remove the new copy. The upload already succeeded: nothing is removed unless asked.
 */
export const DuplicatesNotice = ({
  duplicates,
  nameOf,
  onRemove,
  onDone,
}: DuplicatesNoticeProps) => {
  const [open, setOpen] = useState(() => duplicates.map((d) => d._id));
  const [busy, setBusy] = useState<string | null>(null);
  const settle = (id: string) => {
    const rest = open.filter((other) => other !== id);
    setOpen(rest);
    if (rest.length === 0) onDone();
  };
  const remove = (id: string) => {
    if (!onRemove) return;
    setBusy(id);
    onRemove([id])
      .then(() => {
        showToast('success', T.removed);
        settle(id);
      })
      .catch((error: unknown) => {
        showToast(
          'error',
          wasAnswered(error) ? GALLERY_MESSAGES.removeFailed : GALLERY_MESSAGES.removeError,
        );
      })
      .finally(() => {
        setBusy(null);
      });
  };
  const shown = duplicates.filter((d) => open.includes(d._id));
  if (shown.length === 0) return null;
  return (
    <section
      aria-labelledby="duplicates-heading"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <h3 id="duplicates-heading" className="font-semibold">
        {T.title}
      </h3>
      <p className="mt-1">{T.summary(shown.length)}</p>
      <ul className="mt-3 space-y-3">
        {shown.map((duplicate, index) => {
          const name = nameOf?.(duplicate._id) ?? `New image ${String(index + 1)}`;
          return (
            <li
              key={duplicate._id}
              aria-label={name}
              className="rounded-md border border-amber-200 bg-white p-3 dark:border-amber-500/30 dark:bg-slate-900"
            >
              <p className="font-medium text-slate-900 dark:text-white">{name}</p>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{T.alsoIn}</p>
              <ul className="mt-1 flex flex-wrap gap-3">
                {duplicate.matches.map((match) => (
                  <li key={match._id} className="flex items-center gap-2">
                    <img
                      src={match.url}
                      alt=""
                      loading="lazy"
                      className="size-10 rounded object-cover"
                    />
                    {match.link ? (
                      <Link
                        to={match.link}
                        className="text-teal-700 underline-offset-2 hover:underline dark:text-teal-300"
                      >
                        {match.ownerName}
                      </Link>
                    ) : (
                      <span className="text-slate-800 dark:text-slate-200">{match.ownerName}</span>
                    )}
                  </li>
                ))}
              </ul>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy !== null}
                  onClick={() => {
                    settle(duplicate._id);
                  }}
                >
                  {T.keep}
                </Button>
                {onRemove ? (
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={busy !== null}
                    onClick={() => {
                      remove(duplicate._id);
                    }}
                  >
                    {busy === duplicate._id ? 'Removing...' : T.remove}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
};
