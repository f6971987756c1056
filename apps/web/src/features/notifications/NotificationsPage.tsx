import { Link } from 'react-router';
import { NOTIFICATION_MESSAGES, type Notification } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { ListPageShell, RowAction } from '../../components/ui/ListPageShell';
import { toastError } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useListPage, useRowAction, useSearchPaging } from '../../lib/useListPage';
import {
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationsReadMutation,
} from './notifications.api';
import { NotificationText, UnreadDot } from './NotificationItem';

/**
 * /notification: the admin's in-app notifications, newest first, with search (500 ms, back to
 * page 1), paging, unread ones highlighted, 'Mark as read' per item and 'Mark all as read'. New
 * ones arrive live over the socket.
 */
export const NotificationsPage = () => {
  const paging = useSearchPaging();
  const query = useGetNotificationsQuery(paging.args);
  const list = useListPage(paging, query, {
    rows: (data) => data.notifications,
    errorFallback: 'Failed to fetch notifications',
  });
  const [markRead] = useMarkNotificationsReadMutation();
  const [markAllRead, { isLoading: isMarkingAll }] = useMarkAllNotificationsReadMutation();
  const read = useRowAction({
    run: (item: Notification) => markRead([item._id]).unwrap(),
    failure: 'The notification could not be marked as read',
  });
  const unread = query.data?.unreadCount ?? 0;

  const handleMarkAll = (): void => {
    markAllRead(undefined)
      .unwrap()
      .then(() => {
        showToast('success', NOTIFICATION_MESSAGES.markedAll);
      })
      .catch((failure: unknown) => {
        toastError(failure, 'The notifications could not be marked as read');
      });
  };

  return (
    <ListPageShell
      list={list}
      texts={{
        title: 'Notifications',
        description:
          unread > 0
            ? `You have ${unread} unread ${unread === 1 ? 'notification' : 'notifications'}.`
            : 'New sign-ins, security changes and delivery reports for your account.',
        searchPlaceholder: 'Search notifications...',
        searchLabel: 'Search notifications',
        emptyTitle: 'No notifications',
        emptyMessage: "You're all caught up. New sign-ins and security changes will show here.",
        countLabel: ['notification', 'notifications'],
        loadingLabel: 'Loading notifications',
      }}
      actions={
        <Button
          variant="secondary"
          onClick={handleMarkAll}
          disabled={unread === 0}
          loading={isMarkingAll}
        >
          Mark all as read
        </Button>
      }
    >
      <ul aria-label="Notifications" className="divide-y divide-slate-200 dark:divide-slate-800">
        {list.rows.map((item) => (
          <li
            key={item._id}
            className={`flex gap-3 px-4 py-4 sm:px-5 ${
              item.isRead
                ? ''
                : 'border-l-2 border-teal-500 bg-teal-50/60 pl-3.5 sm:pl-4.5 dark:border-teal-400 dark:bg-teal-400/5'
            }`}
          >
            <UnreadDot isRead={item.isRead} />
            <NotificationText notification={item} />
            <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-start">
              {item.link?.startsWith('/') ? (
                <Link
                  to={item.link}
                  onClick={() => {
                    if (!item.isRead) read.start(item);
                  }}
                  className="rounded px-1.5 py-0.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-slate-300 dark:hover:bg-slate-800"
                >
                  Open
                </Link>
              ) : null}
              {item.isRead ? null : (
                <RowAction
                  tone="teal"
                  aria-label={`Mark "${item.title}" as read`}
                  disabled={read.isBusy(item)}
                  onClick={() => {
                    read.start(item);
                  }}
                >
                  Mark as read
                </RowAction>
              )}
            </div>
          </li>
        ))}
      </ul>
    </ListPageShell>
  );
};

export { NotificationsPage as Component };
