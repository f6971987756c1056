import type { z } from 'zod';
import {
  API_PATHS,
  type SaveFcmTokenRequest,
  type savedPushSubscriptionSchema,
  type vapidPublicKeySchema,
} from '@safarnama/contract';
import { baseApi, dataOf } from '../../app/api';

export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;
export type SavedPushSubscription = z.infer<typeof savedPushSubscriptionSchema>;

/** Web push registration (spec §4, §7 save-fcm-token); loaded with the signed-in layout. */
export const pushApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getVapidPublicKey: build.query<VapidPublicKey, undefined>({
      query: () => API_PATHS.common.vapidPublicKey,
      transformResponse: dataOf<VapidPublicKey>,
    }),
    saveFcmToken: build.mutation<SavedPushSubscription, SaveFcmTokenRequest>({
      query: (data) => ({ url: API_PATHS.common.saveFcmToken, method: 'POST', body: { data } }),
      transformResponse: dataOf<SavedPushSubscription>,
    }),
  }),
});
