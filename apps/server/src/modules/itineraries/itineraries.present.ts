import {
  MONTH_CODES,
  MONTH_NAME_BY_CODE,
  qualityIssuesOf,
  type Itinerary,
} from '@safarnama/contract';
import { presentImage } from '../../media/images.present.js';
import type { StorageDriver } from '../../media/storage.js';
import type { DayPlaceRow, ItineraryWithNames } from './itineraries.repo.js';
import { fromPriceOf, gstOf, presentDay } from './itineraries.builder.js';

/** Month codes → names, in calendar order whatever order they were stored in. */
export const monthNames = (codes: readonly string[]): string[] =>
  MONTH_CODES.filter((code) => codes.includes(code)).map((code) => MONTH_NAME_BY_CODE[code]);

/** An itinerary as spec §3 lists it: country, state and place populated, months as names. */
export const presentItinerary = (
  {
    itinerary: row,
    countryName,
    countryShortName,
    stateName,
    placeName,
    libraryTitle,
    libraryCover,
    gallery,
  }: ItineraryWithNames,
  storage: StorageDriver,
  /** The places the days name (itineraries.builder.ts `dayPlacesOf`). */
  placesById: ReadonlyMap<string, DayPlaceRow>,
): Itinerary => {
  const galleryIds = new Set(gallery.map((image) => image.id));
  // The package's picture: its library's first, else its gallery's first (`itineraryCoverSql`).
  const cover = libraryCover ?? gallery[0] ?? null;
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    duration: row.duration,
    type: row.type,
    groupSize: row.groupSize,
    languages: row.languages,
    pricePerPerson: row.pricePerPerson,
    visibility: row.visibility,
    imageLibraryId: row.imageLibraryId,
    imageLibrary:
      row.imageLibraryId && libraryTitle !== null
        ? { _id: row.imageLibraryId, title: libraryTitle }
        : null,
    months: monthNames(row.months),
    description: row.description,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    countryId: { _id: row.countryId, name: countryName, shortName: countryShortName },
    stateId: { _id: row.stateId, name: stateName },
    placeId: { _id: row.placeId, name: placeName },
    dailyItinerary: row.dailyItinerary.map((day) => presentDay(day, placesById, galleryIds)),
    faqs: row.faqs.map((f) => ({ question: f.question, answer: f.answer })),
    isActive: row.isActive,
    highlights: row.highlights,
    inclusions: row.inclusions,
    exclusions: row.exclusions,
    priceBands: row.priceBands.map((band) => ({
      months: [...band.months],
      minGroupSize: band.minGroupSize,
      maxGroupSize: band.maxGroupSize,
      pricePerPerson: band.pricePerPerson,
    })),
    gst: gstOf(row),
    fromPrice: fromPriceOf(row),
    version: row.version,
    publishAt: row.publishAt?.toISOString() ?? null,
    unpublishAt: row.unpublishAt?.toISOString() ?? null,
    gallery: gallery.map((image) => presentImage(image, storage)),
    coverImage: cover ? presentImage(cover, storage) : null,
    quality: { issues: qualityIssuesOf(row.qualityIssues) },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};
