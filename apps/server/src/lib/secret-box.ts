import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (TOTP secrets, channel credentials): AES-256-GCM under a key derived from
 * APP_SECRET with HKDF-SHA256 and a purpose label, so one leaked purpose key opens nothing else.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export interface SecretBox {
  seal: (plain: string) => string;
  /** Throws when the value was not sealed by this box (wrong key or tampered). */
  open: (sealed: string) => string;
}

export const createSecretBox = (appSecret: string, purpose: string): SecretBox => {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'safarnama', purpose, 32));
  return {
    seal: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open: (sealed) => {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
};
