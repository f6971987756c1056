import { baseApi } from '../../app/api';

/**
 * The cache tags of scheduled notifications, apart from `marketing.api.ts` so that the realtime
 * layer can refresh them without loading the page's endpoints: the list, and the dashboard (its
 * 'Upcoming scheduled notifications' card).
 */
export const marketingTagsApi = baseApi.enhanceEndpoints({
  addTagTypes: ['ScheduledNotification', 'Dashboard'],
});

export const SCHEDULED_LIST_TAG = { type: 'ScheduledNotification', id: 'LIST' } as const;
export const DASHBOARD_TAG = 'Dashboard' as const;

/**
 * Something about scheduled notifications changed on the server (a send finished: the socket's
 * in-app `notification` of type 'marketing'): the lists and the dashboard load again.
 */
export const scheduledNotificationsChanged = () =>
  marketingTagsApi.util.invalidateTags([SCHEDULED_LIST_TAG, DASHBOARD_TAG]);
