import { withForce } from '../media/force';
import {
  API_PATHS,
  type ListQuery,
  type PlaceDetails,
  type PlaceDetailsList,
} from '@safarnama/contract';
import {
  call,
  getQuery,
  ifOk,
  injectEndpoints,
  pageParams,
  dataOf,
  messageOf,
  multipart,
  mutation,
  recordOf,
  uploadOf,
  withData,
  type MultipartArgs,
} from '../../app/api';

const PATHS = API_PATHS.service;
const LIST = { type: 'PlaceDetails', id: 'LIST' } as const;
const changed = ({ id }: { id: string }) => [LIST, { type: 'PlaceDetails', id } as const];

/**
 * Place details calls (spec §7 "Admin service", mixed-case paths as the spec spells them). Add and
 * update are multipart (`buildPlaceDetailsForm`), through the upload transport with `onProgress`;
 * gallery uploads (`buildGalleryUploadForm`) always.
 */
export const placeDetailsApi = injectEndpoints({
  /** A page; `needsAttention` (issue 23): only records failing a content-quality rule. */
  listPlaceDetails: getQuery(
    (args: ListQuery & { needsAttention?: boolean }) => ({
      url: PATHS.listPlaceDetails,
      params: { ...pageParams(args), ...(args.needsAttention ? { needsAttention: true } : {}) },
    }),
    dataOf<PlaceDetailsList>,
    [LIST],
  ),
  getPlaceDetails: getQuery(
    (id: string) => ({ url: PATHS.placeDetailsById, params: { id } }),
    recordOf<PlaceDetails>,
    (id) => [{ type: 'PlaceDetails', id }],
  ),
  addPlaceDetails: mutation(
    (arg: MultipartArgs & { idempotencyKey: string }) =>
      multipart('POST', PATHS.addPlaceDetails, arg),
    recordOf<PlaceDetails>,
    [LIST],
  ),
  /**
   * With `version`, `If-Match` (issue 21): the form's save sends the version it was opened with;
   * the list's status toggle sends none (it changes the status alone, overwriting no edit).
   */
  updatePlaceDetails: mutation(
    ({ version, ...arg }: MultipartArgs & { id: string; version?: number | undefined }) => ({
      ...multipart('PATCH', PATHS.updatePlaceDetails, arg),
      version,
    }),
    recordOf<PlaceDetails>,
    changed,
  ),
  addPlaceDetailsGalleryImages: mutation(
    (arg: MultipartArgs & { id: string }) =>
      multipart('PUT', PATHS.addPlaceDetailsGallery, arg, true),
    uploadOf<PlaceDetails>,
    changed,
  ),
  /** `force` (issue 24): the images are used elsewhere and those references go with them. */
  removePlaceDetailsGalleryImages: mutation(
    ({ force = false, ...data }: { id: string; imageIds: string[]; force?: boolean }) => ({
      ...withData<{ id: string; imageIds: string[] }>(
        withForce(PATHS.removePlaceDetailsGallery, force),
        'DELETE',
      )(data),
    }),
    recordOf<PlaceDetails>,
    changed,
  ),
  /** DELETE delete-Place-Details/{id} (issue 20): the record with its cover and gallery. */
  deletePlaceDetails: mutation(
    call('DELETE', PATHS.deletePlaceDetails),
    messageOf,
    ifOk((id: string) => changed({ id })),
  ),
});

export const { useListPlaceDetailsQuery, useGetPlaceDetailsQuery } = placeDetailsApi;
export const { useAddPlaceDetailsMutation, useUpdatePlaceDetailsMutation } = placeDetailsApi;
export const { useDeletePlaceDetailsMutation } = placeDetailsApi;
export const {
  useAddPlaceDetailsGalleryImagesMutation,
  useRemovePlaceDetailsGalleryImagesMutation,
} = placeDetailsApi;
