import { timingSafeEqual } from 'node:crypto';
import webpush from 'web-push';
import {
  PUSH_MESSAGES as M,
  PUSH_REFRESH_MS,
  type PushPayload,
  type PushSubscriptionJson,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import { transaction } from '../../db/transaction.js';
import type { AuthContext } from '../../http/access.js';
import { BadRequest, ValidationError } from '../../http/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { hashToken } from '../../lib/tokens.js';
import { PUSH_TIMEOUT_MS, deliverPush } from '../../messaging/push.js';
import {
  deleteAllSubscriptions,
  deleteSubscription,
  findVapid,
  insertVapidIfAbsent,
  pruneSubscriptions,
  replaceVapid,
  upsertSubscription,
  type StoredVapid,
} from './push.repo.js';

export interface PushTarget {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushSendResult =
  { ok: true; status: number } | { ok: false; gone: boolean; status: number; error: string };

export interface PushService {
  /** The VAPID public key (base64url); generates and stores the key pair on first use. */
  publicKey(): Promise<string>;
  /**
   * `save-fcm-token` for the signed-in admin: a `userToken` sent must be this session's own
   * (null: a cookie session, which has no readable token), then {@link PushService.save}.
   */
  register(
    auth: AuthContext,
    body: { userToken: string | null; fcmToken: PushSubscriptionJson },
    userAgent: string | null,
  ): Promise<{ refreshAfter: Date }>;
  /** Creates or re-binds (by endpoint) a subscription to the admin; answers when to refresh. */
  save(
    adminId: string,
    subscription: PushSubscriptionJson,
    userAgent: string | null,
  ): Promise<{ refreshAfter: Date }>;
  /** Sends one message. Never throws for a delivery failure. On 404/410 from the push service
   *  the subscription row is deleted and `gone: true` is answered. */
  send(target: PushTarget, payload: PushPayload): Promise<PushSendResult>;
}

/** A token sent in the body must be the one this request is signed in with. */
const isOwnSessionToken = (auth: AuthContext, userToken: string) => {
  const sent = Buffer.from(hashToken(userToken));
  const own = Buffer.from(auth.session.tokenHash);
  return sent.length === own.length && timingSafeEqual(sent, own);
};

export interface PushServiceDeps {
  db: Database;
  now: () => Date;
  /** Seals the VAPID private key at rest (purpose 'vapid'). */
  box: SecretBox;
  /** The VAPID subject, a `mailto:` address (see {@link vapidSubject}). */
  subject: string;
  /** Push services a subscription may point at (PUSH_SERVICE_HOSTS; host or subdomain). */
  allowedHosts: readonly string[];
  log: { warn: (obj: object, msg: string) => void };
  /** Push request time-out (default 10 s; tests shorten it). */
  timeoutMs?: number;
}

/** An admin keeps at most this many browsers subscribed; the least recently seen go first. */
export const MAX_SUBSCRIPTIONS_PER_ADMIN = 10;
const USER_AGENT_MAX = 512;
const FALLBACK_SUBJECT = 'mailto:no-reply@safarnama.local';

/**
 * The VAPID subject from MAIL_FROM (`Name <a@b>` or `a@b`): push services reject anything but a
 * `mailto:` or `https:` contact, so a sender without an address falls back to a fixed one.
 */
export const vapidSubject = (mailFrom: string | undefined): string => {
  const address = (/<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom ?? '')?.[1] ?? mailFrom ?? '').trim();
  return /^[^\s@<>"]+@[^\s@<>"]+$/.test(address) ? `mailto:${address}` : FALLBACK_SUBJECT;
};

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * Whether the server may deliver to this endpoint: its host is one of `allowedHosts` or a
 * subdomain of one, over https — plain http only to a loopback host (a local push service in
 * tests) — and without credentials in the URL.
 */
export const isAllowedEndpoint = (endpoint: string, allowedHosts: readonly string[]): boolean => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'http:') {
    if (!LOOPBACK.test(host)) return false;
  } else if (url.protocol !== 'https:') {
    return false;
  }
  return allowedHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
};

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const decoded = (text: string) => (BASE64URL.test(text) ? Buffer.from(text, 'base64url') : null);

/** p256dh: an uncompressed P-256 point (65 bytes, 0x04 first); auth: a 16-byte secret. */
const keysValid = (keys: PushSubscriptionJson['keys']): boolean => {
  const point = decoded(keys.p256dh);
  const secret = decoded(keys.auth);
  return point?.length === 65 && point[0] === 4 && secret?.length === 16;
};

interface VapidPair {
  publicKey: string;
  privateKey: string;
}

/**
 * Web push for admins (issue 9, spec §4): the VAPID key pair (generated on first use, stored in
 * `app_settings` 'vapid' with the private key sealed), subscriptions per admin, and delivery.
 */
export const createPushService = (deps: PushServiceDeps): PushService => {
  const { db, now, box, subject, allowedHosts, log } = deps;
  const timeoutMs = deps.timeoutMs ?? PUSH_TIMEOUT_MS;

  const seal = (pair: VapidPair): StoredVapid => ({
    publicKey: pair.publicKey,
    privateKeySealed: box.seal(pair.privateKey),
  });
  const open = (stored: StoredVapid): VapidPair => ({
    publicKey: stored.publicKey,
    privateKey: box.open(stored.privateKeySealed),
  });

  /**
   * Reads the pair, creating it when there is none: insert … on conflict do nothing, then read
   * back, so two processes starting together end up with the same pair. A private key that no
   * longer opens (APP_SECRET changed) is replaced, and the subscriptions made for the old public
   * key are dropped: the push services would refuse our messages to them (the browsers subscribe
   * again on their next visit).
   */
  const load = async (): Promise<VapidPair> => {
    let stored = await findVapid(db);
    if (!stored) {
      await insertVapidIfAbsent(db, seal(webpush.generateVAPIDKeys()), now());
      stored = await findVapid(db);
      if (!stored) throw new Error('VAPID keys vanished after insert');
    }
    try {
      return open(stored);
    } catch {
      const previous = stored.publicKey;
      const fresh = webpush.generateVAPIDKeys();
      const replaced = await transaction(db, async (tx) => {
        const done = await replaceVapid(tx, previous, seal(fresh), now());
        if (done) await deleteAllSubscriptions(tx);
        return done;
      });
      log.warn(
        { replaced },
        'the stored VAPID private key cannot be opened (APP_SECRET changed?): new key pair, old push subscriptions dropped',
      );
      if (replaced) return fresh;
      const theirs = await findVapid(db);
      if (!theirs) throw new Error('VAPID keys vanished after replace');
      return open(theirs);
    }
  };

  let cached: Promise<VapidPair> | undefined;
  const vapid = (): Promise<VapidPair> => {
    if (!cached) {
      const loading = load();
      cached = loading;
      // A failed load (database unreachable) is not kept: the next call tries again.
      loading.catch(() => {
        if (cached === loading) cached = undefined;
      });
    }
    return cached;
  };

  const save: PushService['save'] = async (adminId, subscription, userAgent) => {
    if (!isAllowedEndpoint(subscription.endpoint, allowedHosts)) {
      throw new BadRequest(M.endpointNotAllowed);
    }
    if (!keysValid(subscription.keys)) {
      throw new ValidationError([{ path: 'fcmToken', message: M.invalidKeys }], M.invalidKeys);
    }
    const at = now();
    await transaction(db, async (tx) => {
      await upsertSubscription(tx, {
        adminId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
        at,
      });
      await pruneSubscriptions(tx, adminId, MAX_SUBSCRIPTIONS_PER_ADMIN);
    });
    return { refreshAfter: new Date(at.getTime() + PUSH_REFRESH_MS) };
  };

  return {
    publicKey: async () => (await vapid()).publicKey,
    register: async (auth, { userToken, fcmToken }, userAgent) => {
      if (userToken !== null && !isOwnSessionToken(auth, userToken)) {
        throw new BadRequest(M.userTokenMismatch);
      }
      return save(auth.admin.id, fcmToken, userAgent);
    },
    save,

    send: async (target, payload) => {
      try {
        if (!isAllowedEndpoint(target.endpoint, allowedHosts)) {
          return { ok: false, gone: false, status: 0, error: M.endpointNotAllowed };
        }
        const keys = await vapid();
        const result = await deliverPush(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          { subject, ...keys },
          timeoutMs,
        );
        if (result.ok) return { ok: true, status: result.status };
        if (result.gone) await deleteSubscription(db, target.id);
        return { ok: false, gone: result.gone, status: result.status, error: result.error };
      } catch (err) {
        log.warn({ err, subscriptionId: target.id }, 'push message not sent');
        return { ok: false, gone: false, status: 0, error: 'The push message could not be sent' };
      }
    },
  };
};
