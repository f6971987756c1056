import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { API_PATHS } from '@safarnama/contract';
import { freshIp } from './factories.js';
import { dataOf } from './api.js';

/** The location a browser sends with a sign-in (the login location step), in New Delhi. */
export const DELHI = {
  ip: '203.0.113.9',
  lat: 28.6,
  long: 77.2,
  address: {
    country: 'India',
    state: 'Delhi',
    city: 'New Delhi',
    pinCode: '110001',
    complete_display_address: 'Connaught Place, New Delhi',
  },
};

/** A clock the test moves by hand (link and challenge expiry, TOTP steps). */
export const testClock = (start = Date.now()) => {
  // Start 5 s into a 30-second step, so "one step later" is never ambiguous.
  let at = Math.floor(start / 30_000) * 30_000 + 5_000;
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
};
export type TestClock = ReturnType<typeof testClock>;

/** The code an authenticator app shows for this base32 secret at this time. */
export const totpAt = (secret: string, at: Date) =>
  new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp: at.getTime() });

/** The session token a Cookie-mode sign-in set in its `authToken` cookie ('' when none). */
export const authCookieToken = (setCookie: unknown) =>
  /^authToken=([^;]+)/.exec(String(setCookie))?.[1] ?? '';

/** The profile, asked with that `authToken` cookie. */
export const profileWithCookie = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: API_PATHS.auth.profile, cookies: { authToken: token } });

/** POST a JSON `{data}` body (or none). */
export const postJson = (
  app: FastifyInstance,
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
  remoteAddress = freshIp(),
) =>
  app.inject({
    method: 'POST',
    url,
    headers,
    remoteAddress,
    ...(data === undefined ? {} : { payload: { data } }),
  });

export const getJson = (app: FastifyInstance, url: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url, headers });

/**
 * Turns 2FA on for a signed-in admin through the API; answers the base32 secret and the ten
 * recovery codes. The clock moves one step on, so the code used here is not the next one.
 */
export const enableTwoFactor = async (
  app: FastifyInstance,
  headers: Record<string, string>,
  clock: TestClock,
) => {
  const secret = dataOf<{ secret: string; otpauthUrl: string; qrCode: string }>(
    await postJson(app, API_PATHS.auth.generateTwoFactorSecret, undefined, headers),
  );
  const { recoveryCodes } = dataOf<{ recoveryCodes: string[] }>(
    await postJson(
      app,
      API_PATHS.auth.verifyTwoFactor,
      { otp: totpAt(secret.secret, clock.now()) },
      headers,
    ),
  );
  clock.advance(30_000);
  return { ...secret, recoveryCodes };
};

/** Pino log lines of an app built with `logger: captureLogs().logger`. */
export const captureLogs = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
};
