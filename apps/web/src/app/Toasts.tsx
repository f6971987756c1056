import { lazy, Suspense } from 'react';

/** The toast stack (`ToastStack.tsx` with react-toastify), loaded in the background after the first paint. */
const ToastStack = lazy(() =>
  import('./ToastStack').then((module) => ({ default: module.ToastStack })),
);

/** Toasts of spec §2/§9, mounted once by the providers (see ToastStack.tsx for what they do). */
export const Toasts = () => (
  <Suspense fallback={null}>
    <ToastStack />
  </Suspense>
);
