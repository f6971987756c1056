import { lazy, Suspense } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import type { BlogQualityProps } from './BlogQuality';

const BlogQuality = lazy(() =>
  loadWithTimeout(() => import('./BlogQuality')).then((module) => ({
    default: module.BlogQuality,
  })),
);

/** The blog form's live quality checks (issue 23), in their own chunk. */
export const LazyBlogQuality = (props: BlogQualityProps) => (
  <Suspense fallback={null}>
    <BlogQuality {...props} />
  </Suspense>
);
