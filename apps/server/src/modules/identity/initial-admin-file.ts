import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServiceLog } from './auth.service.js';

/** DATA_DIR/initial-admin.txt: the generated first password, until that admin changes it. */
export const INITIAL_ADMIN_FILE = 'initial-admin.txt';

export const initialAdminFilePath = (dataDir: string) => join(dataDir, INITIAL_ADMIN_FILE);

export interface InitialAdminNote {
  email: string;
  password: string;
  /** The sign-in page (PUBLIC_URL/login). */
  signInUrl: string;
  /** Where the note is kept. */
  file: string;
}

const EMAIL_LINE = /^ {2}E-mail: +(\S+)$/m;

/** The note printed at the first start and kept in the file, in plain text (no trailing rule). */
export const initialAdminText = (note: InitialAdminNote): string =>
  [
    'Safarnama: first super admin created',
    '',
    `  Sign in at: ${note.signInUrl}`,
    `  E-mail:     ${note.email}`,
    `  Password:   ${note.password}`,
    '',
    'This password was generated for this first start. Sign in and change it (Change Password).',
    `Until then it is also kept in ${note.file} (readable by this user only);`,
    'that file is deleted when this admin changes the password.',
    '',
  ].join('\n');

/** Writes the note readable by this user only (0600), replacing an older one. */
export const writeInitialAdminFile = async (note: InitialAdminNote): Promise<void> => {
  // `mode` applies only when the file is created: an older file (perhaps readable by others) is
  // removed first, so the password is never written into it.
  await rm(note.file, { force: true });
  await writeFile(note.file, initialAdminText(note), { mode: 0o600, flag: 'wx' });
};

/**
 * After `email`'s password changed: the note is deleted when it is that admin's (a missing file
 * is fine). A failure is logged and never fails the password change.
 */
export const removeInitialAdminFileFor = async (
  file: string | undefined,
  email: string,
  log: ServiceLog,
): Promise<void> => {
  if (!file) return;
  try {
    const text = await readFile(file, 'utf8');
    const noted = EMAIL_LINE.exec(text)?.[1];
    if (noted?.toLowerCase() !== email.toLowerCase()) return;
    await rm(file, { force: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    log.error({ err, file }, 'could not delete the first admin password file');
  }
};
