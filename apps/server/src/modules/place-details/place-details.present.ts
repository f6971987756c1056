import { qualityIssuesOf, type PlaceDetails } from '@safarnama/contract';
import { presentImage } from '../../media/images.present.js';
import type { ImageRow } from '../../media/images.repo.js';
import type { StorageDriver } from '../../media/storage.js';
import type { PlaceDetailsWithNames } from './place-details.repo.js';

export const presentPlaceDetails = (
  { details, countryName, stateName, placeName, libraryTitle }: PlaceDetailsWithNames,
  cover: ImageRow | undefined,
  gallery: readonly ImageRow[],
  storage: StorageDriver,
): PlaceDetails => ({
  _id: details.id,
  id: details.id,
  countryId: details.countryId,
  stateId: details.stateId,
  placeId: details.placeId,
  country: { _id: details.countryId, name: countryName },
  state: { _id: details.stateId, name: stateName },
  place: { _id: details.placeId, name: placeName },
  month: details.month,
  description: details.description,
  imageLibraryId: details.imageLibraryId,
  imageLibrary:
    details.imageLibraryId && libraryTitle !== null
      ? { _id: details.imageLibraryId, title: libraryTitle }
      : null,
  temperature: details.temperature ?? null,
  location: details.location ?? null,
  bestTimeToVisit: details.bestTimeToVisit ?? null,
  coverPhoto: cover ? presentImage(cover, storage) : null,
  status: details.status,
  version: details.version,
  gallery: gallery.map((image) => presentImage(image, storage)),
  quality: { issues: qualityIssuesOf(details.qualityIssues) },
  createdAt: details.createdAt.toISOString(),
  updatedAt: details.updatedAt.toISOString(),
});
