import { lazy, Suspense } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import type { DuplicatesNoticeProps } from './DuplicatesNotice';

const DuplicatesNotice = lazy(() =>
  loadWithTimeout(() => import('./DuplicatesNotice')).then((module) => ({
    default: module.DuplicatesNotice,
  })),
);

/** The duplicate-upload notice, loaded only when an upload answers duplicates (issue 24). */
export const LazyDuplicatesNotice = (props: DuplicatesNoticeProps) =>
  props.duplicates.length > 0 ? (
    <Suspense fallback={null}>
      <DuplicatesNotice {...props} />
    </Suspense>
  ) : null;
