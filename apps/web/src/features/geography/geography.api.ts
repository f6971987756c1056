import {
  API_PATHS,
  type Country,
  type Envelope,
  type Pagination,
  type Place,
  type State,
} from '@safarnama/contract';
import { baseApi, dataOf } from '../../app/api';
import { uploadWithProgress } from '../../app/upload';
import { idempotencyHeaders } from '../../lib/idempotency';

/** The three geography entities; one set of endpoints each, built by the same helper. */
export type GeoKind = 'country' | 'state' | 'place';

export interface GeoListArgs {
  page: number;
  limit: number;
  search: string;
}

export interface CountryList {
  countries: Country[];
  pagination: Pagination;
}
export interface StateList {
  states: State[];
  pagination: Pagination;
}
export interface PlaceList {
  places: Place[];
  pagination: Pagination;
}

/**
 * A multipart add/update (text fields + optional `image` file), built by the caller (see
 * `geography.form.ts`). With `onProgress`, the body goes through the XHR transport, which reports
 * upload progress (0..1); without it, through fetch.
 */
export interface GeoSaveArgs {
  body: FormData;
  onProgress?: (fraction: number) => void;
  /** The form's `Idempotency-Key`, sent by an add only: a retry never adds twice. */
  idempotencyKey?: string;
}

const TAGS = ['Country', 'State', 'Place'] as const;
type GeoTag = (typeof TAGS)[number];

const TAG_OF: Record<GeoKind, GeoTag> = { country: 'Country', state: 'State', place: 'Place' };

const PATHS = {
  country: {
    add: API_PATHS.service.addCountry,
    update: API_PATHS.service.updateCountry,
    list: API_PATHS.service.listCountries,
  },
  state: {
    add: API_PATHS.service.addState,
    update: API_PATHS.service.updateState,
    list: API_PATHS.service.listStates,
  },
  place: {
    add: API_PATHS.service.addPlace,
    update: API_PATHS.service.updatePlace,
    list: API_PATHS.service.listPlaces,
  },
} as const;

/**
 * What a change to one kind makes stale: its own lists, and the lists below it (they show the
 * parent's name, and the active lists leave out children of an inactive parent).
 */
const STALE: Record<GeoKind, GeoTag[]> = {
  country: ['Country', 'State', 'Place'],
  state: ['State', 'Place'],
  place: ['Place'],
};

const listParams = ({ page, limit, search }: GeoListArgs) =>
  search.trim() ? { page, limit, search: search.trim() } : { page, limit };

/**
 * Countries, states and places (spec §7 "Admin service"): paged search lists, the active lists the
 * forms use (country → state → place), and multipart add/update with an optional image.
 */
export const geographyApi = baseApi.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => {
    const save = (kind: GeoKind, action: 'add' | 'update') =>
      build.mutation<unknown, GeoSaveArgs>({
        async queryFn({ body, onProgress, idempotencyKey }, api, _extra, baseQuery) {
          const url = PATHS[kind][action];
          const headers = idempotencyHeaders(action === 'add' ? idempotencyKey : undefined);
          const result = onProgress
            ? await uploadWithProgress({ url, method: 'POST', body, headers, onProgress }, api)
            : await baseQuery({ url, method: 'POST', body, headers });
          if (result.error) return { error: result.error };
          return { data: (result.data as Envelope<{ data: unknown }>).data };
        },
        invalidatesTags: STALE[kind],
      });

    return {
      listCountries: build.query<CountryList, GeoListArgs>({
        query: (args) => ({ url: PATHS.country.list, params: listParams(args) }),
        transformResponse: dataOf<CountryList>,
        providesTags: [{ type: TAG_OF.country, id: 'LIST' }],
      }),
      listStates: build.query<StateList, GeoListArgs>({
        query: (args) => ({ url: PATHS.state.list, params: listParams(args) }),
        transformResponse: dataOf<StateList>,
        providesTags: [{ type: TAG_OF.state, id: 'LIST' }],
      }),
      listPlaces: build.query<PlaceList, GeoListArgs>({
        query: (args) => ({ url: PATHS.place.list, params: listParams(args) }),
        transformResponse: dataOf<PlaceList>,
        providesTags: [{ type: TAG_OF.place, id: 'LIST' }],
      }),
      /** GET get-all-active-country → data.countries. */
      activeCountries: build.query<Country[], undefined>({
        query: () => API_PATHS.service.activeCountries,
        transformResponse: (response: Envelope<{ countries: Country[] }>) =>
          response.data.countries,
        providesTags: [{ type: 'Country', id: 'ACTIVE' }],
      }),
      /** GET get-all-active-state?countryId → data.states. */
      activeStates: build.query<State[], string>({
        query: (countryId) => ({ url: API_PATHS.service.activeStates, params: { countryId } }),
        transformResponse: (response: Envelope<{ states: State[] }>) => response.data.states,
        providesTags: [{ type: 'State', id: 'ACTIVE' }],
      }),
      /** GET get-all-active-places?countryId&stateId → data.places. */
      activePlaces: build.query<Place[], { countryId: string; stateId: string }>({
        query: ({ countryId, stateId }) => ({
          url: API_PATHS.service.activePlaces,
          params: { countryId, stateId },
        }),
        transformResponse: (response: Envelope<{ places: Place[] }>) => response.data.places,
        providesTags: [{ type: 'Place', id: 'ACTIVE' }],
      }),
      addCountry: save('country', 'add'),
      updateCountry: save('country', 'update'),
      addState: save('state', 'add'),
      updateState: save('state', 'update'),
      addPlace: save('place', 'add'),
      updatePlace: save('place', 'update'),
    };
  },
});

export const {
  useListCountriesQuery,
  useListStatesQuery,
  useListPlacesQuery,
  useActiveCountriesQuery,
  useActiveStatesQuery,
  useActivePlacesQuery,
  useAddCountryMutation,
  useUpdateCountryMutation,
  useAddStateMutation,
  useUpdateStateMutation,
  useAddPlaceMutation,
  useUpdatePlaceMutation,
} = geographyApi;
