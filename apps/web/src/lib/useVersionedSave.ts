import { createElement, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import type { EditConflict } from '@safarnama/contract';
import type { ConflictDialogProps } from '../components/conflict/ConflictDialog';
import type { ConflictField } from '../components/conflict/conflictFields';
import { LazyConflictDialog } from '../components/conflict/LazyConflictDialog';
import { getErrorEnvelope, toastError } from './errors';
import { sameValues } from './useUnsavedChanges';

/**
 * The `data` of a 409 `EDIT_CONFLICT` (issue 21), or null for any other failure. A structural
 * check, not the contract's zod schema: the forms' chunks stay free of it.
 */
export const editConflictOf = (error: unknown): EditConflict | null => {
  const envelope = getErrorEnvelope(error);
  if (envelope?.code !== 'EDIT_CONFLICT') return null;
  const data = envelope.data as Partial<EditConflict> | null | undefined;
  return typeof data?.currentVersion === 'number' &&
    typeof data.current === 'object' &&
    data.current !== null
    ? (data as EditConflict)
    : null;
};

/** What the conflict handling needs of a form, whatever holds its values. */
export interface VersionedForm<V> {
  /** The values the admin has now (what the refused save sent). */
  current: () => V;
  /** The values the form was opened (or last reset) with. */
  opened: () => V;
  /** Puts values in the form: `theirs` becomes what it was opened with, `values` what it holds. */
  apply: (theirs: V, values: V) => void;
  /** Saves `values` again through the form's own submit (its checks, messages and close). */
  resubmit: (values: V) => unknown;
}

export interface VersionedSaveOptions<V> extends VersionedForm<V> {
  /**
   * The record's version when the form opened. Read once: a list refetched meanwhile must not
   * move it, or a save would silently go over someone else's.
   */
  version: number | undefined;
  /** The record in the dialog's title: 'itinerary' → 'Someone else saved this itinerary'. */
  noun: string;
  /** The rows of the dialog, in the form's order, with readable labels. */
  fields: readonly ConflictField<V>[];
  /** Their record (`data.current` of the 409) as form values: the form's record-to-values. */
  toValues: (current: EditConflict['current']) => V | Promise<V>;
}

export interface VersionedSave {
  /** The version the next save sends (`If-Match`). */
  version: () => number | undefined;
  /** After a save that keeps the form open: the version the server answered. */
  saved: (version: number | undefined) => void;
  /** In the save's failure handler: true when it was an edit conflict, now in the dialog's hands. */
  caught: (error: unknown) => boolean;
  /** The dialog (nothing until a conflict): render it inside the form's modal or page. */
  dialog: ReactNode;
}

/**
 * A react-hook-form form as a `VersionedForm`: `apply` resets the form to their values (so
 * "unsaved changes" counts from their record) and sets this admin's on top, as dirty.
 */
export const formSide = <V extends FieldValues, R>(
  form: UseFormReturn<V, unknown, R>,
  resubmit: () => unknown,
): VersionedForm<V> => ({
  current: () => form.getValues(),
  opened: () => form.formState.defaultValues as V,
  apply: (theirs, values) => {
    form.reset(theirs);
    for (const key of Object.keys(values) as (keyof V & string)[]) {
      if (sameValues(values[key], theirs[key])) continue;
      form.setValue(key as Path<V>, values[key] as PathValue<V, Path<V>>, { shouldDirty: true });
    }
  },
  resubmit,
});

/**
 * One way the versioned forms (itinerary, blog, place details, image library, homepage) save
 * (issue 21): each save sends the version the form was opened with; a 409 `EDIT_CONFLICT` opens
 * the conflict dialog with their record as form values. 'Take theirs' puts their values in the
 * form; 'Keep mine' / 'Save merged' save again against their version, and a newer conflict opens
 * the dialog again. When nothing the form holds differs from theirs (they changed the status or
 * the gallery), the dialog shows nothing and saves again at once. What compares and merges values
 * lives in the dialog's lazy chunk (`conflictFields.ts`): the pages load only this hook.
 */
export const useVersionedSave = <V extends object>(
  options: VersionedSaveOptions<V>,
): VersionedSave => {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const version = useRef(options.version);
  const [dialog, setDialog] = useState<ConflictDialogProps<V> | null>(null);

  /** Their version from now on; the form gets `values` (null: theirs) and saves them again. */
  const settle = (conflict: EditConflict, theirs: V, values: V | null) => {
    setDialog(null);
    version.current = conflict.currentVersion;
    latest.current.apply(theirs, values ?? theirs);
    // After the refused submit has finished (a form ignores a submit while one is pending).
    if (values) setTimeout(() => void latest.current.resubmit(values), 0);
  };

  const caught = (error: unknown): boolean => {
    const conflict = editConflictOf(error);
    if (!conflict) return false;
    const form = latest.current;
    const mine = form.current();
    const opened = form.opened();
    // A record the form cannot read (a throw in `toValues`) ends in the toast, not a crash.
    new Promise<V>((resolve) => {
      resolve(form.toValues(conflict.current));
    }).then(
      (theirs) => {
        // One decision per conflict (a double click, or an effect run twice, settles once).
        let open = true;
        const decide = (values: V | null) => {
          if (open) settle(conflict, theirs, values);
          open = false;
        };
        setDialog({
          noun: form.noun,
          conflict,
          theirs,
          mine,
          opened,
          fields: form.fields,
          onTakeTheirs: () => {
            decide(null);
          },
          onSave: (mineKeys) => {
            const merged = { ...theirs };
            for (const key of mineKeys) merged[key] = mine[key];
            decide(merged);
          },
          onCancel: () => {
            open = false;
            setDialog(null);
          },
        });
      },
      (loadError: unknown) => {
        toastError(loadError, 'The saved version could not be loaded. Please try again.');
      },
    );
    return true;
  };

  return {
    version: () => version.current,
    saved: (next) => {
      version.current = next;
    },
    caught,
    dialog: createElement(LazyConflictDialog<V>, {
      key: dialog?.conflict.currentVersion ?? 0,
      dialog,
    }),
  };
};
