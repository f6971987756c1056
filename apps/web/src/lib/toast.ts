import type { ToastOptions } from 'react-toastify';

/**
 * Toasts without react-toastify in the first bundle: the library (and its container) load in the
 * background after the first paint, and a toast raised before that waits for it.
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export const loadToastify = () => import('react-toastify');

/**
 * How a toast is announced: errors interrupt (`alert`, assertive), the rest wait their turn
 * (`status`, polite), as WCAG 4.1.3 asks of status messages.
 */
export const toastRole = (kind: ToastKind): 'alert' | 'status' =>
  kind === 'error' ? 'alert' : 'status';

export const showToast = (kind: ToastKind, message: string, options?: ToastOptions): void => {
  void loadToastify().then(({ toast }) => {
    toast[kind](message, { role: toastRole(kind), ...options });
  });
};

/**
 * Whether an event happened on a toast: a modal dialog lets toasts be clicked, dragged and closed
 * without taking that for a click outside it (which would close it).
 */
export const isInToasts = (target: EventTarget | null): boolean =>
  target instanceof Element && target.closest('.Toastify') !== null;
