import type { Database } from '../../db/client.js';
import { transaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { PasswordHasher } from '../../lib/password.js';
import { generatePassword } from '../../lib/tokens.js';
import { writeInitialAdminFile, type InitialAdminNote } from '../identity/initial-admin-file.js';
import { ensureSuperAdminRole } from '../roles/roles.repo.js';
import { countAdmins, insertAdmin } from './admins.repo.js';

export interface FirstAdminResult {
  created: boolean;
  email: string;
  /** Set only when the password was generated: print it once, it is never shown again. */
  generatedPassword?: string;
  /** With a generated password: the note kept in DATA_DIR/initial-admin.txt. */
  note?: InitialAdminNote;
  /** Why that file could not be written (the password is still printed). */
  noteError?: string;
}

/**
 * At start: the built-in Super Admin role exists, and when no admin exists yet the first super
 * admin is created with ADMIN_EMAIL and ADMIN_PASSWORD (or a generated password). Two processes
 * starting together create one admin (the unique e-mail index settles the race). A generated
 * password is also written (0600) to `noteFile` with `signInUrl`, until that admin changes it.
 */
export const ensureFirstSuperAdmin = async (
  db: Database,
  hasher: PasswordHasher,
  options: {
    email: string;
    password: string | undefined;
    noteFile?: string;
    signInUrl?: string;
  },
): Promise<FirstAdminResult> => {
  const role = await ensureSuperAdminRole(db);
  if ((await countAdmins(db)) > 0) return { created: false, email: options.email };
  const password = options.password ?? generatePassword();
  const passwordHash = await hasher.hash(password);
  let created = false;
  try {
    created = await transaction(db, async (tx) => {
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
  if (!created || options.password) return { created, email: options.email };
  const result: FirstAdminResult = { created, email: options.email, generatedPassword: password };
  if (!options.noteFile) return result;
  const note: InitialAdminNote = {
    email: options.email,
    password,
    signInUrl: options.signInUrl ?? '/login',
    file: options.noteFile,
  };
  try {
    await writeInitialAdminFile(note);
    return { ...result, note };
  } catch (err) {
    // The admin exists now: the start goes on and the printed block is the only copy.
    return { ...result, noteError: err instanceof Error ? err.message : String(err) };
  }
};
