import { Link } from 'react-router';
import {
  DEPENDANT_LABELS,
  MEDIA_USAGE_TEXTS as T,
  usedInText,
  type MediaUsage,
} from '@safarnama/contract';
import { AlertDialog, AlertDialogAction, AlertDialogCancel } from '../../components/ui/AlertDialog';
import { buttonClasses } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useGetImageLibraryUsageQuery, useGetImageUsageQuery } from './mediaUsage.api';

/** What is about to be deleted: one image, or a library with its images. */
export type UsageTarget = { kind: 'image'; id: string } | { kind: 'library'; id: string };

export interface UsageConfirmDialogProps {
  /** Null: closed. */
  target: UsageTarget | null;
  title: string;
  /** The question when nothing uses it (the spec's confirmation). */
  message: string;
  /** The question when something does ('Delete this image and remove these references?'). */
  inUseMessage: string;
  confirmLabel?: string;
  /** Holds the delete permission that may remove the references (`?force=true`). */
  canForce: boolean;
  /** `force`: the usage listed uses, so the delete must remove them. */
  onConfirm: (force: boolean) => void;
  onClose: () => void;
}

const useUsage = (target: UsageTarget) => {
  const options = { refetchOnMountOrArgChange: true } as const;
  const image = useGetImageUsageQuery(target.id, { ...options, skip: target.kind !== 'image' });
  const library = useGetImageLibraryUsageQuery(target.id, {
    ...options,
    skip: target.kind !== 'library',
  });
  return target.kind === 'image' ? image : library;
};

/** "Used in N places" and the list, each use a link to the page that holds it. */
export const UsageList = ({
  usage,
  canForce,
  onNavigate,
}: {
  usage: MediaUsage;
  canForce: boolean;
  /** A link was followed (the dialog closes). */
  onNavigate?: () => void;
}) => {
  if (usage.count === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">{T.notUsed}</p>;
  }
  return (
    <section aria-labelledby="usage-heading" className="space-y-2">
      <h3 id="usage-heading" className="text-sm font-semibold text-amber-800 dark:text-amber-300">
        <span aria-hidden="true">⚠ </span>
        {usedInText(usage.count)}
      </h3>
      <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700">
        {usage.items.map((item, index) => (
          <li
            key={`${item.kind}:${item._id}:${item.field ?? ''}:${String(index)}`}
            className="flex flex-wrap items-baseline justify-between gap-x-2"
          >
            <Link
              to={item.link}
              onClick={onNavigate}
              className="font-medium break-words text-teal-700 underline-offset-2 hover:underline dark:text-teal-400"
            >
              {item.name}
            </Link>
            <span className="text-xs text-slate-500 dark:text-slate-400">
              {DEPENDANT_LABELS[item.kind][0]}
            </span>
          </li>
        ))}
      </ul>
      <p
        className={
          canForce
            ? 'text-sm text-slate-700 dark:text-slate-300'
            : 'text-sm text-red-700 dark:text-red-400'
        }
      >
        {canForce ? T.willRemove : T.cannotForce}
      </p>
    </section>
  );
};

const UsageConfirmOpen = ({
  target,
  title,
  message,
  inUseMessage,
  confirmLabel = 'Delete',
  canForce,
  onConfirm,
  onClose,
}: UsageConfirmDialogProps & { target: UsageTarget }) => {
  const { data, isFetching, isError } = useUsage(target);
  const usage = isFetching ? undefined : data?.usage;
  const inUse = (usage?.count ?? 0) > 0;
  // While it loads the admin waits; unread (an error) the plain delete may still be refused.
  const blocked = isFetching || (inUse && !canForce);
  let body;
  if (isFetching) {
    body = (
      <p className="mt-4 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <Spinner className="size-4 text-teal-600 dark:text-teal-400" />
        {T.checking}
      </p>
    );
  } else if (usage) {
    body = (
      <div className="mt-4">
        {usage.owner ? (
          <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
            {T.ownerLine(usage.owner.name)}
          </p>
        ) : null}
        <UsageList usage={usage} canForce={canForce} onNavigate={onClose} />
      </div>
    );
  } else if (isError) {
    body = <p className="mt-4 text-sm text-amber-800 dark:text-amber-300">{T.unknown}</p>;
  }
  return (
    <AlertDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={inUse ? inUseMessage : message}
      body={body}
    >
      <AlertDialogCancel className={buttonClasses('secondary')}>Cancel</AlertDialogCancel>
      <AlertDialogAction
        className={buttonClasses('danger')}
        disabled={blocked}
        title={inUse && !canForce ? T.cannotForce : undefined}
        onClick={() => {
          onConfirm(inUse);
        }}
      >
        {confirmLabel}
      </AlertDialogAction>
    </AlertDialog>
  );
};

/**
 * The confirmation before deleting an image or a library (issue 24): it reads where the thing is
 * used and shows "Used in N places" with the list (links) inside the question; when N > 0 the
 * question says the references will be removed and the delete is sent with `force`, or, for an
 * admin without the delete permission, the button stays disabled and says why.
 */
export const UsageConfirmDialog = (props: UsageConfirmDialogProps) =>
  props.target ? <UsageConfirmOpen {...props} target={props.target} /> : null;
