import { lazy, Suspense } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import type { ItineraryRouteMapProps } from './ItineraryRouteMap';

export type { ItineraryRouteMapProps, RouteStop } from './ItineraryRouteMap';

/** Starts loading the route map's chunk (the map itself follows in Leaflet's own chunk). */
export const preloadItineraryRouteMap = () => loadWithTimeout(() => import('./ItineraryRouteMap'));

const ItineraryRouteMap = lazy(() =>
  preloadItineraryRouteMap().then((module) => ({ default: module.ItineraryRouteMap })),
);

/**
 * An itinerary's route map (issue 22), loaded on first use: the itinerary form carries only this
 * wrapper, never the route map, its helpers or Leaflet.
 */
export const LazyItineraryRouteMap = (props: ItineraryRouteMapProps) => (
  <Suspense
    fallback={
      props.stops.length > 0 ? (
        <div
          aria-busy="true"
          className="h-80 animate-pulse rounded-md border border-slate-300 bg-slate-100 dark:border-slate-700 dark:bg-slate-800"
        >
          <span className="sr-only">Loading the route map…</span>
        </div>
      ) : null
    }
  >
    <ItineraryRouteMap {...props} />
  </Suspense>
);
