import { LazyMapView } from '../../components/map/LazyMapView';
import { routeOf, type RouteStop } from './itinerary-route';

export type { RouteStop } from './itinerary-route';

export interface ItineraryRouteMapProps {
  stops: readonly RouteStop[];
}

/** Where the map would look with no stop on it (never shown: no stop, no map). */
const EMPTY_VIEW = { center: { latitude: 22.5, longitude: 79 }, zoom: 4 };
/** The closest the fitted view goes (one stop, or stops in one town). */
const STOP_ZOOM = 11;

const mutedClasses = 'text-sm text-slate-500 dark:text-slate-400';

/**
 * An itinerary's route (issue 22): a numbered marker per stop that has coordinates (1, 2, 3… in
 * stop order, tooltip 'Day N: name'), joined by a line in that order, the view fitted to them.
 * The canvas is not accessible, so the same stops are an ordered list beside it (also the map's
 * legend); stops without coordinates are named under it. Load it through `LazyItineraryRouteMap`.
 */
export const ItineraryRouteMap = ({ stops }: ItineraryRouteMapProps) => {
  if (stops.length === 0) {
    return <p className={mutedClasses}>Add places to the days to see the route.</p>;
  }
  const { markers, unmapped } = routeOf(stops);
  return (
    <div className="space-y-3">
      {markers.length > 0 ? (
        <>
          <LazyMapView
            label="Route map"
            className="h-80"
            markers={markers}
            line
            emptyView={EMPTY_VIEW}
            pointZoom={STOP_ZOOM}
            follow="fit"
          />
          <ol aria-label="Route stops" className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm">
            {markers.map((marker) => (
              <li key={marker.key} className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="flex size-5 items-center justify-center rounded-full bg-teal-700 text-[0.6875rem] font-semibold text-white dark:bg-teal-400 dark:text-slate-950"
                >
                  {marker.label}
                </span>
                <span className="text-slate-700 dark:text-slate-300">{marker.title}</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {unmapped.length > 0 ? (
        <ul aria-label="Stops not on the map" className={`space-y-0.5 ${mutedClasses}`}>
          {unmapped.map((stop, index) => (
            <li key={`${String(index)}-${String(stop.day)}`}>
              Not on the map: {stop.name} (day {stop.day})
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};
