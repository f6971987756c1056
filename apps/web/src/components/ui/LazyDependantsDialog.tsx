import { lazy, Suspense } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import type { DependantsDialogProps } from './DependantsDialog';

const DependantsDialog = lazy(() =>
  loadWithTimeout(() => import('./DependantsDialog')).then((module) => ({
    default: module.DependantsDialog,
  })),
);

/**
 * The refused-delete dialog, loaded only once a delete is refused: the list pages keep Radix's
 * dialog out of their first load.
 */
export const LazyDependantsDialog = (props: DependantsDialogProps) =>
  props.refusal ? (
    <Suspense fallback={null}>
      <DependantsDialog {...props} />
    </Suspense>
  ) : null;
