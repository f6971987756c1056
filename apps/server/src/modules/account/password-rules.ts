import { ACCOUNT_MESSAGES } from '@safarnama/contract';
import { ValidationError } from '../../http/errors.js';

/** Parts of a person's name or address too short to matter are not checked (e.g. "Al"). */
const MIN_PART = 4;

/**
 * The account-specific half of the password policy (SECURITY case 4; the contract's
 * `newPasswordSchema` checks length and common passwords): a password must not contain the
 * admin's e-mail, its local part, their name or any word of it (ignoring case and spaces).
 */
export const containsPersonalData = (
  password: string,
  who: { email: string; name: string },
): boolean => {
  const haystack = password.toLowerCase().replace(/\s+/g, '');
  const email = who.email.trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  const name = who.name.trim().toLowerCase();
  const parts = [email, local, name.replace(/\s+/g, ''), ...name.split(/[\s.,'_-]+/)];
  return parts.some((part) => part.length >= MIN_PART && haystack.includes(part));
};

/** 400 at `field` when the password carries the admin's e-mail or name. */
export const assertNotPersonal = (
  password: string,
  who: { email: string; name: string },
  field: string,
) => {
  if (containsPersonalData(password, who)) {
    throw new ValidationError([{ path: field, message: ACCOUNT_MESSAGES.passwordPersonal }]);
  }
};
