import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random bearer token, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database stores instead of the token: SHA-256, hex. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** A strong generated password: 15 random bytes as 20 base64url characters. */
export const generatePassword = (): string => randomBytes(15).toString('base64url');
