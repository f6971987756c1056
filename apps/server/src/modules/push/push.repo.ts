import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appSettings, pushSubscriptions } from '../../db/schema/index.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The `app_settings` document 'vapid': the public key in clear, the private key sealed. */
export interface StoredVapid {
  publicKey: string;
  privateKeySealed: string;
}

const VAPID_KEY = 'vapid';

const asStoredVapid = (value: Record<string, unknown> | undefined): StoredVapid | undefined =>
  value && typeof value.publicKey === 'string' && typeof value.privateKeySealed === 'string'
    ? { publicKey: value.publicKey, privateKeySealed: value.privateKeySealed }
    : undefined;

export const findVapid = async (db: Executor): Promise<StoredVapid | undefined> => {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, VAPID_KEY))
    .limit(1);
  return asStoredVapid(row?.value);
};

/** Stores the pair unless another process stored one first (the caller reads back the winner). */
export const insertVapidIfAbsent = async (db: Executor, vapid: StoredVapid, at: Date) => {
  await db
    .insert(appSettings)
    .values({ key: VAPID_KEY, value: { ...vapid }, updatedAt: at })
    .onConflictDoNothing();
};

/**
 * Replaces the pair only while it is still `previousPublicKey` (two processes replacing an
 * unreadable key at once: one wins, the other reads the winner's). True when this call replaced it.
 */
export const replaceVapid = async (
  db: Executor,
  previousPublicKey: string,
  vapid: StoredVapid,
  at: Date,
): Promise<boolean> => {
  const rows = await db
    .update(appSettings)
    .set({ value: { ...vapid }, updatedAt: at })
    .where(
      and(
        eq(appSettings.key, VAPID_KEY),
        sql`${appSettings.value}->>'publicKey' = ${previousPublicKey}`,
      ),
    )
    .returning({ key: appSettings.key });
  return rows.length > 0;
};

/**
 * Creates the subscription or, when the endpoint is known, re-binds it to this admin with the new
 * keys, user agent and `last_seen_at` (a browser profile has one endpoint; whoever signs in last
 * receives its messages).
 */
export const upsertSubscription = async (
  db: Executor,
  values: {
    adminId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    userAgent: string | null;
    at: Date;
  },
): Promise<PushSubscriptionRow> => {
  const { at, ...fields } = values;
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ ...fields, createdAt: at, lastSeenAt: at })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        adminId: fields.adminId,
        p256dh: fields.p256dh,
        auth: fields.auth,
        userAgent: fields.userAgent,
        lastSeenAt: at,
      },
    })
    .returning();
  if (!row) throw new Error('upsert push subscription returned nothing');
  return row;
};

/** Keeps the admin's `keep` most recently seen subscriptions and deletes the rest. */
export const pruneSubscriptions = async (db: Executor, adminId: string, keep: number) => {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.adminId, adminId))
    .orderBy(desc(pushSubscriptions.lastSeenAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.adminId, adminId), notInArray(pushSubscriptions.id, newest)));
};

export const deleteSubscription = async (db: Executor, id: string) => {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
};

export const deleteAllSubscriptions = async (db: Executor) => {
  await db.delete(pushSubscriptions);
};
