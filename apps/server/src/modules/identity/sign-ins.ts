import type { LoginLocation, LoginResult } from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import type { NotificationInput } from '../notifications/notifications.service.js';
import { insertLoginAttempt } from './identity.repo.js';
import { deviceKey, parseUserAgent, placeOf } from './user-agent.js';

/** Where a sign-in attempt came from. */
export interface AttemptSource {
  ip: string;
  userAgent: string | undefined | null;
  location?: LoginLocation | null | undefined;
}

/** Writes one row of the login activity (every attempt, whatever its outcome). */
export const recordLoginAttempt = (
  db: Executor,
  entry: {
    adminId: string | null;
    email: string;
    result: LoginResult;
    method?: 'password' | 'totp' | 'recovery_code';
    sessionId?: string | null;
    at: Date;
  } & AttemptSource,
) =>
  insertLoginAttempt(db, {
    adminId: entry.adminId,
    email: entry.email.trim().toLowerCase().slice(0, 254),
    result: entry.result,
    method: entry.method ?? 'password',
    ip: entry.ip,
    userAgent: entry.userAgent?.slice(0, 512) ?? null,
    location: entry.location ?? null,
    sessionId: entry.sessionId ?? null,
    createdAt: entry.at,
  });

/**
 * The notification a successful sign-in deserves, if any: a browser + OS pair or a city +
 * country this admin has not signed in from before. The first sign-in ever has nothing to compare
 * with and tells nothing; an unknown location (spec §8 fallbacks) never counts as new.
 */
export const newSignInNotice = (
  history: readonly { userAgent: string | null; location: LoginLocation | null }[],
  current: AttemptSource,
): NotificationInput | null => {
  if (history.length === 0) return null;
  const device = deviceKey(current.userAgent);
  const place = placeOf(current.location);
  const newDevice = device !== null && !history.some((h) => deviceKey(h.userAgent) === device);
  const newPlace = place !== null && !history.some((h) => placeOf(h.location)?.key === place.key);
  if (!newDevice && !newPlace) return null;
  const agent = parseUserAgent(current.userAgent);
  const from = [
    `${agent.browser} on ${agent.os}`,
    place ? `in ${place.city}, ${place.country}` : null,
    current.ip ? `(IP ${current.ip})` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    type: 'security',
    title: newDevice ? 'Sign-in from a new device' : 'Sign-in from a new location',
    message: `Someone signed in to your account from ${from}. If this was not you, change your password and sign out of all other devices.`,
    link: '/login-activity',
  };
};
