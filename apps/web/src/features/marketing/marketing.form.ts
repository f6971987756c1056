import {
  MARKETING_CHANNELS,
  MARKETING_MESSAGES,
  scheduledNotificationFieldsSchema,
  type ScheduledNotification,
} from '@safarnama/contract';
import { toFormData } from '../../lib/multipart';
import { defaultIstSlot, isoToIst, istToIso } from '../../lib/ist';

const FIELDS = ['title', 'message', 'link', 'channels', 'audienceType', 'userTypeId'] as const;
/** Where a message shows: the form's fields ('scheduledAt' under the date and time). */
export type NotificationField = (typeof FIELDS)[number] | 'scheduledAt' | 'image';

/** The field an error path names: `channels.1` / `channels[1]` → `channels`; others null. */
export const fieldOfPath = (path: string): NotificationField | null => {
  const head = path.split(/[.[]/)[0] ?? path;
  if (head === 'removeImage' || head === 'image' || head === 'copyImageFrom') return 'image';
  if (head === 'scheduledAt') return head;
  return (FIELDS as readonly string[]).includes(head) ? (head as NotificationField) : null;
};

/**
 * A new notification's form (a time an hour ahead), or an existing one's, as the page holds it:
 * the time as an IST date ('YYYY-MM-DD') and time ('HH:MM' or 'HH:MM:SS'), ids '' when not
 * chosen, the image file, and `scheduledAt`, which holds nothing itself but carries the time's
 * error (its path in the contract) for the date and time inputs.
 */
export const initialFormValues = (notification: ScheduledNotification | null, now = Date.now()) => {
  const slot = (notification && isoToIst(notification.scheduledAt)) ?? defaultIstSlot(now);
  return {
    title: notification?.title ?? '',
    message: notification?.message ?? '',
    link: notification?.link ?? '',
    channels: notification ? [...notification.channels] : [],
    audienceType: notification?.audience.type ?? 'all_admins',
    userTypeId: notification?.audience.userType?._id ?? '',
    ...slot,
    scheduledAt: '',
    image: null as File | null,
    removeImage: false,
  };
};
export type NotificationFormValues = ReturnType<typeof initialFormValues>;

/**
 * 'Duplicate': a new notification's form with what `source` says (title, message, link,
 * channels, audience) and a new time, the default slot (its own time has usually passed).
 */
export const duplicateFormValues = (
  source: ScheduledNotification,
  now = Date.now(),
): NotificationFormValues => ({ ...initialFormValues(source), ...defaultIstSlot(now) });

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
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'scheduledAt'),
  });

/**
 * The multipart body of `add-new-notification` / `update-scheduled-notification`: `id` first on
 * update, the text fields (channels as `channels[i]`, `userTypeId` only for a user-type
 * audience), `removeImage` on update, `copyImageFrom` on an add that keeps a duplicated
 * notification's image (the server copies its files), and the `image` file last when one was
 * chosen (a chosen file replaces the copy).
 */
export const buildNotificationFormData = (
  { userTypeId, scheduledAt, ...fields }: ReturnType<typeof toNotificationRequest>,
  {
    id,
    image = null,
    removeImage = false,
    copyImageFrom,
  }: { id?: string; image?: File | null; removeImage?: boolean; copyImageFrom?: string } = {},
): FormData =>
  toFormData({
    id,
    ...fields,
    userTypeId: fields.audienceType === 'user_type' ? userTypeId : undefined,
    scheduledAt,
    removeImage: id ? removeImage && !image : undefined,
    copyImageFrom: !id && !image && !removeImage ? copyImageFrom : undefined,
    image,
  });
