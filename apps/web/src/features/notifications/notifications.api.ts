import {
  API_PATHS,
  type ListQuery,
  type Notification,
  type NotificationEvent,
  type NotificationList,
  type UnreadCount,
} from '@safarnama/contract';
import { call, dataOf, injectEndpoints, listQuery, mutation } from '../../app/api';
import type { AppDispatch, RootState } from '../../app/store';

/** What the header bell shows: the five newest. */
export const BELL_ARGS: ListQuery = { page: 1, limit: 5, search: '' };

const PATHS = API_PATHS.auth;
const LIST = { type: 'Notification', id: 'LIST' } as const;

/** Patches every cached list (`recipe` is also given the list's arguments). */
const patchLists = (
  dispatch: AppDispatch,
  state: unknown,
  recipe: (draft: NotificationList, args: ListQuery) => void,
): void => {
  const { util } = notificationsApi;
  for (const args of util.selectCachedArgsForQuery(state as RootState, 'getNotifications')) {
    dispatch(util.updateQueryData('getNotifications', args, (draft) => recipe(draft, args)));
  }
};

/**
 * After a mark-as-read: every cached list takes the new unread count, and read flags follow
 * `read` (ids or 'all'), at once; the lists then reload (tag).
 */
const applyRead = async (
  read: readonly string[] | 'all',
  { dispatch, getState, queryFulfilled }: MarkLifecycle,
): Promise<void> => {
  let unreadCount: number;
  try {
    ({ unreadCount } = (await queryFulfilled).data);
  } catch {
    return; // The caller shows the error.
  }
  patchLists(dispatch, getState(), (draft) => {
    const at = new Date().toISOString();
    for (const item of draft.notifications) {
      if (!item.isRead && (read === 'all' || read.includes(item._id))) {
        item.isRead = true;
        item.readAt = at;
      }
    }
    draft.unreadCount = unreadCount;
  });
};
interface MarkLifecycle {
  dispatch: AppDispatch;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: UnreadCount }>;
}

/** The signed-in admin's in-app notifications (spec §7 under /admin/auth). */
export const notificationsApi = injectEndpoints({
  getNotifications: listQuery<NotificationList>(PATHS.notifications, 'Notification'),
  /** Marks some read; the lists show it at once, then reload. */
  markNotificationsRead: mutation(
    (ids: string[]) => ({
      url: PATHS.markNotificationsRead,
      method: 'POST',
      body: { data: { ids } },
    }),
    dataOf<UnreadCount>,
    [LIST],
    { onQueryStarted: applyRead },
  ),
  markAllNotificationsRead: mutation(
    call('POST', PATHS.markAllNotificationsRead),
    dataOf<UnreadCount>,
    [LIST],
    { onQueryStarted: (_arg, lifecycle) => applyRead('all', lifecycle) },
  ),
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
  patchLists(dispatch, state, (draft, args) => {
    draft.unreadCount = event.unreadCount;
    if (args.page !== 1 || args.search) return;
    if (draft.notifications.some((item) => item._id === notification._id)) return;
    draft.notifications.unshift(notification);
    if (draft.notifications.length > args.limit) draft.notifications.pop();
  });
  dispatch(notificationsApi.util.invalidateTags([LIST]));
};

export const { useGetNotificationsQuery } = notificationsApi;
export const { useMarkNotificationsReadMutation, useMarkAllNotificationsReadMutation } =
  notificationsApi;
