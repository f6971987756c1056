import { withForce } from '../media/force';
import {
  API_PATHS,
  type DeletedRecord,
  type Envelope,
  type Itinerary,
  type ItineraryInput,
  type ItineraryList,
  type ListQuery,
} from '@safarnama/contract';
import {
  call,
  createRequest,
  dataOf,
  getQuery,
  injectEndpoints,
  multipart,
  mutation,
  recordOf,
  uploadOf,
  type MultipartArgs,
} from '../../app/api';

const PATHS = API_PATHS.service;
const TOOLS = API_PATHS.itineraryTools;
/** Every change reloads the lists (no query holds one itinerary). */
const LIST = [{ type: 'Itinerary', id: 'LIST' }] as const;

/**
 * Only the itineraries of one place (spec §7: optional placeId); `publishable`: only what the
 * public site can show (issue 20, the homepage picker).
 */
export type ItineraryListArgs = ListQuery & {
  placeId?: string;
  publishable?: boolean;
  /** Issue 23: only itineraries failing a content-quality rule. */
  needsAttention?: boolean;
};

/**
 * `get-all-itineraries?page&limit&search[&placeId]`: spec §7 sends the search URL-encoded with
 * `encodeURIComponent` (a space is `%20`, not the `+` of URLSearchParams), with the defaults page
 * 1, limit 10 and an empty search.
 */
export const itineraryListUrl = ({
  page,
  limit,
  search,
  placeId,
  publishable,
  needsAttention,
}: ItineraryListArgs): string => {
  const query = `page=${page}&limit=${limit}&search=${encodeURIComponent(search.trim())}`;
  const place = placeId ? `&placeId=${encodeURIComponent(placeId)}` : '';
  const attention = needsAttention ? '&needsAttention=true' : '';
  return `${PATHS.listItineraries}?${query}${place}${publishable ? '&publishable=true' : ''}${attention}`;
};

/** Itinerary calls (spec §7 "Itineraries" and "Itinerary gallery"). */
export const itinerariesApi = injectEndpoints({
  listItineraries: getQuery(itineraryListUrl, dataOf<ItineraryList>, LIST),
  createItinerary: mutation(
    createRequest<ItineraryInput>(PATHS.createItinerary),
    recordOf<Itinerary>,
    LIST,
  ),
  /**
   * `{data: {...input, _id}}`, with `If-Match` of the version the form was opened with (issue 21).
   * The status toggle and the gallery calls send none: each changes one thing the edit form does
   * not hold (and the gallery only by image id), so they cannot overwrite anyone's edit; they do
   * raise the version, so an edit form open meanwhile is told about them when it saves.
   */
  updateItinerary: mutation(
    ({
      id,
      input,
      version,
    }: {
      id: string;
      input: ItineraryInput;
      version?: number | undefined;
    }) => ({
      url: PATHS.updateItinerary(id),
      method: 'PUT',
      body: { data: { ...input, _id: id } },
      version,
    }),
    recordOf<Itinerary>,
    LIST,
  ),
  deleteItinerary: mutation(
    call('DELETE', PATHS.deleteItinerary),
    (response: Envelope<DeletedRecord | null>, _meta, id) => response.data ?? { _id: id, id },
    LIST,
  ),
  toggleItineraryStatus: mutation(call('PATCH', PATHS.toggleItinerary), recordOf<Itinerary>, LIST),
  /** Issue 22: `POST clone-itinerary/{id}` → 201, an inactive 'Copy of <title>' in `data.data`. */
  cloneItinerary: mutation(call('POST', TOOLS.clone), recordOf<Itinerary>, LIST),
  /** Multipart `itineraryId`, `images` files and `altTexts[i]` (`buildItineraryGalleryForm`). */
  addItineraryGalleryImages: mutation(
    (arg: MultipartArgs & { id: string }) =>
      multipart('PATCH', PATHS.itineraryGallery(arg.id), arg, true),
    uploadOf<Itinerary>,
    LIST,
  ),
  /** `force` (issue 24): the image is used elsewhere and those references go with it. */
  removeItineraryGalleryImage: mutation(
    ({ id, imageId, force = false }: { id: string; imageId: string; force?: boolean }) => ({
      url: withForce(PATHS.itineraryGalleryImage(id, imageId), force),
      method: 'DELETE',
    }),
    recordOf<Itinerary>,
    LIST,
  ),
});

export const { useListItinerariesQuery, useCreateItineraryMutation } = itinerariesApi;
export const { useUpdateItineraryMutation, useDeleteItineraryMutation } = itinerariesApi;
export const { useToggleItineraryStatusMutation, useCloneItineraryMutation } = itinerariesApi;
export const { useAddItineraryGalleryImagesMutation, useRemoveItineraryGalleryImageMutation } =
  itinerariesApi;
