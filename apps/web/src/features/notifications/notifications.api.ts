import {
  API_PATHS,
  type Notification,
  type NotificationEvent,
  type NotificationList,
  type UnreadCount,
} from '@safarnama/contract';
import { baseApi, dataOf } from '../../app/api';
import type { AppDispatch, RootState } from '../../app/store';

export interface NotificationListArgs {
  page: number;
  limit: number;
  search: string;
}

/** What the header bell shows: the five newest. */
export const BELL_ARGS: NotificationListArgs = { page: 1, limit: 5, search: '' };

const LIST = { type: 'Notification', id: 'LIST' } as const;

/** Every cached list gets the new unread count; read flags follow `read` (ids or 'all'). */
const applyRead = (
  dispatch: AppDispatch,
  state: RootState,
  read: readonly string[] | 'all',
  unreadCount: number | null,
): void => {
  for (const args of notificationsApi.util.selectCachedArgsForQuery(state, 'getNotifications')) {
    dispatch(
      notificationsApi.util.updateQueryData('getNotifications', args, (draft) => {
        const at = new Date().toISOString();
        for (const item of draft.notifications) {
          if (!item.isRead && (read === 'all' || read.includes(item._id))) {
            item.isRead = true;
            item.readAt = at;
          }
        }
        draft.unreadCount =
          unreadCount ?? draft.notifications.filter((item) => !item.isRead).length;
      }),
    );
  }
};

/** The signed-in admin's in-app notifications (spec §7 under /admin/auth). */
export const notificationsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Notification'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getNotifications: build.query<NotificationList, NotificationListArgs>({
        query: ({ page, limit, search }) => ({
          url: API_PATHS.auth.notifications,
          params: search ? { page, limit, search } : { page, limit },
        }),
        transformResponse: dataOf<NotificationList>,
        providesTags: [LIST],
      }),
      /** Marks some read; the lists show it at once, then reload. */
      markNotificationsRead: build.mutation<UnreadCount, string[]>({
        query: (ids) => ({
          url: API_PATHS.auth.markNotificationsRead,
          method: 'POST',
          body: { data: { ids } },
        }),
        transformResponse: dataOf<UnreadCount>,
        async onQueryStarted(ids, { dispatch, getState, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            applyRead(dispatch, getState() as RootState, ids, data.unreadCount);
          } catch {
            // The caller shows the error.
          }
        },
        invalidatesTags: [LIST],
      }),
      markAllNotificationsRead: build.mutation<UnreadCount, undefined>({
        query: () => ({ url: API_PATHS.auth.markAllNotificationsRead, method: 'POST' }),
        transformResponse: dataOf<UnreadCount>,
        async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            applyRead(dispatch, getState() as RootState, 'all', data.unreadCount);
          } catch {
            // The caller shows the error.
          }
        },
        invalidatesTags: [LIST],
      }),
    }),
  });

/**
 * A notification arrived over the socket: it goes on top of every cached first page without a
 * search (the bell's and the page's), every list takes the new unread count, and the lists reload
 * in the background so paging stays right.
 */
export const receiveNotification = (
  dispatch: AppDispatch,
  state: RootState,
  event: NotificationEvent,
): void => {
  const notification = event.notification as Notification;
  for (const args of notificationsApi.util.selectCachedArgsForQuery(state, 'getNotifications')) {
    dispatch(
      notificationsApi.util.updateQueryData('getNotifications', args, (draft) => {
        draft.unreadCount = event.unreadCount;
        if (args.page !== 1 || args.search) return;
        if (draft.notifications.some((item) => item._id === notification._id)) return;
        draft.notifications.unshift(notification);
        if (draft.notifications.length > args.limit) draft.notifications.pop();
      }),
    );
  }
  dispatch(notificationsApi.util.invalidateTags([LIST]));
};

export const {
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
  useMarkAllNotificationsReadMutation,
} = notificationsApi;
