import { and, eq } from 'drizzle-orm';
import type { CommunicationType } from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import { adminUsers, communicationSettings } from '../../db/schema/index.js';

export type ChannelRow = typeof communicationSettings.$inferSelect;

export interface ChannelRowWithAuthor {
  row: ChannelRow;
  updatedBy: { id: string; name: string } | null;
}

export const findChannel = async (
  db: Executor,
  type: CommunicationType,
): Promise<ChannelRowWithAuthor | undefined> => {
  const [found] = await db
    .select({ row: communicationSettings, authorId: adminUsers.id, authorName: adminUsers.name })
    .from(communicationSettings)
    .leftJoin(adminUsers, eq(adminUsers.id, communicationSettings.updatedById))
    .where(eq(communicationSettings.type, type))
    .limit(1);
  if (!found) return undefined;
  return {
    row: found.row,
    updatedBy:
      found.authorId !== null && found.authorName !== null
        ? { id: found.authorId, name: found.authorName }
        : null,
  };
};

/** The channel's row, locked for the rest of the transaction (a save reads the old secret). */
export const lockChannel = async (tx: Executor, type: CommunicationType) => {
  const [row] = await tx
    .select()
    .from(communicationSettings)
    .where(eq(communicationSettings.type, type))
    .for('update')
    .limit(1);
  return row;
};

/** Creates or replaces one channel's settings. */
export const upsertChannel = async (
  tx: Executor,
  values: {
    type: CommunicationType;
    isActive: boolean;
    settings: Record<string, unknown>;
    secretEnc: string | null;
    testedAt: Date | null;
    updatedById: string;
    updatedAt: Date;
  },
): Promise<ChannelRow> => {
  const [row] = await tx
    .insert(communicationSettings)
    .values(values)
    .onConflictDoUpdate({
      target: communicationSettings.type,
      set: {
        isActive: values.isActive,
        settings: values.settings,
        secretEnc: values.secretEnc,
        testedAt: values.testedAt,
        updatedById: values.updatedById,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  if (!row) throw new Error('upsert communication settings returned nothing');
  return row;
};

/**
 * A test send through the settings saved at `savedAt` succeeded: recorded only when they are
 * still the saved ones (a save in between makes the test count for nothing).
 */
export const markChannelTested = async (
  db: Executor,
  type: CommunicationType,
  savedAt: Date,
  at: Date,
): Promise<boolean> => {
  const rows = await db
    .update(communicationSettings)
    .set({ testedAt: at })
    .where(and(eq(communicationSettings.type, type), eq(communicationSettings.updatedAt, savedAt)))
    .returning({ type: communicationSettings.type });
  return rows.length === 1;
};
