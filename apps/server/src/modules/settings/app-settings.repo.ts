import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appSettings } from '../../db/schema/index.js';

export type AppSettingRow = typeof appSettings.$inferSelect;

/** The keyed documents of `app_settings` this module owns. */
export type SettingKey = 'basic' | 'policies';

export const findSetting = async (
  db: Executor,
  key: SettingKey,
): Promise<AppSettingRow | undefined> => {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
  return row;
};

/**
 * The document, locked for the rest of the transaction (saves are read-modify-write). A missing
 * one is created first with `initial` (`updated_by_id` null), so even the first two saves queue up
 * on the row lock instead of racing (the caller's upsert replaces it in the same transaction).
 */
export const lockSetting = async (
  tx: Executor,
  key: SettingKey,
  initial: Record<string, unknown>,
): Promise<AppSettingRow> => {
  await tx.insert(appSettings).values({ key, value: initial }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(appSettings)
    .where(eq(appSettings.key, key))
    .for('update')
    .limit(1);
  if (!row) throw new Error(`app setting '${key}' vanished`);
  return row;
};

export const upsertSetting = async (
  tx: Executor,
  key: SettingKey,
  value: Record<string, unknown>,
  updatedById: string,
  updatedAt: Date,
): Promise<AppSettingRow> => {
  const [row] = await tx
    .insert(appSettings)
    .values({ key, value, updatedById, updatedAt })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedById, updatedAt } })
    .returning();
  if (!row) throw new Error('upsert app setting returned nothing');
  return row;
};
