import type { ReactNode } from 'react';
import { AlertDialog, AlertDialogAction, AlertDialogCancel } from './AlertDialog';
import { buttonClasses } from './Button';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, e.g. spec §8's delete confirmations. */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions (the default). */
  destructive?: boolean;
  onConfirm: () => void;
}

/** Asks before an action: focus trapped, Escape or Cancel says no, clicking outside does nothing. */
export const ConfirmDialog = ({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  destructive = true,
  onConfirm,
}: ConfirmDialogProps) => (
  <AlertDialog open={open} onOpenChange={onOpenChange} title={title} description={message}>
    <AlertDialogCancel className={buttonClasses('secondary')}>{cancelLabel}</AlertDialogCancel>
    <AlertDialogAction
      className={buttonClasses(destructive ? 'danger' : 'primary')}
      onClick={onConfirm}
    >
      {confirmLabel}
    </AlertDialogAction>
  </AlertDialog>
);
