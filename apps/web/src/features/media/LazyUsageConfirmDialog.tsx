import { lazy, Suspense } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import type { UsageConfirmDialogProps } from './UsageConfirmDialog';

const UsageConfirmDialog = lazy(() =>
  loadWithTimeout(() => import('./UsageConfirmDialog')).then((module) => ({
    default: module.UsageConfirmDialog,
  })),
);

/**
 * The "where used" confirmation (issue 24), loaded only once a delete is asked: the gallery
 * managers, the image manager and the libraries page keep it out of their chunks.
 */
export const LazyUsageConfirmDialog = (props: UsageConfirmDialogProps) =>
  props.target ? (
    <Suspense fallback={null}>
      <UsageConfirmDialog {...props} />
    </Suspense>
  ) : null;
