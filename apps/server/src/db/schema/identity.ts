import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TokenType } from '@safarnama/contract';
import { client, createdAt, id, stamp, textList, timestamps } from './columns.js';

/** Roles ("user types"): a named set of permission keys. */
export const userTypes = pgTable(
  'user_types',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    permissions: textList('permissions'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('user_types_name_lower_key').on(sql`lower(${t.name})`)],
);

export const adminUsers = pgTable(
  'admin_users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    avatarUrl: text('avatar_url'),
    /** argon2id PHC string; null until an invited admin sets a password. Never leaves the server. */
    passwordHash: text('password_hash'),
    userTypeId: uuid('user_type_id')
      .notNull()
      .references(() => userTypes.id, { onDelete: 'restrict' }),
    isActive: boolean('is_active').notNull().default(true),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** TOTP secret (base32) encrypted with AES-256-GCM under APP_SECRET; set once 2FA is on. */
    totpSecretEnc: text('totp_secret_enc'),
    /** A generated secret waiting for its first code (verify-2fa-enable-otp), encrypted. */
    totpPendingSecretEnc: text('totp_pending_secret_enc'),
    /** The last TOTP time step accepted: a code works once (SECURITY.md case 7). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    passwordChangedAt: stamp('password_changed_at'),
    lastLoginAt: stamp('last_login_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('admin_users_email_lower_key').on(sql`lower(${t.email})`),
    index('admin_users_user_type_idx').on(t.userTypeId),
  ],
);

/** `admin_id` of a row that belongs to an admin: deleted with the admin. */
export const ownerAdminId = () =>
  uuid('admin_id')
    .notNull()
    .references(() => adminUsers.id, { onDelete: 'cascade' });
/** An admin a row names (author, creator, last editor): cleared when the admin is deleted. */
export const adminRef = (name: string) =>
  uuid(name).references(() => adminUsers.id, { onDelete: 'set null' });

/** Server-side sessions (DESIGN §4). Only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    adminId: ownerAdminId(),
    tokenHash: text('token_hash').notNull(),
    tokenType: text('token_type').$type<TokenType>().notNull(),
    ...client(),
    createdAt: createdAt(),
    lastSeenAt: stamp('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: stamp('idle_expires_at').notNull(),
    absoluteExpiresAt: stamp('absolute_expires_at').notNull(),
    revokedAt: stamp('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_admin_idx').on(t.adminId),
    check('sessions_token_type_check', sql`${t.tokenType} in ('Cookie', 'Session')`),
  ],
);

/** Failed-sign-in counters, one row per key (`acct:<email>` or `ip:<address>`), fixed window. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  windowStartedAt: stamp('window_started_at').notNull().defaultNow(),
  lockedUntil: stamp('locked_until'),
});
