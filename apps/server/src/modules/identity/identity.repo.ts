import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  adminUsers,
  loginAttempts,
  loginChallenges,
  recoveryCodes,
  userTypes,
} from '../../db/schema/index.js';

/**
 * Queries of sign-in identity: the admin row as identity (looked up by id or e-mail, locked,
 * its profile, password and TOTP columns), sign-in attempts, two-factor login challenges and
 * recovery codes. Sessions are in sessions.repo.ts, the throttle table in throttles.ts.
 */

export type AdminRow = typeof adminUsers.$inferSelect;
export type LoginAttemptRow = typeof loginAttempts.$inferSelect;
export type NewLoginAttempt = typeof loginAttempts.$inferInsert;
export type LoginChallengeRow = typeof loginChallenges.$inferSelect;
export type NewLoginChallenge = typeof loginChallenges.$inferInsert;

// ── the admin row ──────────────────────────────────────────────────────────────────────────────

export const findAdminById = async (db: Executor, id: string): Promise<AdminRow | undefined> => {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return row;
};

/** The admin with this e-mail (case-insensitive) and their role. */
export const findAdminWithTypeByEmail = async (db: Executor, email: string) => {
  const [row] = await db
    .select({ admin: adminUsers, userType: userTypes })
    .from(adminUsers)
    .innerJoin(userTypes, eq(userTypes.id, adminUsers.userTypeId))
    .where(eq(sql`lower(${adminUsers.email})`, email.toLowerCase()))
    .limit(1);
  return row;
};

export const setLastLogin = async (db: Executor, adminId: string, at: Date) => {
  await db.update(adminUsers).set({ lastLoginAt: at }).where(eq(adminUsers.id, adminId));
};

/** Locks the admin row for the rest of the transaction (password and 2FA changes queue up). */
export const lockAdmin = async (db: Executor, id: string): Promise<AdminRow | undefined> => {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(eq(adminUsers.id, id))
    .for('update')
    .limit(1);
  return row;
};

export const updateAdmin = async (
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      AdminRow,
      | 'name'
      | 'email'
      | 'phone'
      | 'avatarUrl'
      | 'passwordHash'
      | 'passwordChangedAt'
      | 'twoFactorEnabled'
      | 'totpSecretEnc'
      | 'totpPendingSecretEnc'
      | 'totpLastStep'
    >
  >,
  at: Date,
): Promise<AdminRow> => {
  const [row] = await db
    .update(adminUsers)
    .set({ ...values, updatedAt: at })
    .where(eq(adminUsers.id, id))
    .returning();
  if (!row) throw new Error('admin to update not found');
  return row;
};

/**
 * Replaces a password hash made under older argon2 parameters with one of the same password under
 * the current ones — only if it is still the hash that was verified, so a password changed
 * meanwhile is never overwritten. Not a password change: no timestamps move, no session ends.
 */
export const replacePasswordHash = async (
  db: Executor,
  adminId: string,
  verifiedHash: string,
  passwordHash: string,
): Promise<boolean> => {
  const rows = await db
    .update(adminUsers)
    .set({ passwordHash })
    .where(and(eq(adminUsers.id, adminId), eq(adminUsers.passwordHash, verifiedHash)))
    .returning({ id: adminUsers.id });
  return rows.length === 1;
};

/**
 * Accepts a TOTP time step if it is newer than the last one accepted, in one statement: a code
 * (and any code of an earlier step) works once, even under parallel requests (SECURITY case 7).
 */
export const acceptTotpStep = async (db: Executor, id: string, step: number): Promise<boolean> => {
  const rows = await db
    .update(adminUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(adminUsers.id, id),
        or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step)),
      ),
    )
    .returning({ id: adminUsers.id });
  return rows.length === 1;
};

// ── sign-in attempts ───────────────────────────────────────────────────────────────────────────

export const insertLoginAttempt = async (db: Executor, values: NewLoginAttempt) => {
  await db.insert(loginAttempts).values(values);
};

/**
 * The user agents and reported locations of an admin's most recent successful sign-ins (what
 * "a new device or location" is measured against).
 */
export const recentSignIns = async (db: Executor, adminId: string, limit = 200) =>
  db
    .select({ userAgent: loginAttempts.userAgent, location: loginAttempts.location })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.adminId, adminId), eq(loginAttempts.result, 'success')))
    .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
    .limit(limit);

// ── two-factor login challenges ────────────────────────────────────────────────────────────────

export const insertLoginChallenge = async (db: Executor, values: NewLoginChallenge) => {
  await db.insert(loginChallenges).values(values);
};

/** The challenge with this token hash, with its admin and role, locked for the transaction. */
export const lockLoginChallenge = async (db: Executor, tokenHash: string) => {
  const [row] = await db
    .select({ challenge: loginChallenges, admin: adminUsers, userType: userTypes })
    .from(loginChallenges)
    .innerJoin(adminUsers, eq(adminUsers.id, loginChallenges.adminId))
    .innerJoin(userTypes, eq(userTypes.id, adminUsers.userTypeId))
    .where(eq(loginChallenges.tokenHash, tokenHash))
    .for('update', { of: loginChallenges })
    .limit(1);
  return row;
};

/** Counts one wrong code; answers the new count. */
export const bumpChallengeAttempts = async (db: Executor, id: string): Promise<number> => {
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.id, id))
    .returning({ attempts: loginChallenges.attempts });
  return Number(row?.attempts ?? 0);
};

export const consumeLoginChallenge = async (db: Executor, id: string, at: Date) => {
  await db.update(loginChallenges).set({ consumedAt: at }).where(eq(loginChallenges.id, id));
};

/** Ends every pending challenge of an admin (2FA turned off, password reset). */
export const endLoginChallenges = async (db: Executor, adminId: string, at: Date) => {
  await db
    .update(loginChallenges)
    .set({ consumedAt: at })
    .where(and(eq(loginChallenges.adminId, adminId), isNull(loginChallenges.consumedAt)));
};

// ── recovery codes ─────────────────────────────────────────────────────────────────────────────

export const replaceRecoveryCodes = async (
  db: Executor,
  adminId: string,
  hashes: readonly string[],
  at: Date,
) => {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.adminId, adminId));
  if (hashes.length > 0) {
    await db
      .insert(recoveryCodes)
      .values(hashes.map((codeHash) => ({ adminId, codeHash, createdAt: at })));
  }
};

export const deleteRecoveryCodes = async (db: Executor, adminId: string) => {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.adminId, adminId));
};

/** Uses an unused recovery code, atomically (one of two parallel uses wins). */
export const useRecoveryCode = async (
  db: Executor,
  adminId: string,
  codeHash: string,
  at: Date,
): Promise<boolean> => {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(recoveryCodes.adminId, adminId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
};

export const countUnusedRecoveryCodes = async (db: Executor, adminId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.adminId, adminId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
};
