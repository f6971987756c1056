import { lazy, Suspense } from 'react';
import { TOAST } from '@safarnama/contract';
import { loadToastify } from '../lib/toast';
import { useTheme } from './theme';

const ToastContainer = lazy(() =>
  loadToastify().then((module) => ({ default: module.ToastContainer })),
);

/** Toasts of spec §2/§9: top-right, 5000 ms, draggable by 80 %, in the app's theme. */
export const Toasts = () => {
  const { resolvedTheme } = useTheme();
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position={TOAST.position}
        autoClose={TOAST.autoCloseMs}
        draggable={TOAST.draggable}
        draggablePercent={TOAST.draggablePercent}
        theme={resolvedTheme}
        newestOnTop
      />
    </Suspense>
  );
};
