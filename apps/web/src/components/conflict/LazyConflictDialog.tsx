import { lazy, Suspense, type ComponentType } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import type { ConflictDialogProps } from './ConflictDialog';

const ConflictDialog = lazy(() =>
  loadWithTimeout(() => import('./ConflictDialog')).then((module) => ({
    default: module.ConflictDialog as ComponentType<ConflictDialogProps<object>>,
  })),
);

/**
 * The edit-conflict dialog (issue 21), loaded only when a save is refused as stale: the forms and
 * the homepage page (its chunk near its budget) keep it, and Radix's dialog, out of their first
 * load. `dialog` null draws nothing.
 */
export const LazyConflictDialog = <V extends object>({
  dialog,
}: {
  dialog: ConflictDialogProps<V> | null;
}) =>
  dialog ? (
    <Suspense fallback={null}>
      <ConflictDialog {...(dialog as unknown as ConflictDialogProps<object>)} />
    </Suspense>
  ) : null;
