import { API_PATHS, type Dashboard } from '@safarnama/contract';
import { baseApi, recordOf } from '../../app/api';

/**
 * `GET dashboard`: one call, `data.data`. Always fetched afresh when the page opens; the 'Dashboard'
 * tag lets scheduled-notification writes and finished sends refresh its upcoming list.
 */
export const dashboardApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Dashboard'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getDashboard: build.query<Dashboard, undefined>({
        query: () => API_PATHS.service.dashboard,
        transformResponse: recordOf<Dashboard>,
        providesTags: ['Dashboard'],
      }),
    }),
  });

export const { useGetDashboardQuery } = dashboardApi;
