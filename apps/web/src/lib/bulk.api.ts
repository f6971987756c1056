import {
  API_PATHS,
  type BulkEntity,
  type BulkOutcome,
  type BulkRequest,
} from '@safarnama/contract';
import { dataOf, injectEndpoints, mutation, withData } from '../app/api';

type TagType = 'Itinerary' | 'Blog' | 'Place' | 'PlaceDetails' | 'ImageLibrary';

/** The lists a bulk action of each entity changes (the dashboard and homepage read them too). */
const TAGS: Record<BulkEntity, TagType> = {
  itinerary: 'Itinerary',
  blog: 'Blog',
  place: 'Place',
  'place-details': 'PlaceDetails',
  'image-library': 'ImageLibrary',
};

/** Issue 24: `POST /api/v1/admin/bulk` `{data: {entity, action, ids}}`, answered per id. */
export const bulkApi = injectEndpoints({
  bulkAction: mutation(withData<BulkRequest>(API_PATHS.bulk), dataOf<BulkOutcome>, (arg) => [
    TAGS[arg.entity],
    'Dashboard',
    'HomepageSettings',
  ]),
});

export const { useBulkActionMutation } = bulkApi;
