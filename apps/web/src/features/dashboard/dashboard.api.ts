import { API_PATHS, type Dashboard, type Envelope } from '@safarnama/contract';
import { baseApi } from '../../app/api';

/** `GET dashboard`: one call, `data.data`. Always fetched afresh when the page opens. */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, undefined>({
      query: () => API_PATHS.service.dashboard,
      transformResponse: (response: Envelope<{ data: Dashboard }>) => response.data.data,
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
