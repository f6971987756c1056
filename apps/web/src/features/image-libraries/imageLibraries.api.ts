import { createAction } from '@reduxjs/toolkit';
import {
  API_PATHS,
  type DeletedRecord,
  type ImageLibrary,
  type ImageLibraryList,
  type LIBRARY_MONTHS,
} from '@safarnama/contract';
import {
  call,
  dataOf,
  getQuery,
  injectEndpoints,
  listQuery,
  multipart,
  mutation,
  recordOf,
} from '../../app/api';
import { buildLibraryFormData, type NewImage } from './imageLibraries.form-data';

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

/** Upload progress of the running create / images call (0..1), reported by the XHR transport. */
export const imageLibraryUploadProgress = createAction<number>('imageLibraries/uploadProgress');
const onProgress = (fraction: number, dispatch: (action: unknown) => unknown) =>
  dispatch(imageLibraryUploadProgress(fraction));

const PATHS = API_PATHS.imageLibraries;
const LIST = { type: 'ImageLibrary', id: 'LIST' } as const;
const changed = (arg: string | { id: string }) => [
  LIST,
  { type: 'ImageLibrary', id: typeof arg === 'string' ? arg : arg.id } as const,
];

/** Image library calls (spec §7), all under `/api/v1/admin/service/image-libraries`. */
export const imageLibrariesApi = injectEndpoints({
  listImageLibraries: listQuery<ImageLibraryList>(PATHS.base, 'ImageLibrary'),
  getImageLibrary: getQuery(PATHS.one, recordOf<ImageLibrary>, (id) => [
    { type: 'ImageLibrary', id },
  ]),
  createImageLibrary: mutation(
    ({ fields, images = [], idempotencyKey }: CreateImageLibraryArgs) =>
      multipart(
        'POST',
        PATHS.base,
        { body: buildLibraryFormData(fields, images), onProgress, idempotencyKey },
        images.length > 0,
      ),
    recordOf<ImageLibrary>,
    [LIST],
  ),
  updateImageLibrary: mutation(
    ({ id, fields }: { id: string; fields: ImageLibraryFieldsInput }) => ({
      url: PATHS.one(id),
      method: 'PUT',
      body: buildLibraryFormData(fields, []),
    }),
    recordOf<ImageLibrary>,
    changed,
  ),
  /** A body of `buildImagesFormData` (kept ids, alt texts, new files, final order). */
  updateImageLibraryImages: mutation(
    ({ id, body }: { id: string; body: FormData }) =>
      multipart('PUT', PATHS.images(id), { body, onProgress }),
    recordOf<ImageLibrary>,
    changed,
  ),
  deleteImageLibrary: mutation(call('DELETE', PATHS.one), dataOf<DeletedRecord>, [LIST]),
  toggleImageLibraryStatus: mutation(
    call('PATCH', PATHS.toggleStatus),
    recordOf<ImageLibrary>,
    changed,
  ),
});

export const { useListImageLibrariesQuery, useGetImageLibraryQuery } = imageLibrariesApi;
export const { useCreateImageLibraryMutation, useUpdateImageLibraryMutation } = imageLibrariesApi;
export const { useUpdateImageLibraryImagesMutation } = imageLibrariesApi;
export const { useDeleteImageLibraryMutation, useToggleImageLibraryStatusMutation } =
  imageLibrariesApi;
