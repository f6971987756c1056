import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { isInToasts } from '../../lib/toast';
import { useReturnFocus } from '../../lib/useReturnFocus';
import {
  DiscardScopeContext,
  useUnsavedChanges,
  type DiscardScope,
} from '../../lib/useUnsavedChanges';
import { DiscardChangesDialog } from './DiscardChangesDialog';
import { preloadConfirmDialog } from './LazyConfirmDialog';

/**
 * A click, drag or focus on a toast is not "outside" the dialog: it stays open (issue 20). The
 * panel itself sits below the toasts on screen (`--toast-offset`, published by app/Toasts), so
 * toasts never cover its close button or its actions.
 */
const keepOpenForToasts = (event: { target: EventTarget | null; preventDefault: () => void }) => {
  if (isInToasts(event.target)) event.preventDefault();
};

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  size?: 'max-w-md' | 'max-w-lg' | 'max-w-2xl' | 'max-w-4xl';
  /**
   * The form in it holds unsaved changes (issue 20): closing (X, Escape, a click outside, the
   * form's Cancel) asks 'Discard unsaved changes?' first, and so do route changes and reloads.
   * Content inside can say so itself with `useUnsavedChanges`.
   */
  dirty?: boolean;
  /** Buttons beside the close button (e.g. an edit form's 'History'). */
  actions?: ReactNode;
}

/**
 * A dialog: focus trapped, closes on Escape, on clicking outside and with its close button; focus
 * then returns to what opened it. While it holds unsaved changes (`dirty`, or content that calls
 * `useUnsavedChanges`), each of those asks first; a clean one closes at once. Its content is the
 * scroll container (p-6): a form's `FormActions` stays in view at its bottom.
 */
export const Modal = ({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'max-w-lg',
  dirty = false,
  actions,
}: ModalProps) => {
  const returnFocus = useReturnFocus(open);
  // Dirty sources inside (`useUnsavedChanges`) and the close waiting for 'Discard'.
  const [dirtyInside, setDirtyInside] = useState(0);
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);
  const unsaved = open && (dirty || dirtyInside > 0);
  const unsavedRef = useRef(unsaved);
  useLayoutEffect(() => {
    unsavedRef.current = unsaved;
  });
  useUnsavedChanges(open && dirty);
  useEffect(() => {
    // The question's chunk, fetched once there is something to ask about.
    if (unsaved) preloadConfirmDialog().catch(() => undefined);
  }, [unsaved]);
  const scope = useMemo<DiscardScope>(
    () => ({
      register: () => {
        setDirtyInside((count) => count + 1);
        return () => {
          setDirtyInside((count) => count - 1);
        };
      },
      guard: (action) => {
        if (unsavedRef.current) setPendingClose(() => action);
        else action();
      },
    }),
    [],
  );
  return (
    <DiscardScopeContext.Provider value={scope}>
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          if (next) onOpenChange(true);
          else
            scope.guard(() => {
              onOpenChange(false);
            });
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] dark:bg-slate-950/70" />
          <Dialog.Content
            onCloseAutoFocus={returnFocus}
            onInteractOutside={keepOpenForToasts}
            {...(description ? {} : { 'aria-describedby': undefined })}
            className={`fixed top-[calc(50%+var(--toast-offset,0px)/2)] left-1/2 z-50 max-h-[calc(100dvh-2rem-var(--toast-offset,0px))] w-[calc(100%-2rem)] ${size} motion-safe:transition-[top,max-height] motion-safe:duration-200 -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none dark:border-slate-800 dark:bg-slate-900`}
          >
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
                {title}
              </Dialog.Title>
              {actions ? (
                <div className="-my-1 ml-auto flex shrink-0 items-center gap-2">{actions}</div>
              ) : null}
              <Dialog.Close
                aria-label="Close"
                className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
              >
                <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
                  <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                </svg>
              </Dialog.Close>
            </div>
            {description ? (
              <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {description}
              </Dialog.Description>
            ) : null}
            <div className="mt-4">{children}</div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <DiscardChangesDialog
        open={open && pendingClose !== null}
        onDiscard={() => {
          setPendingClose(null);
          pendingClose?.();
        }}
        onKeepEditing={() => {
          setPendingClose(null);
        }}
      />
    </DiscardScopeContext.Provider>
  );
};
