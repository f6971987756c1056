import { createAction } from '@reduxjs/toolkit';
import {
  API_PATHS,
  type Envelope,
  type RecordData,
  type ImageLibrary,
  type ImageLibraryList,
  type LIBRARY_MONTHS,
} from '@safarnama/contract';
import { baseApi, recordOf, dataOf } from '../../app/api';
import { uploadWithProgress } from '../../app/upload';
import { idempotencyHeaders } from '../../lib/idempotency';
import { buildLibraryFormData, type NewImage } from './imageLibraries.form-data';

export interface ImageLibraryListArgs {
  page: number;
  limit: number;
  search: string;
}

/** 'All Months' or January…December (spec §3). */
export type LibraryMonth = (typeof LIBRARY_MONTHS)[number];

export interface ImageLibraryFieldsInput {
  title: string;
  description: string;
  month: LibraryMonth;
}

export interface CreateImageLibraryArgs {
  fields: ImageLibraryFieldsInput;
  /** Optional first images (spec §7 allows them on create); sent with upload progress. */
  images?: NewImage[];
  /** The form's `Idempotency-Key`: a retry of the same form creates nothing twice. */
  idempotencyKey: string;
}

export interface UpdateImageLibraryArgs {
  id: string;
  fields: ImageLibraryFieldsInput;
}

export interface UpdateImageLibraryImagesArgs {
  id: string;
  /** Built by `buildImagesFormData` (kept ids, alt texts, new files, final order). */
  body: FormData;
}

/** Upload progress of the running create / images call (0..1), reported by the XHR transport. */
export const imageLibraryUploadProgress = createAction<number>('imageLibraries/uploadProgress');

const LIST_TAG = { type: 'ImageLibrary', id: 'LIST' } as const;

/** Image library calls (spec §7), all under `/api/v1/admin/service/image-libraries`. */
export const imageLibrariesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listImageLibraries: build.query<ImageLibraryList, ImageLibraryListArgs>({
      query: ({ page, limit, search }) => ({
        url: API_PATHS.imageLibraries.base,
        params: search.trim() ? { page, limit, search: search.trim() } : { page, limit },
      }),
      transformResponse: dataOf<ImageLibraryList>,
      providesTags: (result) => [
        LIST_TAG,
        ...(result?.libraries ?? []).map((library) => ({
          type: 'ImageLibrary' as const,
          id: library._id,
        })),
      ],
    }),
    getImageLibrary: build.query<ImageLibrary, string>({
      query: (id) => API_PATHS.imageLibraries.one(id),
      transformResponse: recordOf<ImageLibrary>,
      providesTags: (_result, _error, id) => [{ type: 'ImageLibrary', id }],
    }),
    createImageLibrary: build.mutation<ImageLibrary, CreateImageLibraryArgs>({
      async queryFn({ fields, images = [], idempotencyKey }, api, _extra, baseQuery) {
        const body = buildLibraryFormData(fields, images);
        const headers = idempotencyHeaders(idempotencyKey);
        const result =
          images.length > 0
            ? await uploadWithProgress(
                {
                  url: API_PATHS.imageLibraries.base,
                  method: 'POST',
                  body,
                  headers,
                  onProgress: (fraction) => api.dispatch(imageLibraryUploadProgress(fraction)),
                },
                api,
              )
            : await baseQuery({
                url: API_PATHS.imageLibraries.base,
                method: 'POST',
                body,
                headers,
              });
        if (result.error) return { error: result.error };
        return { data: recordOf(result.data as Envelope<RecordData<ImageLibrary>>) };
      },
      invalidatesTags: [LIST_TAG],
    }),
    updateImageLibrary: build.mutation<ImageLibrary, UpdateImageLibraryArgs>({
      query: ({ id, fields }) => ({
        url: API_PATHS.imageLibraries.one(id),
        method: 'PUT',
        body: buildLibraryFormData(fields, []),
      }),
      transformResponse: recordOf<ImageLibrary>,
      invalidatesTags: (_result, _error, { id }) => [LIST_TAG, { type: 'ImageLibrary', id }],
    }),
    updateImageLibraryImages: build.mutation<ImageLibrary, UpdateImageLibraryImagesArgs>({
      async queryFn({ id, body }, api) {
        const result = await uploadWithProgress(
          {
            url: API_PATHS.imageLibraries.images(id),
            method: 'PUT',
            body,
            onProgress: (fraction) => api.dispatch(imageLibraryUploadProgress(fraction)),
          },
          api,
        );
        if (result.error) return { error: result.error };
        return { data: recordOf(result.data as Envelope<RecordData<ImageLibrary>>) };
      },
      invalidatesTags: (_result, _error, { id }) => [LIST_TAG, { type: 'ImageLibrary', id }],
    }),
    deleteImageLibrary: build.mutation<{ _id: string; id: string }, string>({
      query: (id) => ({ url: API_PATHS.imageLibraries.one(id), method: 'DELETE' }),
      transformResponse: dataOf<{ _id: string; id: string }>,
      invalidatesTags: [LIST_TAG],
    }),
    toggleImageLibraryStatus: build.mutation<ImageLibrary, string>({
      query: (id) => ({ url: API_PATHS.imageLibraries.toggleStatus(id), method: 'PATCH' }),
      transformResponse: recordOf<ImageLibrary>,
      invalidatesTags: (_result, _error, id) => [LIST_TAG, { type: 'ImageLibrary', id }],
    }),
  }),
});

export const {
  useListImageLibrariesQuery,
  useGetImageLibraryQuery,
  useCreateImageLibraryMutation,
  useUpdateImageLibraryMutation,
  useUpdateImageLibraryImagesMutation,
  useDeleteImageLibraryMutation,
  useToggleImageLibraryStatusMutation,
} = imageLibrariesApi;
