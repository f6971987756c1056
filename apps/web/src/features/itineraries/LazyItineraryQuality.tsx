import { lazy, Suspense } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import type { ItineraryQualityProps } from './ItineraryQuality';

const ItineraryQuality = lazy(() =>
  loadWithTimeout(() => import('./ItineraryQuality')).then((module) => ({
    default: module.ItineraryQuality,
  })),
);

/** The form's live quality checks (issue 23) in their own chunk (the form's is near its budget). */
export const LazyItineraryQuality = (props: ItineraryQualityProps) => (
  <Suspense fallback={null}>
    <ItineraryQuality {...props} />
  </Suspense>
);
