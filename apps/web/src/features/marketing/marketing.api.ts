import {
  API_PATHS,
  type Envelope,
  type ScheduledNotification,
  type ScheduledNotificationList,
  type ScheduledStatus,
} from '@safarnama/contract';
import { dataOf, messageOf } from '../../app/api';
import { uploadWithProgress } from '../../app/upload';
import { getErrorStatus } from '../../lib/errors';
import { idempotencyHeaders } from '../../lib/idempotency';
import { DASHBOARD_TAG, marketingTagsApi, SCHEDULED_LIST_TAG } from './marketing.tags';

const PATHS = API_PATHS.marketing;

export interface ScheduledNotificationListArgs {
  page: number;
  limit: number;
  search: string;
  /** Only this status; null lists them all. */
  status: ScheduledStatus | null;
}

export interface SaveScheduledNotificationArgs {
  /** The notification to update; absent schedules a new one. */
  id?: string;
  /** The multipart body (`buildNotificationFormData`). */
  body: FormData;
  /** True when the body carries a new image (sent over XHR with upload progress). */
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
 * A write refused because the notification is no longer what the page showed (it started sending,
 * or is gone): the list must load again, the admin is looking at an old state.
 */
const isStale = (error: unknown) => {
  const status = getErrorStatus(error);
  return status === 404 || status === 409;
};

/**
 * Scheduled marketing notifications (spec §7 "Marketing", issue 9) under /api/v1/admin/marketing:
 * the paged, searchable list (optionally one status), add and update as multipart forms (with an
 * optional image), delete as `{data: {id}}`. Writes refresh the list and the dashboard's card.
 */
export const marketingApi = marketingTagsApi.injectEndpoints({
  endpoints: (build) => ({
    listScheduledNotifications: build.query<
      ScheduledNotificationList,
      ScheduledNotificationListArgs
    >({
      query: ({ page, limit, search, status }) => ({
        url: PATHS.list,
        params: {
          page,
          limit,
          ...(search.trim() ? { search: search.trim() } : {}),
          ...(status ? { status } : {}),
        },
      }),
      transformResponse: dataOf<ScheduledNotificationList>,
      providesTags: [SCHEDULED_LIST_TAG],
    }),
    saveScheduledNotification: build.mutation<
      SavedScheduledNotification,
      SaveScheduledNotificationArgs
    >({
      async queryFn({ id, body, hasImage, onProgress, idempotencyKey }, api, _extra, baseQuery) {
        const url = id ? PATHS.update : PATHS.add;
        const headers = idempotencyHeaders(id ? undefined : idempotencyKey);
        // Only a file is worth the XHR transport (fetch reports no upload progress).
        const result = hasImage
          ? await uploadWithProgress({ url, method: 'POST', body, onProgress, headers }, api)
          : await baseQuery({ url, method: 'POST', body, headers });
        if (result.error) return { error: result.error };
        const envelope = result.data as Envelope<{ data: ScheduledNotification }>;
        return { data: { notification: envelope.data.data, message: envelope.message } };
      },
      invalidatesTags: (_result, error) =>
        !error ? [SCHEDULED_LIST_TAG, DASHBOARD_TAG] : isStale(error) ? [SCHEDULED_LIST_TAG] : [],
    }),
    deleteScheduledNotification: build.mutation<string, { id: string }>({
      query: (data) => ({ url: PATHS.delete, method: 'POST', body: { data } }),
      transformResponse: messageOf,
      invalidatesTags: (_result, error) =>
        !error ? [SCHEDULED_LIST_TAG, DASHBOARD_TAG] : isStale(error) ? [SCHEDULED_LIST_TAG] : [],
    }),
  }),
});

export const {
  useListScheduledNotificationsQuery,
  useSaveScheduledNotificationMutation,
  useDeleteScheduledNotificationMutation,
} = marketingApi;
