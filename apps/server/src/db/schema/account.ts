import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LinkPurpose, LoginResult } from '@safarnama/contract';
import { client, createdAt, id, stamp } from './columns.js';
import { adminUsers, ownerAdminId, sessions } from './identity.js';

/**
 * Set-password links: forgot-password (30 min) and invitations (72 h). Only the SHA-256 of the
 * token is stored; single use; a newer link or any password change voids the open ones.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: id(),
    adminId: ownerAdminId(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').$type<LinkPurpose>().notNull(),
    expiresAt: stamp('expires_at').notNull(),
    usedAt: stamp('used_at'),
    voidedAt: stamp('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_tokens_token_hash_key').on(t.tokenHash),
    index('password_tokens_admin_idx').on(t.adminId),
    check('password_tokens_purpose_check', sql`${t.purpose} in ('reset', 'invite')`),
  ],
);

/**
 * The pending second step of a sign-in with 2FA: a correct password opens a challenge that a
 * TOTP or recovery code completes within 5 minutes and 5 tries.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: id(),
    adminId: ownerAdminId(),
    tokenHash: text('token_hash').notNull(),
    rememberMe: integer('remember_me').notNull().default(0),
    ...client(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: stamp('expires_at').notNull(),
    consumedAt: stamp('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('login_challenges_token_hash_key').on(t.tokenHash)],
);

/** Every sign-in attempt (login activity). adminId is null for an unknown e-mail. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    adminId: uuid('admin_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    result: text('result').$type<LoginResult>().notNull(),
    method: text('method')
      .$type<'password' | 'totp' | 'recovery_code'>()
      .notNull()
      .default('password'),
    ...client(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_admin_created_idx').on(t.adminId, t.createdAt.desc(), t.id.desc())],
);

/** One-time 2FA recovery codes, hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    adminId: ownerAdminId(),
    codeHash: text('code_hash').notNull(),
    usedAt: stamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_admin_code_key').on(t.adminId, t.codeHash)],
);
