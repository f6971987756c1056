import type { PlaceDetails } from '@safarnama/contract';

/** A place-details record in the contract's shape (what the server answers). */
export const makePlaceDetails = (overrides: Partial<PlaceDetails> = {}): PlaceDetails => ({
  _id: 'pd-1',
  id: 'pd-1',
  countryId: 'c1',
  stateId: 's1',
  placeId: 'p1',
  country: { _id: 'c1', name: 'India' },
  state: { _id: 's1', name: 'Goa' },
  place: { _id: 'p1', name: 'Panaji' },
  month: 'MAR',
  description: '<p>Warm</p>',
  imageLibraryId: null,
  imageLibrary: null,
  temperature: { min: 22, max: 33 },
  location: null,
  bestTimeToVisit: null,
  coverPhoto: null,
  status: 'active',
  gallery: [],
  createdAt: '2025-03-07T10:00:00.000Z',
  updatedAt: '2025-03-07T10:00:00.000Z',
  ...overrides,
});
