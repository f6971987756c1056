import type { RevisionEntity } from '@safarnama/contract';
import { presenceText, useEditors, useHoldEditing } from './usePresence';

interface PresenceProps {
  entity: RevisionEntity;
  /** The record's id; none (a create form) holds and shows nothing. */
  id: string | null | undefined;
}

interface EditingNoteProps extends PresenceProps {
  /** false: only shows (a read-only view of the record); the form is not open here. */
  hold?: boolean;
  /** Extra classes while it shows (a margin where no `space-y` parent spaces it). */
  className?: string;
}

const Dot = () => (
  <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-amber-500" />
);

const NOTE =
  'flex items-center gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200';

/**
 * Inside an edit form (issue 21): says the form is open while it is mounted, and shows who else
 * has the record open ("Priya Shah is editing", or "You are editing this in another tab"). The
 * live region is always there (empty and visually hidden when nobody is), so a screen reader
 * hears when someone arrives.
 */
export const EditingNote = ({ entity, id, hold = true, className = '' }: EditingNoteProps) => {
  useHoldEditing(entity, hold ? id : null);
  const text = presenceText(useEditors(entity, id), true);
  return (
    // aria-live, not role="status": the forms' own status messages stay the only ones by role.
    <p aria-live="polite" className={text ? `${NOTE} ${className}` : 'sr-only'}>
      {text ? <Dot /> : null}
      {text}
    </p>
  );
};

/** On a list row: which other admins have that record's edit form open (nothing when none). */
export const EditingBadge = ({ entity, id }: PresenceProps) => {
  const text = presenceText(useEditors(entity, id), false);
  return text ? (
    <span className="mt-0.5 flex w-fit items-center gap-1 rounded bg-amber-100 px-1.5 text-[11px] font-normal text-amber-800 dark:bg-amber-400/15 dark:text-amber-200">
      <Dot />
      {text}
    </span>
  ) : null;
};
