import {
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

/** The form as the page holds it: the time as an IST date and time, ids '' when not chosen. */
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
export type NotificationErrors = Partial<Record<NotificationField, string>>;

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
  };
};

/** The text fields of the add / update form (contract `scheduledNotificationFieldsSchema`). */
export interface NotificationTextFields {
  title: string;
  message: string;
  link: string;
  channels: MarketingChannel[];
  audienceType: AudienceType;
  userTypeId: string;
  scheduledAt: string;
}

/**
 * Checks the form as the server will (the contract's schema) plus what only makes sense here: a
 * user type when the audience is 'Admins of a user type', and a time still in the future at `now`.
 * Answers the text fields to send, or the messages per field.
 */
export const validateNotification = (
  values: NotificationFormValues,
  now: number = Date.now(),
): { fields: NotificationTextFields | null; errors: NotificationErrors } => {
  const scheduledAt = istToIso({ date: values.date, time: values.time });
  const candidate = {
    title: values.title,
    message: values.message,
    link: values.link,
    channels: values.channels,
    audienceType: values.audienceType,
    userTypeId: values.audienceType === 'user_type' ? values.userTypeId : '',
    scheduledAt: scheduledAt ?? '',
  };
  const errors: NotificationErrors = {};
  const parsed = scheduledNotificationFieldsSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(String(issue.path[0] ?? ''));
      if (field) errors[field] ??= issue.message;
    }
  }
  if (values.audienceType === 'user_type' && !values.userTypeId.trim()) {
    errors.userTypeId ??= MARKETING_MESSAGES.userTypeRequired;
  }
  if (scheduledAt && !errors.scheduledAt && new Date(scheduledAt).getTime() <= now) {
    errors.scheduledAt = MARKETING_MESSAGES.inPast;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { fields: null, errors };
  return { fields: parsed.data, errors: {} };
};

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
