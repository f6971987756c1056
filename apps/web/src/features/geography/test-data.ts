import type { Country, Place, State } from '@safarnama/contract';

/** Geography records in the contract's shapes (what the server answers). */
const id = (prefix: string, n: number) =>
  `0190c0de-0000-7000-8000-${prefix}${String(n).padStart(12 - prefix.length, '0')}`;

export const makeCountry = (n: number, overrides: Partial<Country> = {}): Country => ({
  _id: id('c', n),
  id: id('c', n),
  name: `Country ${n}`,
  shortName: 'CN',
  image: null,
  isActive: true,
  createdAt: '2025-03-07T10:00:00.000Z',
  updatedAt: '2025-03-07T10:00:00.000Z',
  ...overrides,
});

export const makeState = (n: number, country: Country, overrides: Partial<State> = {}): State => ({
  _id: id('s', n),
  id: id('s', n),
  name: `State ${n}`,
  countryId: country._id,
  country: { _id: country._id, name: country.name, shortName: country.shortName },
  image: null,
  isActive: true,
  createdAt: '2025-03-07T10:00:00.000Z',
  updatedAt: '2025-03-07T10:00:00.000Z',
  ...overrides,
});

export const makePlace = (n: number, state: State, overrides: Partial<Place> = {}): Place => ({
  _id: id('p', n),
  id: id('p', n),
  name: `Place ${n}`,
  countryId: state.countryId,
  stateId: state._id,
  country: { _id: state.country._id, name: state.country.name },
  state: { _id: state._id, name: state.name },
  shortDescription: '',
  image: null,
  isActive: true,
  createdAt: '2025-03-07T10:00:00.000Z',
  updatedAt: '2025-03-07T10:00:00.000Z',
  ...overrides,
});
