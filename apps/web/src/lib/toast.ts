import type { ToastOptions } from 'react-toastify';

/**
 * Toasts without react-toastify in the first bundle: the library (and its container) load in the
 * background after the first paint, and a toast raised before that waits for it.
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export const loadToastify = () => import('react-toastify');

export const showToast = (kind: ToastKind, message: string, options?: ToastOptions): void => {
  void loadToastify().then(({ toast }) => {
    toast[kind](message, options);
  });
};
