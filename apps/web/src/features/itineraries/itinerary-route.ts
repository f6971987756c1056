import {
  boundsOf,
  isMapPoint,
  type MapBounds,
  type MapMarker,
} from '../../components/map/geometry';

/** One stop of an itinerary's route: the place a day visits (issue 22). */
export interface RouteStop {
  day: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

export const stopTitle = (stop: Pick<RouteStop, 'day' | 'name'>) =>
  `Day ${String(stop.day)}: ${stop.name}`;

export interface Route {
  /** The stops on the map, numbered 1, 2, 3… in stop order: the markers and the line. */
  markers: (MapMarker & { stop: RouteStop })[];
  /** The stops whose place has no coordinates (listed under the map). */
  unmapped: RouteStop[];
}

/** Splits the stops into numbered markers (in their order) and the ones not on the map. */
export const routeOf = (stops: readonly RouteStop[]): Route => {
  const route: Route = { markers: [], unmapped: [] };
  stops.forEach((stop, index) => {
    const { latitude, longitude } = stop;
    if (latitude === null || longitude === null || !isMapPoint(latitude, longitude)) {
      route.unmapped.push(stop);
      return;
    }
    route.markers.push({
      key: `${String(index)}-${String(stop.day)}`,
      label: String(route.markers.length + 1),
      title: stopTitle(stop),
      latitude,
      longitude,
      stop,
    });
  });
  return route;
};

/** The box the route's view is fitted to; null when no stop is on the map. */
export const routeBounds = (stops: readonly RouteStop[]): MapBounds | null =>
  boundsOf(routeOf(stops).markers);
