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
  uploadOf,
} from '../../app/api';
import { withForce } from '../media/force';
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

/** An update's edit version (issue 21), sent as `If-Match`; none saves over whatever is current. */
interface Versioned {
  version?: number | undefined;
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
  /** `version`: the one the form was opened with, sent as `If-Match` (issue 21). */
  updateImageLibrary: mutation(
    ({ id, fields, version }: { id: string; fields: ImageLibraryFieldsInput } & Versioned) => ({
      url: PATHS.one(id),
      method: 'PUT',
      body: buildLibraryFormData(fields, []),
      version,
    }),
    uploadOf<ImageLibrary>,
    changed,
  ),
  /**
   * A body of `buildImagesFormData` (kept ids, alt texts, new files, final order), with the
   * version the manager loaded as `If-Match`: it rewrites the library's alt texts and order.
   * The status toggle sends none (it flips the status alone).
   */
  /** `force` (issue 24): a removed image is used elsewhere and those references go with it. */
  updateImageLibraryImages: mutation(
    ({
      id,
      body,
      version,
      force,
    }: { id: string; body: FormData; force?: boolean } & Versioned) => ({
      ...multipart('PUT', withForce(PATHS.images(id), force), { body, onProgress }),
      version,
    }),
    uploadOf<ImageLibrary>,
    changed,
  ),
  /** `force` (issue 24): the library is used and those references go with it. */
  deleteImageLibrary: mutation(
    ({ id, force = false }: { id: string; force?: boolean }) => ({
      url: withForce(PATHS.one(id), force),
      method: 'DELETE',
    }),
    dataOf<DeletedRecord>,
    [LIST],
  ),
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
