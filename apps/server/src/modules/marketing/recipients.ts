import { and, eq, exists, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { MarketingChannel } from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import {
  adminUsers,
  pushSubscriptions,
  type scheduledNotifications,
} from '../../db/schema/index.js';

/**
 * Who a scheduled notification reaches, per channel (DESIGN §7):
 * - audience `all_admins`: every active admin; `user_type`: the active admins of that type;
 *   `push_subscribers`: the active admins with at least one push subscription.
 * - "Active" = not disabled **and** with a password: an invited admin who has not accepted the
 *   invitation yet is left out (their address has only been asked to join; marketing waits).
 * - e-mail → the admin's address; sms / whatsapp → the admin's phone (spaces, dashes and brackets
 *   dropped) where one is set — admins without a phone are skipped, not failed; push → each
 *   push subscription of those admins (recipient key = the subscription id).
 * Two admins sharing a phone get one message (the delivery key is unique per recipient).
 */

type Notification = Pick<
  typeof scheduledNotifications.$inferSelect,
  'audienceType' | 'userTypeId' | 'channels'
>;

const hasPushSubscription = (db: Executor) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.adminId, adminUsers.id)),
  );

/** The admins the audience names (active, invitation accepted). */
const audienceWhere = (db: Executor, n: Notification): SQL | undefined => {
  const active = and(eq(adminUsers.isActive, true), isNotNull(adminUsers.passwordHash));
  switch (n.audienceType) {
    case 'all_admins':
      return active;
    case 'user_type':
      // The type was deleted since scheduling (FK set null): nobody.
      return n.userTypeId ? and(active, eq(adminUsers.userTypeId, n.userTypeId)) : sql`false`;
    case 'push_subscribers':
      return and(active, hasPushSubscription(db));
  }
};

/** `+91 98123-45678` → `+919812345678`; empty → null. */
export const normalisePhone = (phone: string | null): string | null => {
  const cleaned = phone?.replace(/[\s().-]/g, '') ?? '';
  return cleaned === '' ? null : cleaned;
};

/** The recipients of one channel: e-mail addresses, phone numbers or push subscription ids. */
export const recipientsOf = async (
  db: Executor,
  n: Notification,
  channel: MarketingChannel,
): Promise<string[]> => {
  const where = audienceWhere(db, n);
  if (channel === 'push') {
    const rows = await db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .innerJoin(adminUsers, eq(adminUsers.id, pushSubscriptions.adminId))
      .where(where);
    return rows.map((r) => r.id);
  }
  if (channel === 'email') {
    const rows = await db.select({ email: adminUsers.email }).from(adminUsers).where(where);
    return rows.map((r) => r.email);
  }
  const rows = await db
    .select({ phone: adminUsers.phone })
    .from(adminUsers)
    .where(and(where, isNotNull(adminUsers.phone)));
  return [...new Set(rows.map((r) => normalisePhone(r.phone)).filter((p) => p !== null))];
};

/** Every (channel, recipient) of the notification's chosen channels. */
export const allRecipients = async (
  db: Executor,
  n: Notification,
): Promise<{ channel: MarketingChannel; recipient: string }[]> => {
  const lists = await Promise.all(
    n.channels.map(async (channel) =>
      (await recipientsOf(db, n, channel)).map((recipient) => ({ channel, recipient })),
    ),
  );
  return lists.flat();
};
