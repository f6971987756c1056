import webpush from 'web-push';
import type { PushPayload } from '@safarnama/contract';
import { clip, fetchWithTimeout } from './http.js';

/**
 * One Web Push message (RFC 8030/8291/8292) to one subscription. web-push builds the request
 * (payload encrypted with aes128gcm for the subscription's keys, VAPID JWT signed with our key);
 * it is sent with `fetch` and a time-out, so the endpoint may be a local http server in tests.
 */

export interface VapidKeys {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushEndpoint {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushDelivery {
  ok: boolean;
  /** HTTP status of the push service, 0 when it could not be reached. */
  status: number;
  /** The subscription no longer exists (404/410): the caller deletes it. */
  gone: boolean;
  /** A short, admin-readable reason when not ok. */
  error: string;
}

export const PUSH_TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for an offline browser (seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/**
 * Push services accept 4096 bytes of encrypted body; aes128gcm adds 86 bytes of header, a 16-byte
 * tag and a padding delimiter, so the JSON stays under this (with room to spare).
 */
export const PUSH_MAX_PAYLOAD_BYTES = 3800;

const ACCEPTED = new Set([200, 201, 202]);
const GONE = new Set([404, 410]);

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/**
 * The JSON the service worker reads. A body that would overflow the push service's limit is
 * shortened (with an ellipsis); the image goes first if even that is not enough.
 */
export const encodePushPayload = (payload: PushPayload): string => {
  let message: PushPayload = { ...payload };
  if (bytes(message) > PUSH_MAX_PAYLOAD_BYTES && message.image) {
    const { image: _image, ...rest } = message;
    message = rest;
  }
  if (bytes(message) > PUSH_MAX_PAYLOAD_BYTES) {
    // The longest start of the body (whole code points) that fits with an ellipsis.
    const points = Array.from(message.body);
    const shortened = (n: number) => ({ ...message, body: `${points.slice(0, n).join('')}…` });
    let low = 0;
    let high = points.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (bytes(shortened(mid)) <= PUSH_MAX_PAYLOAD_BYTES) low = mid;
      else high = mid - 1;
    }
    message = shortened(low);
  }
  return JSON.stringify(message);
};

/** Sends one message; never throws. */
export const deliverPush = async (
  target: PushEndpoint,
  payload: PushPayload,
  vapid: VapidKeys,
  timeoutMs: number = PUSH_TIMEOUT_MS,
): Promise<PushDelivery> => {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(target, encodePushPayload(payload), {
      vapidDetails: vapid,
      contentEncoding: 'aes128gcm',
      TTL: PUSH_TTL_SECONDS,
      urgency: 'normal',
    });
  } catch (err) {
    return {
      ok: false,
      status: 0,
      gone: false,
      error: clip(
        `The push subscription could not be used (${err instanceof Error ? err.message : 'invalid'})`,
      ),
    };
  }

  const answer = await fetchWithTimeout(
    request.endpoint,
    {
      method: request.method,
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      ),
      body: request.body ?? null,
    },
    timeoutMs,
    'push service',
  );
  if ('unreachable' in answer) {
    return { ok: false, status: 0, gone: false, error: answer.unreachable };
  }
  const { response, text } = answer;
  if (ACCEPTED.has(response.status))
    return { ok: true, status: response.status, gone: false, error: '' };
  const said = text.trim() || response.statusText;
  return {
    ok: false,
    status: response.status,
    gone: GONE.has(response.status),
    error: clip(`${response.status} ${said}`.trim(), 200),
  };
};
