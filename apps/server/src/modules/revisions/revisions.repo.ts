import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { revisions } from '../../db/schema/index.js';

export type RevisionRow = typeof revisions.$inferSelect;
export type NewRevision = typeof revisions.$inferInsert;

/** Appends one revision (append-only: nothing updates or deletes these rows). */
export const insertRevision = async (db: Executor, revision: NewRevision): Promise<void> => {
  await revisionInsert(db, revision);
};

/** The same insert, unsent: for a statement that carries it (`recordActivity`'s `alongside`). */
export const revisionInsert = (db: Executor, revision: NewRevision) =>
  db.insert(revisions).values(revision);

/**
 * Newest first: by version (a delete's revision repeats the last version, so the time and the id
 * break the tie). Not by time alone: a transaction's now() is when it began, and one that waited
 * for the row lock began before the change it follows.
 */
const NEWEST_FIRST = [desc(revisions.version), desc(revisions.createdAt), desc(revisions.id)];

const ofEntity = (entityType: string, entityId: string) =>
  and(eq(revisions.entityType, entityType), eq(revisions.entityId, entityId));

/** A page of an entity's revisions, newest first (`revisions_entity_idx`), and their count. */
export const listRevisions = async (
  db: Executor,
  entityType: string,
  entityId: string,
  page: number,
  limit: number,
): Promise<{ rows: RevisionRow[]; total: number }> => {
  const rows = await db
    .select()
    .from(revisions)
    .where(ofEntity(entityType, entityId))
    .orderBy(...NEWEST_FIRST)
    .limit(limit)
    .offset((page - 1) * limit);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(revisions)
    .where(ofEntity(entityType, entityId));
  return { rows, total: count?.total ?? 0 };
};

export const findRevision = async (db: Executor, id: string): Promise<RevisionRow | undefined> => {
  const [row] = await db.select().from(revisions).where(eq(revisions.id, id)).limit(1);
  return row;
};

/** The newest revision of an entity (who saved it last, and when). */
export const latestRevision = async (
  db: Executor,
  entityType: string,
  entityId: string,
): Promise<RevisionRow | undefined> => {
  const [row] = await db
    .select()
    .from(revisions)
    .where(ofEntity(entityType, entityId))
    .orderBy(...NEWEST_FIRST)
    .limit(1);
  return row;
};

/** The revision of the same entity just before `revision`. */
export const previousRevision = async (
  db: Executor,
  revision: RevisionRow,
): Promise<RevisionRow | undefined> => {
  const [row] = await db
    .select()
    .from(revisions)
    .where(
      and(
        ofEntity(revision.entityType, revision.entityId),
        or(
          lt(revisions.version, revision.version),
          and(
            eq(revisions.version, revision.version),
            or(
              lt(revisions.createdAt, revision.createdAt),
              and(eq(revisions.createdAt, revision.createdAt), lt(revisions.id, revision.id)),
            ),
          ),
        ),
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(1);
  return row;
};

/** The newest revision of an entity that has `version` (what an editor loaded then). */
export const revisionAtVersion = async (
  db: Executor,
  entityType: string,
  entityId: string,
  version: number,
): Promise<RevisionRow | undefined> => {
  const [row] = await db
    .select()
    .from(revisions)
    .where(and(ofEntity(entityType, entityId), eq(revisions.version, version)))
    .orderBy(...NEWEST_FIRST)
    .limit(1);
  return row;
};
