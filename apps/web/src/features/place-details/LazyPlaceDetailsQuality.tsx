import { lazy, Suspense } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import type { PlaceDetailsQualityProps } from './PlaceDetailsQuality';

const PlaceDetailsQuality = lazy(() =>
  loadWithTimeout(() => import('./PlaceDetailsQuality')).then((module) => ({
    default: module.PlaceDetailsQuality,
  })),
);

/** The place-details form's live quality checks (issue 23), in their own chunk. */
export const LazyPlaceDetailsQuality = (props: PlaceDetailsQualityProps) => (
  <Suspense fallback={null}>
    <PlaceDetailsQuality {...props} />
  </Suspense>
);
