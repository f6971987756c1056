import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CommunicationType } from '@safarnama/contract';
import { createdAt, id, stamp, updatedAt } from './columns.js';
import { adminRef, ownerAdminId } from './identity.js';

/** The allowed-IP list (DESIGN §4): empty = every address allowed. `cidr` normalised. */
export const allowedIps = pgTable(
  'allowed_ips',
  {
    id: id(),
    /** Normalised address or range, e.g. '203.0.113.7/32', '10.0.0.0/8', '2001:db8::/32'. */
    cidr: text('cidr').notNull(),
    label: text('label').notNull().default(''),
    createdById: adminRef('created_by_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('allowed_ips_cidr_key').on(t.cidr)],
);

/**
 * One row per channel (email, sms, whatsapp). `settings` holds the non-secret fields;
 * `secretEnc` the channel's secret sealed with AES-256-GCM under APP_SECRET. A channel starts
 * inactive; `testedAt` is when a test send through the settings as saved succeeded (cleared when
 * they change): activating needs it or an explicit confirmation.
 */
export const communicationSettings = pgTable(
  'communication_settings',
  {
    type: text('type').$type<CommunicationType>().primaryKey(),
    isActive: boolean('is_active').notNull().default(false),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    secretEnc: text('secret_enc'),
    testedAt: stamp('tested_at'),
    updatedById: adminRef('updated_by_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('communication_settings_type_check', sql`${t.type} in ('email', 'sms', 'whatsapp')`),
  ],
);

/**
 * Single-row documents by key: 'basic' (basic settings), 'policies' (policy texts with their
 * 'last updated'), 'vapid' (web push keys, private key sealed).
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedById: adminRef('updated_by_id'),
  updatedAt: updatedAt(),
});

/** Web push subscriptions of admins (spec §4 push registration, type 'Admin'). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    adminId: ownerAdminId(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: stamp('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_admin_idx').on(t.adminId),
  ],
);
