import type { z } from 'zod';
import {
  MARKETING_CHANNELS,
  MARKETING_MESSAGES,
  scheduledNotificationFieldsSchema,
  type AudienceType,
  type MarketingChannel,
  type ScheduledNotification,
} from '@safarnama/contract';
import { defaultIstSlot, isoToIst, istToIso } from './ist';

/** The multipart file field of the image, and the flag that drops the saved one. */
export const IMAGE_FIELD = 'image';
export const REMOVE_IMAGE_FIELD = 'removeImage';

/**
 * The form as the page holds it: the time as an IST date and time, ids '' when not chosen, the
 * image file, and `scheduledAt`, which holds nothing itself but carries the time's error (its
 * path in the contract) for the date and time inputs.
 */
export interface NotificationFormValues {
  title: string;
  message: string;
  link: string;
  channels: MarketingChannel[];
  audienceType: AudienceType;
  userTypeId: string;
  /** 'YYYY-MM-DD' in IST. */
  date: string;
  /** 'HH:MM' or 'HH:MM:SS' in IST. */
  time: string;
  scheduledAt: string;
  image: File | null;
  removeImage: boolean;
}

/** Where a message shows: the form's fields ('scheduledAt' under the date and time). */
export type NotificationField =
  | 'title'
  | 'message'
  | 'link'
  | 'channels'
  | 'audienceType'
  | 'userTypeId'
  | 'scheduledAt'
  | 'image';

const FIELDS: readonly NotificationField[] = [
  'title',
  'message',
  'link',
  'channels',
  'audienceType',
  'userTypeId',
  'scheduledAt',
  'image',
];

/** The field an error path names: `channels.1` / `channels[1]` → `channels`; others null. */
export const fieldOfPath = (path: string): NotificationField | null => {
  const head = path.split(/[.[]/)[0] ?? path;
  if (head === REMOVE_IMAGE_FIELD) return 'image';
  return (FIELDS as readonly string[]).includes(head) ? (head as NotificationField) : null;
};

/** A new notification's form (a time an hour ahead), or an existing one's. */
export const initialFormValues = (
  notification: ScheduledNotification | null,
  now: number = Date.now(),
): NotificationFormValues => {
  const slot = (notification && isoToIst(notification.scheduledAt)) ?? defaultIstSlot(now);
  return {
    title: notification?.title ?? '',
    message: notification?.message ?? '',
    link: notification?.link ?? '',
    channels: notification ? [...notification.channels] : [],
    audienceType: notification?.audience.type ?? 'all_admins',
    userTypeId: notification?.audience.userType?._id ?? '',
    date: slot.date,
    time: slot.time,
    scheduledAt: '',
    image: null,
    removeImage: false,
  };
};

/** The text fields of the add / update form (contract `scheduledNotificationFieldsSchema`). */
export type NotificationTextFields = z.output<typeof scheduledNotificationFieldsSchema>;

/**
 * The text fields the form's values make: the IST date and time as an instant at +05:30 ('' when
 * they are no time), channels in the contract's order, the user type only for a user-type
 * audience.
 */
export const toNotificationRequest = (values: NotificationFormValues) => ({
  title: values.title,
  message: values.message,
  link: values.link,
  channels: MARKETING_CHANNELS.filter((channel) => values.channels.includes(channel)),
  audienceType: values.audienceType,
  userTypeId: values.audienceType === 'user_type' ? values.userTypeId : '',
  scheduledAt: istToIso({ date: values.date, time: values.time }) ?? '',
});

const hasIssueAt = (issues: readonly { path?: PropertyKey[] }[], field: string) =>
  issues.some((issue) => issue.path?.[0] === field);

/**
 * The contract's schema plus what the server's service checks beyond it: a user type when the
 * audience is 'Admins of a user type', and a time still in the future (to the second).
 */
export const notificationFormSchema = scheduledNotificationFieldsSchema
  .refine((fields) => fields.audienceType !== 'user_type' || fields.userTypeId.trim() !== '', {
    path: ['userTypeId'],
    message: MARKETING_MESSAGES.userTypeRequired,
    when: () => true,
  })
  .refine((fields) => Date.parse(fields.scheduledAt) > Date.now(), {
    path: ['scheduledAt'],
    message: MARKETING_MESSAGES.inPast,
    when: (payload) => !hasIssueAt(payload.issues, 'scheduledAt'),
  });

/**
 * The multipart body of `add-new-notification` / `update-scheduled-notification`: `id` first on
 * update, the text fields, channels as `channels[0]`, `channels[1]`…, `userTypeId` only for a
 * user-type audience, `scheduledAt` as an ISO instant at +05:30, `removeImage` on update, and the
 * `image` file last when one was chosen.
 */
export const buildNotificationFormData = (
  fields: NotificationTextFields,
  options: { id?: string; image?: File | null; removeImage?: boolean } = {},
): FormData => {
  const body = new FormData();
  if (options.id) body.append('id', options.id);
  body.append('title', fields.title);
  body.append('message', fields.message);
  body.append('link', fields.link);
  fields.channels.forEach((channel, index) => {
    body.append(`channels[${index}]`, channel);
  });
  body.append('audienceType', fields.audienceType);
  if (fields.audienceType === 'user_type') body.append('userTypeId', fields.userTypeId);
  body.append('scheduledAt', fields.scheduledAt);
  if (options.id) {
    body.append(REMOVE_IMAGE_FIELD, options.removeImage && !options.image ? 'true' : 'false');
  }
  if (options.image) body.append(IMAGE_FIELD, options.image);
  return body;
};
