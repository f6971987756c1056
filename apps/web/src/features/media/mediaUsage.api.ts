import { API_PATHS, type MediaUsageData } from '@safarnama/contract';
import { dataOf, getQuery, injectEndpoints } from '../../app/api';

/** Issue 24: where an image or a library is used (read fresh each time a delete is asked). */
export const mediaUsageApi = injectEndpoints({
  getImageUsage: getQuery(API_PATHS.media.usage, dataOf<MediaUsageData>),
  getImageLibraryUsage: getQuery(API_PATHS.imageLibraryUsage, dataOf<MediaUsageData>),
});

export const { useGetImageUsageQuery, useGetImageLibraryUsageQuery } = mediaUsageApi;
