import {
  API_PATHS,
  type Country,
  type CountryList,
  type Envelope,
  type ListQuery,
  type Place,
  type PlaceList,
  type State,
  type StateList,
} from '@safarnama/contract';
import {
  call,
  dataOf,
  getQuery,
  ifOk,
  injectEndpoints,
  listQuery,
  messageOf,
  multipart,
  mutation,
  type MultipartArgs,
} from '../../app/api';

/** The three geography entities; one set of endpoints each, built by the same helper. */
export type GeoKind = 'country' | 'state' | 'place';
export type GeoListArgs = ListQuery;

/**
 * A multipart add/update (text fields + optional `image` file, see `geography.form.ts`): through
 * the upload transport with `onProgress`, else through fetch.
 */
export interface GeoSaveArgs extends MultipartArgs {
  /** The form's `Idempotency-Key`, sent by an add only: a retry never adds twice. */
  idempotencyKey?: string;
}

const PATHS = API_PATHS.service;
/** The tag type of each kind, parents first. */
const TYPES = { country: 'Country', state: 'State', place: 'Place' } as const;
const ORDER = Object.values(TYPES);

/**
 * An add or update of one kind. It makes stale the kind's own lists and the lists below it (they
 * show the parent's name, and the active lists leave out children of an inactive parent).
 */
const save = (kind: GeoKind, action: 'add' | 'update') =>
  mutation(
    ({ idempotencyKey, ...arg }: GeoSaveArgs) =>
      multipart('POST', PATHS[`${action}${TYPES[kind]}`], {
        ...arg,
        idempotencyKey: action === 'add' ? idempotencyKey : undefined,
      }),
    dataOf<unknown>,
    ORDER.slice(ORDER.indexOf(TYPES[kind])),
  );

/**
 * A guarded delete (issue 20), `DELETE delete-<kind>/{id}`, answered by the server's message. A
 * record with children is refused (409), so only the kind's own lists (and active lists) change.
 */
const remove = (kind: GeoKind) =>
  mutation(call('DELETE', PATHS[`delete${TYPES[kind]}`]), messageOf, ifOk([TYPES[kind]]));

/**
 * Countries, states and places (spec §7 "Admin service"): paged search lists, the active lists the
 * forms use (country → state → place), and multipart add/update with an optional image.
 */
export const geographyApi = injectEndpoints({
  listCountries: listQuery<CountryList>(PATHS.listCountries, 'Country'),
  listStates: listQuery<StateList>(PATHS.listStates, 'State'),
  listPlaces: listQuery<PlaceList>(PATHS.listPlaces, 'Place'),
  activeCountries: getQuery(
    PATHS.activeCountries,
    (response: Envelope<{ countries: Country[] }>) => response.data.countries,
    [{ type: 'Country', id: 'ACTIVE' }],
  ),
  activeStates: getQuery(
    (countryId: string) => ({ url: PATHS.activeStates, params: { countryId } }),
    (response: Envelope<{ states: State[] }>) => response.data.states,
    [{ type: 'State', id: 'ACTIVE' }],
  ),
  activePlaces: getQuery(
    (params: { countryId: string; stateId: string }) => ({ url: PATHS.activePlaces, params }),
    (response: Envelope<{ places: Place[] }>) => response.data.places,
    [{ type: 'Place', id: 'ACTIVE' }],
  ),
  addCountry: save('country', 'add'),
  updateCountry: save('country', 'update'),
  addState: save('state', 'add'),
  updateState: save('state', 'update'),
  addPlace: save('place', 'add'),
  updatePlace: save('place', 'update'),
  deleteCountry: remove('country'),
  deleteState: remove('state'),
  deletePlace: remove('place'),
});

export const { useListCountriesQuery, useListStatesQuery, useListPlacesQuery } = geographyApi;
export const { useActiveCountriesQuery, useActiveStatesQuery, useActivePlacesQuery } = geographyApi;
export const { useAddCountryMutation, useUpdateCountryMutation } = geographyApi;
export const { useAddStateMutation, useUpdateStateMutation } = geographyApi;
export const { useAddPlaceMutation, useUpdatePlaceMutation } = geographyApi;
export const { useDeleteCountryMutation, useDeleteStateMutation, useDeletePlaceMutation } =
  geographyApi;
