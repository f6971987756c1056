import {
  API_PATHS,
  type SavedPushSubscription,
  type SaveFcmTokenRequest,
  type VapidPublicKey,
} from '@safarnama/contract';
import { dataOf, getQuery, injectEndpoints, mutation, withData } from '../../app/api';

/** Web push registration (spec §4, §7 save-fcm-token); loaded with the signed-in layout. */
export const pushApi = injectEndpoints({
  getVapidPublicKey: getQuery(API_PATHS.common.vapidPublicKey, dataOf<VapidPublicKey>),
  saveFcmToken: mutation(
    withData<SaveFcmTokenRequest>(API_PATHS.common.saveFcmToken),
    dataOf<SavedPushSubscription>,
  ),
});
