import type { Country, Place, State } from '@safarnama/contract';
import { presentImage } from '../../media/images.present.js';
import type { ImageRow } from '../../media/images.repo.js';
import type { StorageDriver } from '../../media/storage.js';
import type { CountryRow, PlaceWithNames, StateWithCountry } from './geography.repo.js';

const image = (row: ImageRow | undefined, storage: StorageDriver) =>
  row ? presentImage(row, storage) : null;

export const presentCountry = (
  row: CountryRow,
  flag: ImageRow | undefined,
  storage: StorageDriver,
): Country => ({
  _id: row.id,
  id: row.id,
  name: row.name,
  shortName: row.shortName,
  image: image(flag, storage),
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const presentState = (
  { state, country }: StateWithCountry,
  picture: ImageRow | undefined,
  storage: StorageDriver,
): State => ({
  _id: state.id,
  id: state.id,
  name: state.name,
  countryId: state.countryId,
  country: { _id: state.countryId, name: country.name, shortName: country.shortName },
  image: image(picture, storage),
  isActive: state.isActive,
  createdAt: state.createdAt.toISOString(),
  updatedAt: state.updatedAt.toISOString(),
});

export const presentPlace = (
  { place, countryName, stateName }: PlaceWithNames,
  picture: ImageRow | undefined,
  storage: StorageDriver,
): Place => ({
  _id: place.id,
  id: place.id,
  name: place.name,
  countryId: place.countryId,
  stateId: place.stateId,
  country: { _id: place.countryId, name: countryName },
  state: { _id: place.stateId, name: stateName },
  shortDescription: place.shortDescription,
  image: image(picture, storage),
  isActive: place.isActive,
  latitude: place.latitude,
  longitude: place.longitude,
  createdAt: place.createdAt.toISOString(),
  updatedAt: place.updatedAt.toISOString(),
});
