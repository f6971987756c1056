import { z } from 'zod';
import { listQuerySchema, paginationSchema } from './pagination.js';

/**
 * Scheduled marketing notifications (issue 9, DESIGN §7) under /api/v1/admin/marketing.
 * Times travel as ISO instants; the web shows and picks them in Asia/Kolkata.
 */

export const MARKETING_CHANNELS = ['push', 'email', 'sms', 'whatsapp'] as const;
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number];

export const AUDIENCE_TYPES = ['push_subscribers', 'all_admins', 'user_type'] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];
export const AUDIENCE_LABELS: Record<AudienceType, string> = {
  push_subscribers: 'All push subscribers',
  all_admins: 'All admins',
  user_type: 'Admins of a user type',
};

export const SCHEDULED_STATUSES = [
  'scheduled',
  'sending',
  'sent',
  'partially_failed',
  'failed',
  'cancelled',
] as const;
export type ScheduledStatus = (typeof SCHEDULED_STATUSES)[number];

export const MARKETING_LIMITS = { title: 100, message: 1000, link: 2048 } as const;

const channelCountsSchema = z.object({ sent: z.number().int(), failed: z.number().int() });

export const scheduledNotificationSchema = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  message: z.string(),
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  channels: z.array(z.enum(MARKETING_CHANNELS)),
  audience: z.object({
    type: z.enum(AUDIENCE_TYPES),
    userType: z.object({ _id: z.string(), name: z.string() }).nullable(),
  }),
  scheduledAt: z.string(),
  status: z.enum(SCHEDULED_STATUSES),
  /** Per-channel delivery counts, filled while and after sending. */
  counts: z.partialRecord(z.enum(MARKETING_CHANNELS), channelCountsSchema),
  sentAt: z.string().nullable(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduledNotification = z.infer<typeof scheduledNotificationSchema>;

/**
 * Text fields of `POST /add-new-notification` (multipart; an optional `image` file beside them;
 * channels as `channels[i]`). `scheduledAt` must be in the future.
 */
const scheduledShape = {
  title: z.string().trim().min(1, 'Title is required').max(MARKETING_LIMITS.title),
  message: z.string().trim().min(1, 'Message is required').max(MARKETING_LIMITS.message),
  link: z
    .string()
    .trim()
    .max(MARKETING_LIMITS.link)
    .refine(
      (value) => value === '' || value.startsWith('/') || /^https:\/\/[^\s]+$/.test(value),
      'Link must be an in-app path (/…) or an https:// URL',
    )
    .default(''),
  channels: z
    .array(z.enum(MARKETING_CHANNELS))
    .min(1, 'Choose at least one channel')
    .max(MARKETING_CHANNELS.length),
  audienceType: z.enum(AUDIENCE_TYPES),
  /** Required when audienceType is 'user_type'. */
  userTypeId: z.string().trim().max(64).default(''),
  scheduledAt: z.iso.datetime({ offset: true, error: 'Choose a valid date and time' }),
};
export const scheduledNotificationFieldsSchema = z.strictObject(scheduledShape);
export type ScheduledNotificationFields = z.input<typeof scheduledNotificationFieldsSchema>;

/**
 * The text fields `POST /add-new-notification` takes: the scheduled fields plus, optionally,
 * `copyImageFrom`, the id of a notification whose image the new one gets a copy of ('Duplicate':
 * the server copies the stored files, so either notification can later lose its image alone).
 * Not together with an `image` file.
 */
export const addScheduledNotificationFieldsSchema = z.strictObject({
  ...scheduledShape,
  copyImageFrom: z.union([z.literal(''), z.uuid('Unknown notification')]).default(''),
});

/** `POST /update-scheduled-notification`: same fields plus `id` (and `removeImage`). */
export const updateScheduledNotificationFieldsSchema = z.strictObject({
  ...scheduledShape,
  id: z.uuid('Unknown notification'),
  removeImage: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .default(false),
});

/** `POST /delete-scheduled-notification` {id}; `cancel` keeps the row as 'cancelled'. */
export const deleteScheduledNotificationRequestSchema = z.strictObject({
  id: z.uuid('Unknown notification'),
});

/**
 * `GET /get-all-scheduled-notification` (page, limit, search; optional `status` filter), newest
 * scheduled time first → `data.notifications`.
 */
export const scheduledNotificationListQuerySchema = listQuerySchema.extend({
  status: z.enum(SCHEDULED_STATUSES).optional(),
});
export type ScheduledNotificationListQuery = z.input<typeof scheduledNotificationListQuerySchema>;

export const scheduledNotificationListSchema = z.object({
  notifications: z.array(scheduledNotificationSchema),
  pagination: paginationSchema,
});
export type ScheduledNotificationList = z.infer<typeof scheduledNotificationListSchema>;

export const MARKETING_MESSAGES = {
  list: 'Scheduled notifications fetched successfully',
  created: 'Notification scheduled successfully',
  updated: 'Scheduled notification updated successfully',
  deleted: 'Scheduled notification deleted successfully',
  notFound: 'Scheduled notification not found',
  inPast: 'Choose a time in the future',
  notEditable: 'Only notifications that are still scheduled can be changed',
  userTypeRequired: 'Choose the user type to send to',
  unknownUserType: 'That user type does not exist or is disabled',
  /** `copyImageFrom` names a notification that is gone or has no image (any more). */
  noImageToCopy: 'That notification has no image to copy any more: choose one',
  /** Both an `image` file and `copyImageFrom` were sent. */
  imageOrCopy: 'Send a new image or copy one, not both',
} as const;

/** In-app notification to the admin who scheduled it, when sending finishes (DESIGN §7). */
export const marketingFinishedText = (
  title: string,
  status: ScheduledStatus,
  totals: { sent: number; failed: number },
): { title: string; message: string } => {
  if (totals.sent === 0 && totals.failed === 0) {
    return {
      title: 'Scheduled notification had no recipients',
      message: `"${title}" reached nobody: no recipient matched the audience on the chosen channels.`,
    };
  }
  const verb = status === 'sent' ? 'was sent' : status === 'failed' ? 'failed' : 'was partly sent';
  return {
    title: `Scheduled notification ${verb}`,
    message: `"${title}": ${totals.sent} delivered, ${totals.failed} failed.`,
  };
};
