import {
  API_PATHS,
  type Envelope,
  type RecordData,
  type Itinerary,
  type ItineraryInput,
  type Pagination,
} from '@safarnama/contract';
import { baseApi, recordOf, dataOf } from '../../app/api';
import { uploadWithProgress } from '../../app/upload';
import { idempotencyHeaders } from '../../lib/idempotency';

export interface ItineraryListArgs {
  page: number;
  limit: number;
  search: string;
  /** Only the itineraries of one place (spec §7: optional placeId). */
  placeId?: string;
}

export interface ItineraryList {
  itineraries: Itinerary[];
  pagination: Pagination;
}

export interface CreateItineraryArgs {
  input: ItineraryInput;
  /** The form's `Idempotency-Key`: a retry of the same form creates nothing twice. */
  idempotencyKey: string;
}

export interface UpdateItineraryArgs {
  id: string;
  input: ItineraryInput;
}

export interface ItineraryGalleryUploadArgs {
  id: string;
  /** `itineraryId`, `images` files and `altTexts[i]` (see `buildItineraryGalleryForm`). */
  body: FormData;
  onProgress?: (fraction: number) => void;
}

export interface ItineraryGalleryRemoveArgs {
  id: string;
  imageId: string;
}

/**
 * `get-all-itineraries?page&limit&search[&placeId]`: spec §7 sends the search URL-encoded with
 * `encodeURIComponent` (a space is `%20`, not the `+` of URLSearchParams), with the defaults page
 * 1, limit 10 and an empty search.
 */
export const itineraryListUrl = ({ page, limit, search, placeId }: ItineraryListArgs): string => {
  const query = `page=${page}&limit=${limit}&search=${encodeURIComponent(search.trim())}`;
  return `${API_PATHS.service.listItineraries}?${query}${
    placeId ? `&placeId=${encodeURIComponent(placeId)}` : ''
  }`;
};

const LIST = { type: 'Itinerary', id: 'LIST' } as const;

/** Itinerary calls (spec §7 "Itineraries" and "Itinerary gallery"); each change reloads the list. */
export const itinerariesApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Itinerary'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listItineraries: build.query<ItineraryList, ItineraryListArgs>({
        query: (args) => itineraryListUrl(args),
        transformResponse: dataOf<ItineraryList>,
        providesTags: (result) => [
          LIST,
          ...(result?.itineraries ?? []).map((item) => ({
            type: 'Itinerary' as const,
            id: item._id,
          })),
        ],
      }),
      /** POST create-itinerary `{data: input}` with the Idempotency-Key → 201 `data.data`. */
      createItinerary: build.mutation<Itinerary, CreateItineraryArgs>({
        query: ({ input, idempotencyKey }) => ({
          url: API_PATHS.service.createItinerary,
          method: 'POST',
          headers: idempotencyHeaders(idempotencyKey),
          body: { data: input },
        }),
        transformResponse: recordOf<Itinerary>,
        invalidatesTags: [LIST],
      }),
      /** PUT update-itinerary/{id} `{data: {...input, _id}}` → `data.data`. */
      updateItinerary: build.mutation<Itinerary, UpdateItineraryArgs>({
        query: ({ id, input }) => ({
          url: API_PATHS.service.updateItinerary(id),
          method: 'PUT',
          body: { data: { ...input, _id: id } },
        }),
        transformResponse: recordOf<Itinerary>,
        invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Itinerary', id }],
      }),
      deleteItinerary: build.mutation<{ _id: string; id: string }, string>({
        query: (id) => ({ url: API_PATHS.service.deleteItinerary(id), method: 'DELETE' }),
        transformResponse: (response: Envelope<{ _id: string; id: string } | null>, _meta, id) =>
          response.data ?? { _id: id, id },
        invalidatesTags: [LIST],
      }),
      /** PATCH toggle-itinerary-status/{id}, no body. */
      toggleItineraryStatus: build.mutation<Itinerary, string>({
        query: (id) => ({ url: API_PATHS.service.toggleItinerary(id), method: 'PATCH' }),
        transformResponse: recordOf<Itinerary>,
        invalidatesTags: (_result, _error, id) => [LIST, { type: 'Itinerary', id }],
      }),
      /** PATCH itinerary/gallery/{id} (multipart, through XHR for the upload progress). */
      addItineraryGalleryImages: build.mutation<Itinerary, ItineraryGalleryUploadArgs>({
        async queryFn({ id, body, onProgress }, api) {
          const result = await uploadWithProgress(
            { url: API_PATHS.service.itineraryGallery(id), method: 'PATCH', body, onProgress },
            api,
          );
          if (result.error) return { error: result.error };
          return { data: recordOf(result.data as Envelope<RecordData<Itinerary>>) };
        },
        invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Itinerary', id }],
      }),
      /** DELETE itinerary/gallery/{id}/{imageId}. */
      removeItineraryGalleryImage: build.mutation<Itinerary, ItineraryGalleryRemoveArgs>({
        query: ({ id, imageId }) => ({
          url: API_PATHS.service.itineraryGalleryImage(id, imageId),
          method: 'DELETE',
        }),
        transformResponse: recordOf<Itinerary>,
        invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Itinerary', id }],
      }),
    }),
  });

export const {
  useListItinerariesQuery,
  useCreateItineraryMutation,
  useUpdateItineraryMutation,
  useDeleteItineraryMutation,
  useToggleItineraryStatusMutation,
  useAddItineraryGalleryImagesMutation,
  useRemoveItineraryGalleryImageMutation,
} = itinerariesApi;
