import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser in
 * which an admin has signed in before carries `sn_device` = `<nonce>.<HMAC(e-mail, nonce)>`. Its
 * sign-in attempts for that admin count against the device's own allowance (`device:<nonce>`)
 * instead of the account's, so someone who knows the e-mail and locks the account with wrong
 * passwords from elsewhere cannot lock the admin out of their own browser. A device that spends
 * its own allowance is locked like an account. Nothing is stored: the HMAC proves the cookie was
 * ours and for this e-mail.
 */
export const DEVICE_COOKIE = 'sn_device';
/** A year: the device stays trusted while the admin keeps signing in from it. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface DeviceCookies {
  /** A new cookie value for `email` (issued with every session opened). */
  issue(email: string): string;
  /** The device's nonce when `value` is a genuine cookie for `email`, else undefined. */
  verify(value: string | undefined, email: string): string | undefined;
}

export const createDeviceCookies = (appSecret: string): DeviceCookies => {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'safarnama', 'device-cookie', 32));
  const sign = (email: string, nonce: string) =>
    createHmac('sha256', key).update(`${email.trim().toLowerCase()}\n${nonce}`).digest();
  return {
    issue: (email) => {
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${sign(email, nonce).toString('base64url')}`;
    },
    verify: (value, email) => {
      const [nonce, mac, extra] = (value ?? '').split('.');
      if (!nonce || !mac || extra !== undefined || !/^[\w-]{22}$/.test(nonce)) return undefined;
      const given = Buffer.from(mac, 'base64url');
      const expected = sign(email, nonce);
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? nonce
        : undefined;
    },
  };
};
