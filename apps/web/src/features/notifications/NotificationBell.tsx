import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Notification } from '@safarnama/contract';
import { Spinner } from '../../components/ui/Spinner';
import { toastError } from '../../lib/errors';
import {
  BELL_ARGS,
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationsReadMutation,
} from './notifications.api';
import { NotificationText, UnreadDot } from './NotificationItem';

/** '9+' past nine, so the badge stays round. */
const badgeText = (count: number) => (count > 9 ? '9+' : String(count));

/**
 * The header bell: the unread count as a badge, and a panel with the five newest notifications
 * ('Mark all as read', each opens its page and is marked read, 'View all notifications'). The
 * count and the list follow the socket's `notification` events (see `RealtimeEvents`).
 */
export const NotificationBell = () => {
  const panelId = useId();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { data, isLoading, isError, refetch } = useGetNotificationsQuery(BELL_ARGS);
  const [markRead] = useMarkNotificationsReadMutation();
  const [markAllRead, { isLoading: isMarkingAll }] = useMarkAllNotificationsReadMutation();
  const unread = data?.unreadCount ?? 0;
  const items = data?.notifications ?? [];

  useEffect(() => {
    if (!isOpen) return;
    const handlePointerDown = (event: PointerEvent): void => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const handleKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [isOpen]);

  const handleToggle = (): void => {
    setIsOpen((open) => {
      if (!open) void refetch();
      return !open;
    });
  };

  const handleOpenItem = (item: Notification): void => {
    setIsOpen(false);
    if (!item.isRead) {
      markRead([item._id])
        .unwrap()
        .catch((error: unknown) => {
          toastError(error, 'The notification could not be marked as read');
        });
    }
    void navigate(item.link?.startsWith('/') ? item.link : '/notification');
  };

  const handleMarkAll = (): void => {
    markAllRead(undefined)
      .unwrap()
      .catch((error: unknown) => {
        toastError(error, 'The notifications could not be marked as read');
      });
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={handleToggle}
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
          <path
            fillRule="evenodd"
            d="M10 2a6 6 0 0 0-6 6c0 1.887-.454 3.665-1.257 5.234a.75.75 0 0 0 .515 1.076 32.91 32.91 0 0 0 3.256.508 3.5 3.5 0 0 0 6.972 0 32.903 32.903 0 0 0 3.256-.508.75.75 0 0 0 .515-1.076A11.448 11.448 0 0 1 16 8a6 6 0 0 0-6-6ZM8.05 14.943a33.54 33.54 0 0 0 3.9 0 2 2 0 0 1-3.9 0Z"
            clipRule="evenodd"
          />
        </svg>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white dark:bg-red-600 dark:ring-slate-900"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </button>

      {isOpen ? (
        <div
          id={panelId}
          role="region"
          aria-label="Latest notifications"
          className="absolute right-0 z-40 mt-2 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <p className="text-sm font-semibold text-slate-900 dark:text-white">
              Notifications
              {unread > 0 ? (
                <span className="ml-1.5 font-normal text-slate-500 dark:text-slate-400">
                  ({unread} unread)
                </span>
              ) : null}
            </p>
            <button
              type="button"
              onClick={handleMarkAll}
              disabled={unread === 0 || isMarkingAll}
              className="rounded text-xs font-medium text-teal-700 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none disabled:cursor-default disabled:text-slate-400 disabled:no-underline dark:text-teal-400 dark:disabled:text-slate-600"
            >
              Mark all as read
            </button>
          </div>
          {isLoading ? (
            <div className="flex justify-center py-8 text-teal-600 dark:text-teal-400">
              <Spinner className="size-5" label="Loading notifications" />
            </div>
          ) : isError ? (
            <p className="px-4 py-6 text-center text-sm text-red-700 dark:text-red-400">
              Notifications could not be loaded.
            </p>
          ) : items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
              You're all caught up. New sign-ins and security changes will show here.
            </p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
              {items.map((item) => (
                <li key={item._id}>
                  <button
                    type="button"
                    onClick={() => {
                      handleOpenItem(item);
                    }}
                    className={`flex w-full gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none dark:hover:bg-slate-800/60 dark:focus-visible:bg-slate-800/60 ${
                      item.isRead ? '' : 'bg-teal-50/60 dark:bg-teal-400/5'
                    }`}
                  >
                    <UnreadDot isRead={item.isRead} />
                    <NotificationText notification={item} compact />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="border-t border-slate-200 px-4 py-2.5 text-center dark:border-slate-800">
            <Link
              to="/notification"
              onClick={() => {
                setIsOpen(false);
              }}
              className="rounded text-sm font-medium text-teal-700 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-teal-400"
            >
              View all notifications
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
};
