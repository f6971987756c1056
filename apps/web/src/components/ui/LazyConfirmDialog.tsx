import { lazy, Suspense, type ComponentProps } from 'react';
import { loadWithTimeout } from '../../app/lazy';

/** Starts loading the confirm dialog's chunk (Radix) ahead of need, e.g. when a switch turns on. */
export const preloadConfirmDialog = () => loadWithTimeout(() => import('./ConfirmDialog'));

const ConfirmDialog = lazy(() =>
  preloadConfirmDialog().then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * The confirm dialog, loaded only once it opens: pages whose chunk is near its budget (a form
 * with react-hook-form, the admin page) keep Radix's alert dialog out of their first load.
 */
export const LazyConfirmDialog = (props: ComponentProps<typeof ConfirmDialog>) =>
  props.open ? (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  ) : null;
