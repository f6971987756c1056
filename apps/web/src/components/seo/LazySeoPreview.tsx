import { lazy, Suspense } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import type { SeoPreviewProps } from './SeoPreview';

export type { SeoPreviewProps } from './SeoPreview';

const SeoPreview = lazy(() =>
  loadWithTimeout(() => import('./SeoPreview')).then((module) => ({ default: module.SeoPreview })),
);

/**
 * The search preview and share card (issue 23), loaded on first use so the forms' chunks carry
 * only this wrapper (the itinerary form sits close to its 60 KB budget).
 */
export const LazySeoPreview = (props: SeoPreviewProps) => (
  <Suspense
    fallback={
      <div
        aria-busy="true"
        className="h-40 animate-pulse rounded-lg border border-dashed border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/40"
      >
        <span className="sr-only">Loading the search preview…</span>
      </div>
    }
  >
    <SeoPreview {...props} />
  </Suspense>
);
