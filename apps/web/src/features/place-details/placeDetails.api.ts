import { API_PATHS, type Envelope, type Pagination, type PlaceDetails } from '@safarnama/contract';
import { baseApi, recordOf, dataOf } from '../../app/api';
import { uploadWithProgress } from '../../app/upload';
import { idempotencyHeaders } from '../../lib/idempotency';

export interface PlaceDetailsListArgs {
  page: number;
  limit: number;
  search: string;
}

export interface PlaceDetailsList {
  placeDetails: PlaceDetails[];
  pagination: Pagination;
}

/** A multipart body (see `buildPlaceDetailsForm`); with `onProgress` it goes through XHR. */
export interface PlaceDetailsSaveArgs {
  body: FormData;
  onProgress?: (fraction: number) => void;
}

export interface PlaceDetailsAddArgs extends PlaceDetailsSaveArgs {
  /** The form's `Idempotency-Key`: a retry of the same form adds nothing twice. */
  idempotencyKey: string;
}

export interface GalleryUploadArgs {
  id: string;
  /** `id`, `images` files and `altTexts[i]` (see `buildGalleryUploadForm`). */
  body: FormData;
  onProgress?: (fraction: number) => void;
}

export interface GalleryRemoveArgs {
  id: string;
  imageIds: string[];
}

const LIST = { type: 'PlaceDetails', id: 'LIST' } as const;

/** Place details calls (spec §7 "Admin service", mixed-case paths as the spec spells them). */
export const placeDetailsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['PlaceDetails'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listPlaceDetails: build.query<PlaceDetailsList, PlaceDetailsListArgs>({
        query: ({ page, limit, search }) => ({
          url: API_PATHS.service.listPlaceDetails,
          params: search.trim() ? { page, limit, search: search.trim() } : { page, limit },
        }),
        transformResponse: dataOf<PlaceDetailsList>,
        providesTags: (result) => [
          LIST,
          ...(result?.placeDetails ?? []).map((item) => ({
            type: 'PlaceDetails' as const,
            id: item._id,
          })),
        ],
      }),
      /** GET get-Place-DetailsById?id → data.data. */
      getPlaceDetails: build.query<PlaceDetails, string>({
        query: (id) => ({ url: API_PATHS.service.placeDetailsById, params: { id } }),
        transformResponse: recordOf<PlaceDetails>,
        providesTags: (_result, _error, id) => [{ type: 'PlaceDetails', id }],
      }),
      /** POST add-Place-Details (multipart) with the Idempotency-Key. */
      addPlaceDetails: build.mutation<PlaceDetails, PlaceDetailsAddArgs>({
        async queryFn({ body, onProgress, idempotencyKey }, api, _extra, baseQuery) {
          const url = API_PATHS.service.addPlaceDetails;
          const headers = idempotencyHeaders(idempotencyKey);
          const result = onProgress
            ? await uploadWithProgress({ url, method: 'POST', body, headers, onProgress }, api)
            : await baseQuery({ url, method: 'POST', body, headers });
          if (result.error) return { error: result.error };
          return { data: (result.data as Envelope<{ data: PlaceDetails }>).data.data };
        },
        invalidatesTags: [LIST],
      }),
      /** PATCH update-Place-Details (multipart, spec §5 rules). */
      updatePlaceDetails: build.mutation<PlaceDetails, PlaceDetailsSaveArgs & { id: string }>({
        async queryFn({ body, onProgress }, api, _extra, baseQuery) {
          const url = API_PATHS.service.updatePlaceDetails;
          const result = onProgress
            ? await uploadWithProgress({ url, method: 'PATCH', body, onProgress }, api)
            : await baseQuery({ url, method: 'PATCH', body });
          if (result.error) return { error: result.error };
          return { data: (result.data as Envelope<{ data: PlaceDetails }>).data.data };
        },
        invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'PlaceDetails', id }],
      }),
      /** PUT update-Place-Details-Gallery-Images (multipart id, images, altTexts[i]). */
      addPlaceDetailsGalleryImages: build.mutation<PlaceDetails, GalleryUploadArgs>({
        async queryFn({ body, onProgress }, api) {
          const result = await uploadWithProgress(
            { url: API_PATHS.service.addPlaceDetailsGallery, method: 'PUT', body, onProgress },
            api,
          );
          if (result.error) return { error: result.error };
          return { data: (result.data as Envelope<{ data: PlaceDetails }>).data.data };
        },
        invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'PlaceDetails', id }],
      }),
      /** DELETE remove-Place-Details-Gallery-Images (JSON {data: {id, imageIds}}). */
      removePlaceDetailsGalleryImages: build.mutation<PlaceDetails, GalleryRemoveArgs>({
        query: ({ id, imageIds }) => ({
          url: API_PATHS.service.removePlaceDetailsGallery,
          method: 'DELETE',
          body: { data: { id, imageIds } },
        }),
        transformResponse: recordOf<PlaceDetails>,
        invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'PlaceDetails', id }],
      }),
    }),
  });

export const {
  useListPlaceDetailsQuery,
  useGetPlaceDetailsQuery,
  useAddPlaceDetailsMutation,
  useUpdatePlaceDetailsMutation,
  useAddPlaceDetailsGalleryImagesMutation,
  useRemovePlaceDetailsGalleryImagesMutation,
} = placeDetailsApi;
