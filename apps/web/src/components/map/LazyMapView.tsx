import { lazy, Suspense } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import { useMapTileUrl } from '../../app/mapTiles';
import type { MapViewProps } from './MapView';

export type { MapViewProps } from './MapView';
export type { MapMarker, MapPoint } from './geometry';

/** Starts loading the map's chunk (Leaflet and its CSS) ahead of showing it. */
export const preloadMapView = () => loadWithTimeout(() => import('./MapView'));

const MapView = lazy(() => preloadMapView().then((module) => ({ default: module.MapView })));

/** The map's place while its chunk loads: same size and frame, so nothing jumps. */
const MapSkeleton = ({ label, className = 'h-72' }: Pick<MapViewProps, 'label' | 'className'>) => (
  <div
    aria-busy="true"
    className={`flex items-center justify-center rounded-md border border-slate-300 bg-slate-100 text-sm text-slate-500 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-400 ${className}`}
  >
    Loading {label.toLowerCase()}…
  </div>
);

/**
 * A map (issue 22), loaded on first use in its own chunk: Leaflet never enters the sign-in bundle
 * or a page's chunk. The tiles are the server's setting (`client-config` `mapTileUrl`); while it
 * is read, and when tiles are off, the markers and lines draw on a plain background.
 */
export const LazyMapView = (props: Omit<MapViewProps, 'tileUrl'>) => {
  const tileUrl = useMapTileUrl() ?? null;
  return (
    <Suspense fallback={<MapSkeleton label={props.label} className={props.className} />}>
      <MapView {...props} tileUrl={tileUrl} />
    </Suspense>
  );
};
