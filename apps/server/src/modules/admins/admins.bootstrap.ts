import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { PasswordHasher } from '../../lib/password.js';
import { generatePassword } from '../../lib/tokens.js';
import { ensureSuperAdminRole } from '../roles/roles.repo.js';
import { countAdmins, insertAdmin } from './admins.repo.js';

export interface FirstAdminResult {
  created: boolean;
  email: string;
  /** Set only when the password was generated: print it once, it is never shown again. */
  generatedPassword?: string;
}

/**
 * At start: the built-in Super Admin role exists, and when no admin exists yet the first super
 * admin is created with ADMIN_EMAIL and ADMIN_PASSWORD (or a generated password). Two processes
 * starting together create one admin (the unique e-mail index settles the race).
 */
export const ensureFirstSuperAdmin = async (
  db: Database,
  hasher: PasswordHasher,
  options: { email: string; password: string | undefined },
): Promise<FirstAdminResult> => {
  const role = await ensureSuperAdminRole(db);
  if ((await countAdmins(db)) > 0) return { created: false, email: options.email };
  const password = options.password ?? generatePassword();
  const passwordHash = await hasher.hash(password);
  let created = false;
  try {
    created = await db.transaction(async (tx) => {
      if ((await countAdmins(tx)) > 0) return false;
      await insertAdmin(tx, {
        name: 'Super Admin',
        email: options.email,
        passwordHash,
        userTypeId: role.id,
      });
      return true;
    });
  } catch (err) {
    // Another process created the same first admin a moment earlier.
    if (!isUniqueViolation(err)) throw err;
  }
  return {
    created,
    email: options.email,
    ...(created && !options.password ? { generatedPassword: password } : {}),
  };
};
