import { useEffect, useRef } from 'react';
import { UNSAVED_CHANGES_TEXTS as T } from '@safarnama/contract';
import { LazyConfirmDialog } from './LazyConfirmDialog';

interface DiscardChangesDialogProps {
  open: boolean;
  /** 'Discard': throw the changes away and go on (close, navigate, sign out). */
  onDiscard: () => void;
  /** 'Keep editing' or Escape: stay with the changes. */
  onKeepEditing: () => void;
}

/**
 * 'Discard unsaved changes?' with 'Keep editing' and 'Discard' (issue 20): asked by a dirty
 * `Modal` before it closes and by the route guard before the admin leaves a dirty screen. Loaded
 * when it first opens (`LazyConfirmDialog`), so it weighs nothing on a page's first load.
 */
export const DiscardChangesDialog = ({
  open,
  onDiscard,
  onKeepEditing,
}: DiscardChangesDialogProps) => {
  // The confirm button also closes the dialog: that close is not a 'Keep editing' (it would
  // reset the route blocker that 'Discard' has just let through).
  const discarded = useRef(false);
  useEffect(() => {
    if (open) discarded.current = false;
  }, [open]);
  return (
    <LazyConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        if (discarded.current) discarded.current = false;
        else onKeepEditing();
      }}
      title={T.title}
      message={T.message}
      cancelLabel={T.keepEditing}
      confirmLabel={T.discard}
      onConfirm={() => {
        discarded.current = true;
        onDiscard();
      }}
    />
  );
};
