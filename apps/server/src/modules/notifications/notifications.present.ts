import type { Notification } from '@safarnama/contract';
import type { NotificationRow } from './notifications.repo.js';

export const presentNotification = (row: NotificationRow): Notification => ({
  _id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  link: row.link,
  isRead: row.readAt !== null,
  readAt: row.readAt ? row.readAt.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
});
