import { PUSH_REFRESH_MS } from '@safarnama/contract';
import type { AppDispatch } from '../../app/store';
import { getToken } from '../../lib/token';
import { pushApi } from './push.api';

/** The service worker, served from the app root so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';
/** localStorage: which subscription was last saved, for whom and when. */
export const PUSH_STATE_KEY = 'safarnama.push';

export interface SavedPushState {
  adminId: string;
  endpoint: string;
  /** Epoch milliseconds of the last successful save. */
  savedAt: number;
}

export type PushRegistrationResult =
  /** Saved with the server just now. */
  | 'saved'
  /** Saved for this admin and endpoint less than PUSH_REFRESH_MS ago: nothing sent. */
  | 'fresh'
  /** The browser has no service workers or no push. */
  | 'unsupported'
  | 'denied'
  | 'failed';

/** The texts logged when push cannot be set up (spec §4: the error is logged, nothing is saved). */
export const PUSH_LOG = {
  denied: 'Push notifications permission was denied; no push token was saved.',
  noSubscription: 'No push subscription is available; no push token was saved.',
  failed: 'Push notifications could not be set up; no push token was saved.',
} as const;

const readState = (): SavedPushState | null => {
  try {
    const raw = window.localStorage.getItem(PUSH_STATE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SavedPushState>;
    return typeof value.adminId === 'string' &&
      typeof value.endpoint === 'string' &&
      typeof value.savedAt === 'number'
      ? { adminId: value.adminId, endpoint: value.endpoint, savedAt: value.savedAt }
      : null;
  } catch {
    return null;
  }
};

const writeState = (state: SavedPushState): void => {
  try {
    window.localStorage.setItem(PUSH_STATE_KEY, JSON.stringify(state));
  } catch {
    // Storage blocked: the next visit saves again, which is harmless.
  }
};

/** The VAPID key (base64url) as the bytes `applicationServerKey` takes. */
export const base64UrlToBytes = (text: string): Uint8Array<ArrayBuffer> => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = window.atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array): boolean => {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

export const isPushSupported = (): boolean =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window.PushManager !== 'undefined' &&
  typeof window.Notification !== 'undefined';

/**
 * Push registration of spec §4 for the signed-in admin: notification permission → the service
 * worker → a push subscription for the server's VAPID key → `save-fcm-token` {userToken, fcmToken:
 * the subscription's JSON, type 'Admin'}. Saved again only when the endpoint or the admin changed,
 * or after PUSH_REFRESH_MS (spec §9: 7 days). A denied permission, no subscription or any failure is
 * logged with `console.error` and nothing is saved; it never throws.
 */
export const registerPush = async (
  dispatch: AppDispatch,
  adminId: string,
  now: () => number = Date.now,
): Promise<PushRegistrationResult> => {
  // Nothing to ask for (an old browser, or plain http off localhost): no token, quietly.
  if (!isPushSupported()) return 'unsupported';
  try {
    const permission =
      Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission !== 'granted') {
      console.error(PUSH_LOG.denied);
      return 'denied';
    }
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    const registration = await navigator.serviceWorker.ready;

    const request = dispatch(pushApi.endpoints.getVapidPublicKey.initiate(undefined));
    let publicKey: string;
    try {
      publicKey = (await request.unwrap()).publicKey;
    } finally {
      request.unsubscribe();
    }
    const serverKey = base64UrlToBytes(publicKey);

    let subscription = await registration.pushManager.getSubscription();
    // Made for another key (the server's key pair was replaced): it would never receive anything.
    if (subscription && !sameBytes(subscription.options.applicationServerKey, serverKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: serverKey,
    });
    if (!subscription) {
      console.error(PUSH_LOG.noSubscription);
      return 'failed';
    }

    const saved = readState();
    const at = now();
    if (
      saved &&
      saved.adminId === adminId &&
      saved.endpoint === subscription.endpoint &&
      at - saved.savedAt < PUSH_REFRESH_MS
    ) {
      return 'fresh';
    }
    await dispatch(
      pushApi.endpoints.saveFcmToken.initiate({
        userToken: getToken(),
        fcmToken: JSON.stringify(subscription.toJSON()),
        type: 'Admin',
      }),
    ).unwrap();
    writeState({ adminId, endpoint: subscription.endpoint, savedAt: at });
    return 'saved';
  } catch (error) {
    console.error(PUSH_LOG.failed, error);
    return 'failed';
  }
};
