import { z } from 'zod';
import { paginationSchema } from './pagination.js';

/** In-app notifications of the signed-in admin (issue 7; DESIGN §7). */
export const NOTIFICATION_TYPES = ['security', 'account', 'marketing', 'system'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.object({
  _id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  /** An in-app path to open (e.g. '/login-activity'), or null. */
  link: z.string().nullable(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /admin/auth/get-notifications` (page, limit, search over title and message). */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  pagination: paginationSchema,
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** `POST /admin/auth/mark-as-read-notification` {ids}: only the caller's own are touched. */
export const markNotificationsReadRequestSchema = z.strictObject({
  ids: z.array(z.uuid('Unknown notification')).min(1, 'Choose a notification').max(100),
});
export type MarkNotificationsReadRequest = z.input<typeof markNotificationsReadRequestSchema>;

/** Both mark-as-read calls answer the new unread count. */
export const unreadCountSchema = z.object({
  updated: z.number().int(),
  unreadCount: z.number().int(),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const NOTIFICATION_MESSAGES = {
  list: 'Notifications fetched successfully',
  marked: 'Marked as read',
  markedAll: 'All notifications marked as read',
} as const;
