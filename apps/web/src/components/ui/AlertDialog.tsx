import type { ReactNode } from 'react';
import { AlertDialog as Primitive } from 'radix-ui';
import { useReturnFocus } from '../../lib/useReturnFocus';

interface AlertDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The action buttons; wrap the closing one in `AlertDialogAction` or `AlertDialogCancel`. */
  children: ReactNode;
  /** When false, Escape does not close it either (clicking outside never does). */
  dismissible?: boolean;
  /** Content between the description and the buttons (lists, which a description cannot hold). */
  body?: ReactNode;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A modal that demands an answer: focus is trapped, clicking outside does nothing, and with
 * `dismissible={false}` Escape does nothing either.
 */
export const AlertDialog = ({
  open,
  title,
  description,
  children,
  dismissible = true,
  onOpenChange,
  body,
}: AlertDialogProps) => {
  const returnFocus = useReturnFocus(open);
  const handleEscape = (event: KeyboardEvent): void => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Primitive.Root open={open} onOpenChange={onOpenChange}>
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] dark:bg-slate-950/70" />
        <Primitive.Content
          onEscapeKeyDown={handleEscape}
          onCloseAutoFocus={returnFocus}
          className="fixed top-[calc(50%+var(--toast-offset,0px)/2)] left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none dark:border-slate-800 dark:bg-slate-900"
        >
          <Primitive.Title className="text-lg font-semibold text-slate-900 dark:text-white">
            {title}
          </Primitive.Title>
          <Primitive.Description className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {description}
          </Primitive.Description>
          {body}
          <div className="mt-6 flex justify-end gap-3">{children}</div>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
};

export const AlertDialogAction = Primitive.Action;
export const AlertDialogCancel = Primitive.Cancel;
