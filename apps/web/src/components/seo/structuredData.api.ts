import { getQuery, injectEndpoints, recordOf } from '../../app/api';

/**
 * Issue 23: a saved record's JSON-LD (`GET …/itinerary/{id}/structured-data`,
 * `GET …/blog/{id}/structured-data`), by its URL; never kept once the panel closes, so it is read
 * again after a save.
 */
export const structuredDataApi = injectEndpoints({
  getStructuredData: getQuery((url: string) => url, recordOf<unknown>, undefined, {
    keepUnusedDataFor: 0,
  }),
});

export const { useGetStructuredDataQuery } = structuredDataApi;
