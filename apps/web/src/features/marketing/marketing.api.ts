import {
  API_PATHS,
  type Envelope,
  type ListQuery,
  type ScheduledNotification,
  type ScheduledNotificationList,
  type ScheduledStatus,
} from '@safarnama/contract';
import {
  dataOf,
  getQuery,
  injectEndpoints,
  messageOf,
  multipart,
  mutation,
  pageParams,
  withData,
} from '../../app/api';
import { getErrorStatus } from '../../lib/errors';
import { DASHBOARD_TAG, SCHEDULED_LIST_TAG } from './marketing.tags';

const PATHS = API_PATHS.marketing;

/** Only this status; null lists them all. */
export type ScheduledNotificationListArgs = ListQuery & { status: ScheduledStatus | null };

export interface SaveScheduledNotificationArgs {
  /** The notification to update; absent schedules a new one. */
  id?: string;
  /** The multipart body (`buildNotificationFormData`). */
  body: FormData;
  /** True when the body carries a new image (sent through the upload transport, with progress). */
  hasImage: boolean;
  onProgress?: (fraction: number) => void;
  /** The form's `Idempotency-Key`, sent with an add: a retry never schedules twice. */
  idempotencyKey?: string;
}

/** The answer of a write: the record (`data.data`) and the server's message. */
export interface SavedScheduledNotification {
  notification: ScheduledNotification;
  message: string;
}

/**
 * A write refreshes the list and the dashboard's card. One refused because the notification is no
 * longer what the page showed (it started sending, or is gone: 404, 409) reloads the list, the
 * admin is looking at an old state.
 */
const stale = (_arg: unknown, error: unknown) => {
  if (!error) return [SCHEDULED_LIST_TAG, DASHBOARD_TAG];
  const status = getErrorStatus(error);
  return status === 404 || status === 409 ? [SCHEDULED_LIST_TAG] : [];
};

/**
 * Scheduled marketing notifications (spec §7 "Marketing", issue 9) under /api/v1/admin/marketing:
 * the paged, searchable list (optionally one status), add and update as multipart forms (with an
 * optional image), delete as `{data: {id}}`.
 */
export const marketingApi = injectEndpoints({
  listScheduledNotifications: getQuery(
    ({ status, ...args }: ScheduledNotificationListArgs) => ({
      url: PATHS.list,
      params: { ...pageParams(args), ...(status ? { status } : {}) },
    }),
    dataOf<ScheduledNotificationList>,
    [SCHEDULED_LIST_TAG],
  ),
  saveScheduledNotification: mutation(
    ({ id, hasImage, idempotencyKey, ...arg }: SaveScheduledNotificationArgs) =>
      multipart(
        'POST',
        id ? PATHS.update : PATHS.add,
        { ...arg, idempotencyKey: id ? undefined : idempotencyKey },
        hasImage,
      ),
    (response: Envelope<{ data: ScheduledNotification }>): SavedScheduledNotification => ({
      notification: response.data.data,
      message: response.message,
    }),
    stale,
  ),
  deleteScheduledNotification: mutation(withData<{ id: string }>(PATHS.delete), messageOf, stale),
});

export const { useListScheduledNotificationsQuery } = marketingApi;
export const { useSaveScheduledNotificationMutation, useDeleteScheduledNotificationMutation } =
  marketingApi;
