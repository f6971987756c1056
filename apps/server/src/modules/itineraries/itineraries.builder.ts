import { and, eq, inArray } from 'drizzle-orm';
import {
  fromPrice,
  GST_DEFAULT,
  ITINERARY_MESSAGES as M,
  type GstSettings,
  type Itinerary,
  type MonthCode,
  type PriceBand,
} from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import { images, type DayPlan } from '../../db/schema/index.js';
import type { FieldError } from '@safarnama/contract';
import { ValidationError } from '../../http/errors.js';
import { isUuid } from '../../http/form-fields.js';
import {
  findDayPlaces,
  type BuilderFields,
  type DayPlaceRow,
  type ItineraryValues,
} from './itineraries.repo.js';
import type { ItineraryInputData } from './itineraries.service.js';

/**
 * Issue 22, the itinerary builder's rules on the server: the days' places must be our place
 * records and a day's image one of the itinerary's gallery images (400 naming the field), the
 * builder's top-level fields are kept when an update leaves them out, and what an answer shows
 * (the days' places with names and coordinates, the GST settings, `fromPrice`).
 */

const GALLERY = 'itinerary-gallery';

/** The builder's columns as a save stores them (days included). */
export type BuilderValues = Pick<
  ItineraryValues,
  | 'dailyItinerary'
  | 'highlights'
  | 'inclusions'
  | 'exclusions'
  | 'priceBands'
  | 'gstRate'
  | 'gstIncluded'
>;

/**
 * The days and the builder's fields of a save. `stored` is the row's current builder fields on an
 * update (absent input fields keep them), null on a create; `itineraryId` names the gallery a
 * day's image must come from (null on a create: no gallery yet, so no day image).
 */
export const builderValues = async (
  tx: Executor,
  input: ItineraryInputData,
  stored: BuilderFields | null,
  itineraryId: string | null,
): Promise<BuilderValues> => {
  const errors: FieldError[] = [];
  const days = input.dailyItinerary;

  const wantedPlaces = [...new Set(days.flatMap((day) => day.placeIds))];
  const known = new Set(
    (
      await findDayPlaces(
        tx,
        wantedPlaces.filter((id) => isUuid(id)),
      )
    ).map((p) => p.id),
  );
  const wantedImages = [
    ...new Set(days.flatMap((day) => (day.imageId ? [day.imageId] : []))),
  ].filter((id) => isUuid(id));
  const gallery = new Set(
    itineraryId && wantedImages.length > 0
      ? (
          await tx
            .select({ id: images.id })
            .from(images)
            .where(
              and(
                eq(images.ownerType, GALLERY),
                eq(images.ownerId, itineraryId),
                inArray(images.id, wantedImages),
              ),
            )
        ).map((row) => row.id)
      : [],
  );
  days.forEach((day, d) => {
    day.placeIds.forEach((placeId, p) => {
      if (!known.has(placeId)) {
        errors.push({
          path: `dailyItinerary.${String(d)}.placeIds.${String(p)}`,
          message: M.unknownPlace,
        });
      }
    });
    if (day.imageId && !gallery.has(day.imageId)) {
      errors.push({ path: `dailyItinerary.${String(d)}.imageId`, message: M.dayImageNotInGallery });
    }
  });
  if (errors.length > 0) throw new ValidationError(errors);

  const gst =
    input.gst ?? (stored ? { rate: stored.gstRate, included: stored.gstIncluded } : GST_DEFAULT);
  return {
    dailyItinerary: days.map((day): DayPlan => ({
      title: day.title,
      description: day.description,
      placeIds: day.placeIds,
      meals: day.meals,
      stay: day.stay,
      transfer: day.transfer,
      imageId: day.imageId,
    })),
    highlights: input.highlights ?? stored?.highlights ?? [],
    inclusions: input.inclusions ?? stored?.inclusions ?? [],
    exclusions: input.exclusions ?? stored?.exclusions ?? [],
    priceBands: (input.priceBands ?? stored?.priceBands ?? []).map((band) => ({
      months: band.months,
      minGroupSize: band.minGroupSize,
      maxGroupSize: band.maxGroupSize,
      pricePerPerson: band.pricePerPerson,
    })),
    gstRate: gst.rate,
    gstIncluded: gst.included,
  };
};

/** The stored fields `fromPrice` and the answer read. */
export interface PricedRow {
  pricePerPerson: number;
  groupSize: number;
  months: MonthCode[];
  priceBands: PriceBand[];
  gstRate: number;
  gstIncluded: boolean;
}

export const gstOf = (row: Pick<PricedRow, 'gstRate' | 'gstIncluded'>): GstSettings => ({
  rate: Number(row.gstRate),
  included: row.gstIncluded,
});

/** The lowest price a customer can get for a stored row (contract `fromPrice`). */
export const fromPriceOf = (row: PricedRow): number =>
  fromPrice({
    pricePerPerson: row.pricePerPerson,
    groupSize: row.groupSize,
    months: row.months,
    priceBands: row.priceBands,
    gst: gstOf(row),
  });

/** The places every day of these rows names, by id (one query for a page). */
export const dayPlacesOf = async (
  db: Executor,
  days: readonly (readonly DayPlan[])[],
): Promise<Map<string, DayPlaceRow>> => {
  const ids = [...new Set(days.flatMap((list) => list.flatMap((day) => day.placeIds ?? [])))];
  const rows = await findDayPlaces(
    db,
    ids.filter((id) => isUuid(id)),
  );
  return new Map(rows.map((row) => [row.id, row]));
};

/**
 * A stored day as the answer shows it: its places with names and coordinates (a place deleted
 * since is left out), and its image only while it is still in the gallery.
 */
export const presentDay = (
  day: DayPlan,
  placesById: ReadonlyMap<string, DayPlaceRow>,
  galleryIds: ReadonlySet<string>,
): Itinerary['dailyItinerary'][number] => {
  const dayPlaces = (day.placeIds ?? []).flatMap((id) => {
    const place = placesById.get(id);
    return place
      ? [{ _id: place.id, name: place.name, latitude: place.latitude, longitude: place.longitude }]
      : [];
  });
  return {
    title: day.title,
    description: day.description,
    placeIds: dayPlaces.map((place) => place._id),
    places: dayPlaces,
    meals: day.meals ?? [],
    stay: day.stay ?? '',
    transfer: day.transfer ?? '',
    imageId: day.imageId && galleryIds.has(day.imageId) ? day.imageId : null,
  };
};
