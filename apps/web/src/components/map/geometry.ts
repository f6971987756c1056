/**
 * The pure part of the maps (no Leaflet here, so it is testable in jsdom and costs the pages that
 * import it nothing): points, bounds, marker markup and the tiles' attribution.
 */

/** A WGS 84 position in degrees. */
export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** A numbered marker: `label` is drawn on it (a number), `title` is its tooltip and name. */
export interface MapMarker extends MapPoint {
  key: string;
  label: string;
  title: string;
}

/** South-west and north-east corners, as Leaflet's `fitBounds` takes them. */
export type MapBounds = [[number, number], [number, number]];

export const isMapPoint = (latitude: unknown, longitude: unknown): boolean =>
  typeof latitude === 'number' &&
  typeof longitude === 'number' &&
  Number.isFinite(latitude) &&
  Number.isFinite(longitude) &&
  Math.abs(latitude) <= 90 &&
  Math.abs(longitude) <= 180;

/** The smallest box holding every point; null for none. */
export const boundsOf = (points: readonly MapPoint[]): MapBounds | null => {
  if (points.length === 0) return null;
  let [south, west, north, east] = [90, 180, -90, -180];
  for (const { latitude, longitude } of points) {
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
  }
  return [
    [south, west],
    [north, east],
  ];
};

/**
 * A longitude back in −180…180: a map panned across the date line reports clicks at 190° or
 * −200°, which no place has (the server refuses them).
 */
export const wrapLongitude = (longitude: number): number => {
  if (longitude >= -180 && longitude <= 180) return longitude;
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
};

/** Six decimals (about 0.1 m): what a click means, without a float's noise. */
export const roundCoordinate = (value: number): number => Math.round(value * 1e6) / 1e6;

/** A clicked or dragged position as a place's coordinates. */
export const toPlacePoint = (latitude: number, longitude: number): MapPoint => ({
  latitude: roundCoordinate(Math.max(-90, Math.min(90, latitude))),
  longitude: roundCoordinate(wrapLongitude(longitude)),
});

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The pixel size of a marker (Leaflet's `iconSize`; its anchor is the centre). */
export const MARKER_SIZE = 28;

/**
 * The markup inside a marker: its number in a round badge, teal on white in the light theme and
 * on the dark page colour in the dark one (readable over tiles and over the plain background).
 */
export const markerHtml = (label: string): string =>
  `<span class="flex size-7 items-center justify-center rounded-full border-2 border-white bg-teal-700 text-xs font-semibold text-white shadow-md ring-1 ring-slate-900/20 dark:border-slate-950 dark:bg-teal-400 dark:text-slate-950 dark:ring-white/30" aria-hidden="true">${escapeHtml(label)}</span>`;

/** Every marker has this class (e2e counts them). */
export const MARKER_CLASS = 'route-marker';

export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** The attribution the tiles need: OpenStreetMap's for its tile servers, else none known. */
export const tileAttribution = (tileUrl: string | null): string | null => {
  if (!tileUrl) return null;
  const host = /^https?:\/\/([^/?#]+)/.exec(tileUrl)?.[1]?.toLowerCase() ?? '';
  return host === 'openstreetmap.org' || host.endsWith('.openstreetmap.org')
    ? OSM_ATTRIBUTION
    : null;
};
