import { API_PATHS, type CoverageList } from '@safarnama/contract';
import { dataOf, getQuery, injectEndpoints } from '../../app/api';

/** What the grid asks for: a page of places, optionally of a country and a state. */
export interface CoverageArgs {
  page: number;
  limit: number;
  search: string;
  countryId: string;
  stateId: string;
}

export const coverageParams = ({ page, limit, search, countryId, stateId }: CoverageArgs) => ({
  page,
  limit,
  ...(search.trim() ? { search: search.trim() } : {}),
  ...(countryId ? { countryId } : {}),
  ...(stateId ? { stateId } : {}),
});

/**
 * Issue 23: the coverage grid. Tagged with the lists whose writes change it (place details make
 * the cells; blogs and itineraries the counts), so a save anywhere redraws it.
 */
export const coverageApi = injectEndpoints({
  getContentCoverage: getQuery(
    (args: CoverageArgs) => ({ url: API_PATHS.contentCoverage, params: coverageParams(args) }),
    dataOf<CoverageList>,
    [
      { type: 'PlaceDetails', id: 'LIST' },
      { type: 'Blog', id: 'LIST' },
      { type: 'Itinerary', id: 'LIST' },
      { type: 'Place', id: 'LIST' },
    ],
  ),
});

export const { useGetContentCoverageQuery } = coverageApi;
