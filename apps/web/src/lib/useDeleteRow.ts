import { useState } from 'react';
import { DELETE_TEXTS, dependantsOf } from '@safarnama/contract';
import type { DeleteRefusal, DependantsDialogProps } from '../components/ui/DependantsDialog';
import { getErrorEnvelope } from './errors';
import { useRowAction, type RowAction } from './useListPage';

interface DeleteRowOptions<TRow> {
  /** The call, e.g. `(row) => remove(row._id).unwrap()`; a text answer is the success toast. */
  run: (row: TRow) => Promise<unknown>;
  /** What the row is ('Country'), for the confirmation and the toasts. */
  noun: string;
  /** What a person calls the row ('Goa'). */
  name: (row: TRow) => string;
}

export interface DeleteRow<TRow> extends RowAction<TRow> {
  /** Spread on a `LazyDependantsDialog` (closed until a delete is refused). */
  refusalDialog: DependantsDialogProps;
}

/**
 * A row's guarded delete (issue 20): 'Delete <name>?' first, a toast on success (the list reloads
 * through the mutation's tags), and when the server refuses because other records depend on the
 * row (409 with `data.dependants`), a dialog listing them instead of a toast. Other failures toast.
 */
export const useDeleteRow = <TRow extends { _id: string }>({
  run,
  noun,
  name,
}: DeleteRowOptions<TRow>): DeleteRow<TRow> => {
  const [refusal, setRefusal] = useState<DeleteRefusal | null>(null);
  const action = useRowAction<TRow>({
    run,
    confirm: {
      title: DELETE_TEXTS.confirmTitle(noun),
      message: (row) => DELETE_TEXTS.confirm(name(row)),
    },
    success: DELETE_TEXTS.deleted(noun),
    failure: DELETE_TEXTS.failed(noun),
    onError: (error, row) => {
      const envelope = getErrorEnvelope(error);
      const dependants = envelope?.status === 409 ? dependantsOf(envelope) : null;
      if (!envelope || !dependants) return false;
      setRefusal({ name: name(row), message: envelope.message, dependants });
      return true;
    },
  });
  return {
    ...action,
    refusalDialog: {
      refusal,
      onClose: () => {
        setRefusal(null);
      },
    },
  };
};
