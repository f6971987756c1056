import { lazy, Suspense } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import type { FocalPointDialogProps } from './FocalPointDialog';

const FocalPointDialog = lazy(() =>
  loadWithTimeout(() => import('./FocalPointDialog')).then((module) => ({
    default: module.FocalPointDialog,
  })),
);

/** The focal-point editor (issue 24), loaded when an admin opens it. */
export const LazyFocalPointDialog = (props: FocalPointDialogProps | { image: null }) =>
  props.image ? (
    <Suspense fallback={null}>
      <FocalPointDialog {...(props as FocalPointDialogProps)} />
    </Suspense>
  ) : null;
