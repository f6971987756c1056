import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { acceptTotpStep, useRecoveryCode, type AdminRow } from './identity.repo.js';

/**
 * Two-factor authentication (RFC 6238): TOTP with SHA-1, 6 digits, 30-second steps, issuer
 * 'Safarnama', labelled with the admin's e-mail — what every authenticator app understands.
 * Codes are checked one step either side of now; a step is accepted once (`totp_last_step`).
 * Recovery codes are ten `xxxxx-xxxxx` codes (≈ 49 bits each), kept as SHA-256 of the
 * normalised code (lower case, no dash) and used once.
 */
export const TOTP_SETTINGS = {
  issuer: 'Safarnama',
  algorithm: 'SHA1',
  digits: 6,
  period: 30,
  /** Steps either side of now that still count. */
  window: 1,
} as const;

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: TOTP_SETTINGS.issuer,
    label,
    algorithm: TOTP_SETTINGS.algorithm,
    digits: TOTP_SETTINGS.digits,
    period: TOTP_SETTINGS.period,
    secret: Secret.fromBase32(secretBase32),
  });

/** A fresh 160-bit secret (base32), the otpauth:// URL and its QR code as a PNG data URL. */
export const newTotpSecret = async (label: string) => {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totpOf(secret, label).toString();
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCode };
};

/** The time step a six-digit code belongs to (now ± 1 step), or null when it matches none. */
export const matchTotp = (secretBase32: string, code: string, at: Date): number | null => {
  const timestamp = at.getTime();
  const delta = totpOf(secretBase32, 'check').validate({
    token: code,
    timestamp,
    window: TOTP_SETTINGS.window,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_SETTINGS.period, timestamp }) + delta;
};

export const isTotpCode = (otp: string) => /^[0-9]{6}$/.test(otp.trim());

/** No 0/o, 1/l/i: codes are read off paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const newRecoveryCodes = (count: number = RECOVERY_CODE_COUNT): string[] =>
  Array.from({ length: count }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });

export const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/-/g, '');

export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code), 'utf8').digest('hex');

export type SecondFactorMethod = 'totp' | 'recovery_code';

export interface SecondFactorCheck {
  ok: boolean;
  method: SecondFactorMethod;
  /** A right TOTP code whose step (or a later one) was already used: a replay, not a typo. */
  reused: boolean;
}

/**
 * Checks a code of an admin with 2FA on, spending it when it is right: a TOTP code's step is
 * recorded (the code and older ones stop working), a recovery code is marked used. A right TOTP
 * code of a step already spent answers `reused` (still not ok). Run it in the transaction that
 * acts on the result.
 */
export const checkSecondFactor = async (
  tx: Executor,
  admin: AdminRow,
  otp: string,
  box: SecretBox,
  at: Date,
): Promise<SecondFactorCheck> => {
  if (isTotpCode(otp)) {
    const secret = openSecret(box, admin.totpSecretEnc);
    const step = secret ? matchTotp(secret, otp.trim(), at) : null;
    if (step === null) return { ok: false, method: 'totp', reused: false };
    const ok = await acceptTotpStep(tx, admin.id, step);
    return { ok, method: 'totp', reused: !ok };
  }
  const ok = await useRecoveryCode(tx, admin.id, hashRecoveryCode(otp), at);
  return { ok, method: 'recovery_code', reused: false };
};

/** Opens a sealed secret; a missing or unreadable one (APP_SECRET changed) is null. */
export const openSecret = (box: SecretBox, sealed: string | null): string | null => {
  if (!sealed) return null;
  try {
    return box.open(sealed);
  } catch {
    return null;
  }
};
