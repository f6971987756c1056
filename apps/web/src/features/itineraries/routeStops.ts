import type { Itinerary, ItineraryPlace } from '@safarnama/contract';
import type { RouteStop } from './itinerary-route';

export type { RouteStop };

/**
 * A place a day visits as the form knows it (issue 22): its name and coordinates, kept from the
 * saved record's `dailyItinerary[i].places` and from every place picked in the form, so the route
 * can be drawn before the itinerary is saved.
 */
export type PickedPlace = ItineraryPlace;

/** The form-side cache of picked places, by id. */
export type PlaceCache = Readonly<Record<string, PickedPlace>>;

/** The text a place the cache does not know reads as (it never is: the form fills the cache). */
export const UNKNOWN_PLACE = 'Unknown place';

/**
 * The route of the plan: the days in order, each day's places in its order (day = index + 1).
 * A place the cache lacks still counts as a stop, without coordinates, so the numbering of the
 * day is kept; the map leaves out stops without coordinates.
 */
export const routeStopsOf = (
  days: readonly { placeIds?: readonly string[] | undefined }[],
  placesById: PlaceCache,
): RouteStop[] =>
  days.flatMap((day, index) =>
    (day.placeIds ?? []).map((id): RouteStop => {
      const place = placesById[id];
      return {
        day: index + 1,
        name: place?.name ?? UNKNOWN_PLACE,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
      };
    }),
  );

/** The places a saved record's days name (the answer's `dailyItinerary[i].places`), by id. */
export const placesOfRecord = (record: Pick<Itinerary, 'dailyItinerary'> | null): PlaceCache => {
  const cache: Record<string, PickedPlace> = {};
  for (const day of record?.dailyItinerary ?? []) {
    for (const place of day.places ?? []) {
      cache[place._id] = {
        _id: place._id,
        name: place.name,
        latitude: place.latitude,
        longitude: place.longitude,
      };
    }
  }
  return cache;
};
