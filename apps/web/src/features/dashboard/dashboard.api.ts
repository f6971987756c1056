import { API_PATHS, type Dashboard } from '@safarnama/contract';
import { getQuery, injectEndpoints, recordOf } from '../../app/api';

/**
 * `GET dashboard`: one call, `data.data`. Always fetched afresh when the page opens; the 'Dashboard'
 * tag lets scheduled-notification writes and finished sends refresh its upcoming list.
 */
export const dashboardApi = injectEndpoints({
  getDashboard: getQuery(API_PATHS.service.dashboard, recordOf<Dashboard>, ['Dashboard']),
});

export const { useGetDashboardQuery } = dashboardApi;
