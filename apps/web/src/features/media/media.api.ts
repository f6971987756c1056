import { API_PATHS, type FocalPoint, type Image } from '@safarnama/contract';
import { injectEndpoints, mutation, recordOf } from '../../app/api';

/** Issue 24: media tools. */
export const mediaApi = injectEndpoints({
  /** PUT `{data: {x, y}}` (null: the centre); answers the image with its new crops. */
  setFocalPoint: mutation(
    ({ imageId, point }: { imageId: string; point: FocalPoint | null }) => ({
      url: API_PATHS.media.focalPoint(imageId),
      method: 'PUT',
      body: { data: point },
    }),
    recordOf<Image>,
    [
      { type: 'ImageLibrary', id: 'LIST' },
      { type: 'Itinerary', id: 'LIST' },
      { type: 'PlaceDetails', id: 'LIST' },
    ],
  ),
});

export const { useSetFocalPointMutation } = mediaApi;
