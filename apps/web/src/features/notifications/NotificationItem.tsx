import type { Notification } from '@safarnama/contract';
import { formatDateTime, formatRelativeTime, useDisplaySettings } from '../../lib/format';

const TYPE_LABELS: Record<string, string> = {
  security: 'Security',
  account: 'Account',
  marketing: 'Marketing',
  system: 'System',
};

const TYPE_TONES: Record<string, string> = {
  security: 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300',
  account: 'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300',
  marketing: 'bg-violet-100 text-violet-800 dark:bg-violet-400/15 dark:text-violet-300',
  system: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

/** The kind of a notification as a small coloured badge. */
export const NotificationTypeBadge = ({ type }: { type: string }) => (
  <span
    className={`inline-flex rounded px-1.5 py-px text-[11px] font-medium ${
      TYPE_TONES[type] ?? TYPE_TONES.system
    }`}
  >
    {TYPE_LABELS[type] ?? type}
  </span>
);

/** The dot before an unread notification (the word is for screen readers). */
export const UnreadDot = ({ isRead }: { isRead: boolean }) =>
  isRead ? (
    <span className="mt-1.5 size-2 shrink-0" aria-hidden="true" />
  ) : (
    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-teal-500 dark:bg-teal-400">
      <span className="sr-only">Unread</span>
    </span>
  );

/** Title, message and time of a notification; bold while unread. */
export const NotificationText = ({
  notification,
  compact = false,
}: {
  notification: Notification;
  compact?: boolean;
}) => {
  useDisplaySettings(); // the time follows the Basic Settings' zone live
  return (
    <div className="min-w-0 flex-1">
      <p
        className={`text-sm ${
          notification.isRead
            ? 'text-slate-700 dark:text-slate-300'
            : 'font-semibold text-slate-900 dark:text-white'
        }`}
      >
        {notification.title}
      </p>
      <p
        className={`mt-0.5 text-sm text-slate-600 dark:text-slate-400 ${compact ? 'line-clamp-2' : ''}`}
      >
        {notification.message}
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
        <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt)}>
          {formatRelativeTime(notification.createdAt)}
        </time>
        {compact ? null : <NotificationTypeBadge type={notification.type} />}
      </p>
    </div>
  );
};
