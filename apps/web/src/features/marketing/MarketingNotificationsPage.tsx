import { lazy, useEffect, useId, useState } from 'react';
import {
  MARKETING_MESSAGES,
  SCHEDULED_STATUSES,
  type ScheduledNotification,
  type ScheduledStatus,
} from '@safarnama/contract';
import { loadWithTimeout } from '../../app/lazy';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { inputClasses } from '../../components/ui/Form';
import {
  ACTIONS_COLUMN,
  DataTable,
  DeleteAction,
  EditAction,
  ListPageShell,
  RowAction,
} from '../../components/ui/ListPageShell';
import { useListDialog, useListPage, useRowAction, useSearchPaging } from '../../lib/useListPage';
import { useCan } from '../auth/useCan';
import { formatIstLines } from '../../lib/ist';
import { audienceText, CHANNEL_LABELS, STATUS_LABELS, StatusBadge } from './labels';
import { useLivePolling } from './liveStatus';
import {
  marketingApi,
  useDeleteScheduledNotificationMutation,
  useListScheduledNotificationsQuery,
  type ScheduledNotificationListArgs,
} from './marketing.api';
import { useDisplaySettings } from '../../lib/format';

// The form (the contract's zod rules, the image dropzone, the user-type list) loads when opened.
const NotificationFormModal = lazy(() =>
  loadWithTimeout(() => import('./NotificationFormModal')).then((module) => ({
    default: module.NotificationFormModal,
  })),
);

// The read-only view of one (a notification that went out can no longer be edited), on first use.
const NotificationViewModal = lazy(() =>
  loadWithTimeout(() => import('./NotificationViewModal')).then((module) => ({
    default: module.NotificationViewModal,
  })),
);

/** The page's dialogs besides the form: the read-only view and the form of a duplicate. */
type OtherDialog =
  { kind: 'view'; record: ScheduledNotification } | { kind: 'copy'; record: ScheduledNotification };

const NO_ROWS: ScheduledNotification[] = [];

/**
 * The list; while one is sending or due within minutes it reloads every few seconds (the last
 * answer for these arguments decides), and it is asked again on arrival.
 */
const useScheduledList = (args: ScheduledNotificationListArgs) => {
  const cached = marketingApi.endpoints.listScheduledNotifications.useQueryState(args);
  const pollingInterval = useLivePolling(
    cached.data?.notifications ?? NO_ROWS,
    cached.fulfilledTimeStamp,
  );
  return useListScheduledNotificationsQuery(args, {
    pollingInterval,
    refetchOnMountOrArgChange: true,
  });
};

const td = 'px-3 py-3 text-slate-700 dark:text-slate-300';

/** Per chosen channel, what was delivered and what failed (nothing before sending starts). */
const DeliveryCounts = ({ notification }: { notification: ScheduledNotification }) => {
  const started = notification.status !== 'scheduled' && notification.status !== 'cancelled';
  const rows = notification.channels.filter((channel) => notification.counts[channel]);
  if (!started || rows.length === 0) {
    return <span className="text-slate-500 dark:text-slate-400">—</span>;
  }

  return (
    <ul className="space-y-1 text-xs whitespace-nowrap">
      {rows.map((channel) => {
        const counts = notification.counts[channel] ?? { sent: 0, failed: 0 };
        return (
          <li
            key={channel}
            aria-label={`${CHANNEL_LABELS[channel]}: ${counts.sent} sent, ${counts.failed} failed`}
          >
            <span className="block font-medium text-slate-900 dark:text-slate-100">
              {CHANNEL_LABELS[channel]}
            </span>
            <span className="text-green-700 tabular-nums dark:text-green-400">
              {counts.sent} sent
            </span>
            <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
              {' '}
              /{' '}
            </span>
            <span
              className={`tabular-nums ${
                counts.failed > 0
                  ? 'text-red-700 dark:text-red-400'
                  : 'text-slate-500 dark:text-slate-400'
              }`}
            >
              {counts.failed} failed
            </span>
          </li>
        );
      })}
    </ul>
  );
};

/** The IST time on two lines, '21 Nov 2026' over '3:30:15 pm IST'. */
const IstTime = ({ value }: { value: string }) => {
  const [date, time] = formatIstLines(value);
  return (
    <time dateTime={value} className="block">
      {date}
      <span className="block text-xs text-slate-500 dark:text-slate-400">{time}</span>
    </time>
  );
};

const ChannelChips = ({ notification }: { notification: ScheduledNotification }) => (
  <ul className="flex flex-wrap gap-1">
    {notification.channels.map((channel) => (
      <li
        key={channel}
        className="rounded-md border border-slate-200 px-1.5 py-0.5 text-xs whitespace-nowrap text-slate-700 dark:border-slate-700 dark:text-slate-300"
      >
        {CHANNEL_LABELS[channel]}
      </li>
    ))}
  </ul>
);

/**
 * /marketing/notification, 'Add Notification' (spec §2, §7 "Marketing"): the scheduled marketing
 * notifications in a searchable, paged table with a status filter (title and message, channels,
 * audience, time in IST, status, per-channel delivery counts), 'Add Notification', and Edit /
 * Delete while a notification is still scheduled; View (read-only, every row an admin cannot
 * edit) and Duplicate (the add form filled from it, image copied). While one is sending or due
 * within minutes the list reloads every few seconds; a finished send (the socket's in-app
 * notification) reloads it at once.
 */
export const MarketingNotificationsPage = () => {
  useDisplaySettings(); // prices and dates follow the Basic Settings live
  const canCreate = useCan('marketing.create');
  const canUpdate = useCan('marketing.update');
  const canDelete = useCan('marketing.delete');
  const statusId = useId();
  const [status, setStatus] = useState<ScheduledStatus | null>(null);
  // Another status is another list: it starts at page 1.
  const paging = useSearchPaging(status ?? '');
  const list = useListPage(paging, useScheduledList({ ...paging.args, status }), {
    rows: (data) => data.notifications,
    errorFallback: 'Failed to fetch scheduled notifications',
    // Polls reload the same page quietly; a new search or page shows the spinner.
    quietRefetch: true,
  });

  const { dialog, open, openForm, close, onAdd } = useListDialog<
    ScheduledNotification,
    OtherDialog
  >(canCreate);
  const view = (record: ScheduledNotification) => {
    open({ kind: 'view', record });
  };
  const duplicate = canCreate
    ? (record: ScheduledNotification) => {
        open({ kind: 'copy', record });
      }
    : undefined;
  // 'Duplicate' inside the view: the view closes first and gives focus back to its row (Radix
  // does that in a 0 ms timer queued as it unmounts); the form opens after it, so it returns
  // focus to that row too when it closes.
  const [copyAfterView, setCopyAfterView] = useState<ScheduledNotification | null>(null);
  useEffect(() => {
    if (!copyAfterView) return undefined;
    const timer = setTimeout(() => {
      open({ kind: 'copy', record: copyAfterView });
      setCopyAfterView(null);
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [copyAfterView, open]);
  const [deleteNotification] = useDeleteScheduledNotificationMutation();
  const remove = useRowAction({
    run: (notification: ScheduledNotification) =>
      deleteNotification({ id: notification._id }).unwrap(),
    confirm: {
      title: 'Delete scheduled notification?',
      message: (notification) =>
        `"${notification.title}" will not be sent, and it is removed from the list.`,
      confirmLabel: 'Delete',
    },
    success: MARKETING_MESSAGES.deleted,
    failure: 'The notification could not be deleted. Please try again.',
  });

  const dialogs = (
    <>
      {dialog.kind === 'form' ? (
        <NotificationFormModal notification={dialog.record} onClose={close} />
      ) : null}
      {dialog.kind === 'copy' ? (
        <NotificationFormModal notification={null} copyOf={dialog.record} onClose={close} />
      ) : null}
      {dialog.kind === 'view' ? (
        <NotificationViewModal
          notification={dialog.record}
          onClose={close}
          onDuplicate={
            duplicate
              ? (record) => {
                  close();
                  setCopyAfterView(record);
                }
              : undefined
          }
        />
      ) : null}

      <ConfirmDialog {...remove.confirmDialog} />
    </>
  );

  return (
    <ListPageShell
      list={list}
      texts={{
        title: 'Add Notification',
        description:
          'Marketing notifications scheduled by push, e-mail, SMS or WhatsApp, with their delivery. Times are India Standard Time (IST).',
        searchPlaceholder: 'Search by title or message...',
        searchLabel: 'Search notifications',
        emptyTitle: 'No notifications found',
        emptyMessage: status
          ? `No notification is ${STATUS_LABELS[status].toLowerCase()}.`
          : 'Schedule the first one with Add Notification.',
        countLabel: ['notification', 'notifications'],
        loadingLabel: 'Loading notifications',
        addLabel: 'Add Notification',
      }}
      onAdd={onAdd}
      filters={
        <div className="flex items-center gap-2">
          <label
            htmlFor={statusId}
            className="text-sm font-medium whitespace-nowrap text-slate-700 dark:text-slate-300"
          >
            Status
          </label>
          <select
            id={statusId}
            value={status ?? ''}
            onChange={(event) => {
              setStatus((event.target.value || null) as ScheduledStatus | null);
            }}
            className={`${inputClasses()} w-auto min-w-40`}
          >
            <option value="">All statuses</option>
            {SCHEDULED_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      }
      dialogs={dialogs}
    >
      <DataTable
        columns={[
          'Notification',
          'Channels',
          'Audience',
          'Scheduled (IST)',
          'Status',
          'Delivery',
          ACTIONS_COLUMN,
        ]}
      >
        {list.rows.map((notification) => {
          const editable = notification.status === 'scheduled';
          return (
            <tr key={notification._id} className="align-top">
              <td className={`${td} max-w-80 min-w-48`}>
                <div className="flex gap-3">
                  {notification.imageUrl ? (
                    <img
                      src={notification.imageUrl}
                      alt=""
                      loading="lazy"
                      className="aspect-[4/3] w-14 shrink-0 rounded-md object-cover"
                    />
                  ) : null}
                  <div className="min-w-0">
                    <div className="font-medium break-words text-slate-900 dark:text-white">
                      {notification.title}
                    </div>
                    <p className="mt-0.5 line-clamp-2 text-xs break-words text-slate-500 dark:text-slate-400">
                      {notification.message}
                    </p>
                  </div>
                </div>
              </td>
              <td className={`${td} min-w-28`}>
                <ChannelChips notification={notification} />
              </td>
              <td className={`${td} min-w-28`}>{audienceText(notification)}</td>
              <td className={`${td} whitespace-nowrap`}>
                <IstTime value={notification.scheduledAt} />
                {notification.createdBy ? (
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    by {notification.createdBy.name}
                  </span>
                ) : null}
              </td>
              <td className={td}>
                <StatusBadge status={notification.status} />
              </td>
              <td className={td}>
                <DeliveryCounts notification={notification} />
              </td>
              <td className={`${td} text-right whitespace-nowrap`}>
                <span className="inline-flex flex-col items-end gap-0.5">
                  {editable && canUpdate ? (
                    <EditAction
                      record={notification}
                      name={notification.title}
                      onClick={openForm}
                    />
                  ) : (
                    <RowAction
                      tone="teal"
                      aria-label={`View ${notification.title}`}
                      onClick={() => {
                        view(notification);
                      }}
                    >
                      View
                    </RowAction>
                  )}
                  {duplicate ? (
                    <RowAction
                      tone="indigo"
                      aria-label={`Duplicate ${notification.title}`}
                      onClick={() => {
                        duplicate(notification);
                      }}
                    >
                      Duplicate
                    </RowAction>
                  ) : null}
                  {editable ? (
                    <DeleteAction
                      record={notification}
                      name={notification.title}
                      busy={remove.isBusy(notification)}
                      onClick={canDelete ? remove.start : undefined}
                    />
                  ) : null}
                </span>
              </td>
            </tr>
          );
        })}
      </DataTable>
    </ListPageShell>
  );
};

export { MarketingNotificationsPage as Component };
