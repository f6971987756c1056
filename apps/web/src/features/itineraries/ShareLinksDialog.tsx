import { useId, useState, type FormEvent } from 'react';
import {
  SHARE_LINK_EXPIRY,
  SHARE_LINK_MESSAGES,
  SHARE_LINK_TEXTS as T,
  type ShareLink,
  type ShareLinkCreated,
  type ShareLinkStatus,
} from '@safarnama/contract';
import { Button, buttonClasses } from '../../components/ui/Button';
import { FormError, FormSelect, inputClasses, labelClasses } from '../../components/ui/Form';
import { LazyConfirmDialog } from '../../components/ui/LazyConfirmDialog';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { getErrorMessage } from '../../lib/errors';
import { formatDateTime, useDisplaySettings } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { useCan } from '../auth/useCan';
import {
  useCreateShareLinkMutation,
  useListShareLinksQuery,
  useRevokeShareLinkMutation,
  whatsappShareUrl,
} from './shareLinks.api';

/** What the dialog needs of an itinerary (a list row or the edit form's record). */
export interface ShareableItinerary {
  _id: string;
  title: string;
  isActive: boolean;
  visibility: string;
}

export interface ShareLinksDialogProps {
  /** The itinerary to share; null: the dialog is closed. */
  itinerary: ShareableItinerary | null;
  onClose(): void;
}

const EXPIRY_OPTIONS = SHARE_LINK_EXPIRY.choices.map((days) => ({
  value: String(days),
  label: T.expiryOption(days),
}));

const STATUS_CLASSES: Record<ShareLinkStatus, string> = {
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  expired: 'bg-slate-200 text-slate-700 dark:bg-slate-700/60 dark:text-slate-200',
  revoked: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
};

const noteClasses =
  'rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200';

/**
 * Issue 22, 'Share - <title>': make a link that opens the itinerary without an account (1, 7, 30
 * or 90 days), shown once with 'Copy link' and 'Share on WhatsApp', then the itinerary's links
 * with their status, expiry, views and 'Revoke' (asked first). Creating and revoking need
 * `itineraries.update`; only an active, public itinerary can be shared. Open it lazily:
 * `LazyShareLinksDialog`.
 */
export const ShareLinksDialog = ({ itinerary, onClose }: ShareLinksDialogProps) =>
  itinerary ? (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={T.title(itinerary.title)}
      size="max-w-2xl"
    >
      <ShareLinksPanel itinerary={itinerary} />
    </Modal>
  ) : null;

const ShareLinksPanel = ({ itinerary }: { itinerary: ShareableItinerary }) => {
  useDisplaySettings(); // dates follow the Basic Settings' time zone
  const canEdit = useCan('itineraries.update');
  const shareable = itinerary.isActive && itinerary.visibility === 'public';
  const [created, setCreated] = useState<ShareLinkCreated | null>(null);
  return (
    <div className="space-y-6">
      {!shareable ? <p className={noteClasses}>{T.notShareable}</p> : null}
      {canEdit && shareable ? (
        <CreateLinkForm itineraryId={itinerary._id} onCreated={setCreated} />
      ) : null}
      {!canEdit ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{T.noPermission}</p>
      ) : null}
      {created ? <CreatedLink link={created} title={itinerary.title} /> : null}
      <LinkList itineraryId={itinerary._id} canRevoke={canEdit} />
    </div>
  );
};

const CreateLinkForm = ({
  itineraryId,
  onCreated,
}: {
  itineraryId: string;
  onCreated: (link: ShareLinkCreated) => void;
}) => {
  const selectId = useId();
  const [days, setDays] = useState<number>(SHARE_LINK_EXPIRY.defaultDays);
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateShareLinkMutation();
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      onCreated(await create({ id: itineraryId, input: { expiresInDays: days } }).unwrap());
      showToast('success', SHARE_LINK_MESSAGES.created);
    } catch (err) {
      setError(getErrorMessage(err, 'Could not create the link. Please try again.'));
    }
  };
  return (
    <form
      onSubmit={(event) => {
        void handleSubmit(event);
      }}
      className="space-y-3"
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-40">
          <label htmlFor={selectId} className={labelClasses}>
            {T.expiryLabel}
          </label>
          <FormSelect
            id={selectId}
            value={String(days)}
            options={EXPIRY_OPTIONS}
            onChange={(event) => {
              setDays(Number(event.target.value));
            }}
          />
        </div>
        <Button type="submit" loading={isLoading}>
          {isLoading ? T.creating : T.create}
        </Button>
      </div>
      <FormError message={error} />
    </form>
  );
};

const CreatedLink = ({ link, title }: { link: ShareLinkCreated; title: string }) => {
  const inputId = useId();
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      showToast('success', T.copied);
    } catch {
      showToast('error', T.copyFailed);
    }
  };
  return (
    <section
      aria-label={T.urlLabel}
      className="space-y-3 rounded-lg border border-teal-200 bg-teal-50/60 p-4 dark:border-teal-900/60 dark:bg-teal-950/30"
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">{T.oneTimeNote}</p>
      <div>
        <label htmlFor={inputId} className={labelClasses}>
          {T.urlLabel}
        </label>
        <input
          id={inputId}
          readOnly
          value={link.url}
          className={inputClasses()}
          onFocus={(event) => {
            event.target.select();
          }}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => {
            void handleCopy();
          }}
        >
          {T.copy}
        </Button>
        <a
          className={buttonClasses('secondary')}
          href={whatsappShareUrl(T.whatsappText(title, link.url))}
          target="_blank"
          rel="noopener noreferrer"
        >
          {T.whatsapp}
        </a>
      </div>
    </section>
  );
};

const LinkList = ({ itineraryId, canRevoke }: { itineraryId: string; canRevoke: boolean }) => {
  const headingId = useId();
  const { data, error, isLoading } = useListShareLinksQuery(itineraryId);
  const [revoke] = useRevokeShareLinkMutation();
  const [asking, setAsking] = useState<ShareLink | null>(null);
  const handleRevoke = async (link: ShareLink) => {
    setAsking(null);
    try {
      await revoke({ id: itineraryId, linkId: link._id }).unwrap();
      showToast('success', SHARE_LINK_MESSAGES.revoked);
    } catch (err) {
      showToast('error', getErrorMessage(err, 'Could not revoke the link. Please try again.'));
    }
  };
  const links = data?.links ?? [];
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
        {T.listTitle}
      </h3>
      <p className="text-xs text-slate-500 dark:text-slate-400">{T.noUrlNote}</p>
      {isLoading ? <Spinner /> : null}
      {error ? <FormError message={getErrorMessage(error, T.loadFailed)} /> : null}
      {!isLoading && !error && links.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{T.empty}</p>
      ) : null}
      {links.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {links.map((link) => (
            <li key={link._id} className="flex flex-wrap items-start justify-between gap-3 p-3">
              <LinkSummary link={link} />
              {canRevoke && link.status === 'active' ? (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`${T.revoke} link created ${formatDateTime(link.createdAt)}`}
                  onClick={() => {
                    setAsking(link);
                  }}
                >
                  {T.revoke}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <LazyConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={T.revokeTitle}
        message={T.revokeConfirm}
        confirmLabel={T.revoke}
        onConfirm={() => {
          if (asking) void handleRevoke(asking);
        }}
      />
    </section>
  );
};

const LinkSummary = ({ link }: { link: ShareLink }) => {
  const when =
    link.status === 'revoked'
      ? `${T.revokedOn} ${formatDateTime(link.revokedAt)}`
      : `${link.status === 'expired' ? T.expired : T.expires} ${formatDateTime(link.expiresAt)}`;
  return (
    <div className="min-w-0 space-y-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[link.status]}`}
        >
          {T.statusLabels[link.status]}
        </span>
        <span className="text-slate-700 dark:text-slate-300">{when}</span>
      </div>
      <p className="text-slate-600 dark:text-slate-400">
        {T.views(link.views)}
        {link.lastViewedAt ? ` · ${T.lastViewed} ${formatDateTime(link.lastViewedAt)}` : ''}
      </p>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {T.createdBy} {link.createdBy.name || 'N/A'} · {formatDateTime(link.createdAt)}
      </p>
    </div>
  );
};
