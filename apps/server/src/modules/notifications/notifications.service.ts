import {
  SOCKET_EVENTS,
  makePagination,
  type ListQuery,
  type MarkNotificationsReadRequest,
  type Notification,
  type NotificationEvent,
  type NotificationList,
  type NotificationType,
  type UnreadCount,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import { transaction } from '../../db/transaction.js';
import type { Realtime } from '../../realtime/hub.js';
import {
  insertNotifications,
  listNotifications,
  markRead,
  unreadCount,
  unreadCounts,
} from './notifications.repo.js';
import { presentNotification } from './notifications.present.js';

/** What a system event tells its admins (DESIGN §7): one row per recipient. */
export interface NotificationInput {
  type: NotificationType;
  title: string;
  message: string;
  /** An in-app path to open (e.g. '/login-activity'), or null. */
  link?: string | null;
  /**
   * The session whose own action caused it (not stored): the socket event carries it as
   * `causedBySessionId`, so that session's tab, which has toasted the outcome already, does not
   * toast it a second time. Every session gets the same event.
   */
  causedBySessionId?: string;
}

export interface NotificationServiceDeps {
  db: Database;
  realtime: Realtime;
  now: () => Date;
}

const TITLE_MAX = 200;
const MESSAGE_MAX = 2000;

/**
 * In-app notifications. `notify` is the one way any module (account security here; admin and
 * marketing events later) tells admins something: it inserts one row per admin and pushes
 * `notification` {notification, unreadCount} to each admin's open sockets. Call it AFTER the
 * transaction of the event commits (it writes on its own connection), never inside one.
 */
export const createNotificationService = ({ db, realtime, now }: NotificationServiceDeps) => {
  const notify = async (
    adminIds: readonly string[],
    input: NotificationInput,
  ): Promise<Notification[]> => {
    const recipients = [...new Set(adminIds)];
    if (recipients.length === 0) return [];
    const at = now();
    const rows = await insertNotifications(
      db,
      recipients.map((adminId) => ({
        adminId,
        type: input.type,
        title: input.title.slice(0, TITLE_MAX),
        message: input.message.slice(0, MESSAGE_MAX),
        link: input.link ?? null,
        createdAt: at,
      })),
    );
    const counts = await unreadCounts(db, recipients);
    const presented = rows.map(presentNotification);
    rows.forEach((row, i) => {
      const notification = presented[i];
      if (!notification) return;
      const event: NotificationEvent = {
        notification,
        unreadCount: counts.get(row.adminId) ?? 0,
        ...(input.causedBySessionId ? { causedBySessionId: input.causedBySessionId } : {}),
      };
      realtime.emitToAdmins([row.adminId], SOCKET_EVENTS.notification, event);
    });
    return presented;
  };

  const list = async (adminId: string, query: ListQuery): Promise<NotificationList> => {
    const [{ rows, ...counted }, unread] = await Promise.all([
      listNotifications(db, adminId, query),
      unreadCount(db, adminId),
    ]);
    return {
      notifications: rows.map(presentNotification),
      pagination: makePagination(counted.total, query.page, query.limit, counted),
      unreadCount: unread,
    };
  };

  /** Only the caller's own notifications are touched; other ids are silently left alone. */
  const markAsRead = async (
    adminId: string,
    { ids }: MarkNotificationsReadRequest,
  ): Promise<UnreadCount> => {
    const updated = await transaction(db, (tx) => markRead(tx, adminId, now(), ids));
    return { updated, unreadCount: await unreadCount(db, adminId) };
  };

  const markAllAsRead = async (adminId: string): Promise<UnreadCount> => {
    const updated = await transaction(db, (tx) => markRead(tx, adminId, now()));
    return { updated, unreadCount: await unreadCount(db, adminId) };
  };

  return { notify, list, markAsRead, markAllAsRead };
};

export type NotificationService = ReturnType<typeof createNotificationService>;
