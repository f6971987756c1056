import { injectEndpoints } from './api';
import { fetchClientConfig } from './branding';

/**
 * The maps' tile URL template (issue 22): the server's MAP_TILE_URL, answered by the public
 * `client-config` as `mapTileUrl`. Null turns tiles off (the markers and routes still draw);
 * an answer without it (an older server, whose CSP allows no tile origin) reads as off too.
 */
export const readMapTileUrl = (body: unknown): string | null => {
  if (typeof body !== 'object' || body === null || !('data' in body)) return null;
  const { data } = body;
  if (typeof data !== 'object' || data === null || !('mapTileUrl' in data)) return null;
  const { mapTileUrl } = data;
  return typeof mapTileUrl === 'string' && /^https?:\/\//.test(mapTileUrl) ? mapTileUrl : null;
};

export const mapTilesApi = injectEndpoints({
  getMapTileUrl: (build) =>
    build.query<string | null, undefined>({
      queryFn: async () => {
        const answer = await fetchClientConfig();
        // Unreadable: no tiles rather than no map.
        return { data: 'error' in answer ? null : readMapTileUrl(answer.data) };
      },
      providesTags: ['ClientConfig'],
    }),
});

/** The tile URL template, null when tiles are off; undefined while it is being read. */
export const useMapTileUrl = (): string | null | undefined =>
  mapTilesApi.useGetMapTileUrlQuery(undefined).data;
