import { asc, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  BULK_MESSAGES as M,
  BULK_PERMISSION_MODULE,
  BULK_STATUSES,
  type BulkEntity,
  type BulkOutcome,
  type BulkRequest,
  type BulkResult,
  type BulkStatus,
  type PermissionKey,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import { recordChange, transaction, type ChangeScope } from '../../db/transaction.js';
import type { AuditRule } from '../../http/audit.js';
import { AppError } from '../../http/errors.js';

/**
 * Issue 24: activate, deactivate or delete many records of one list in one request. Each record
 * goes through its entity's own service function (`setActive` — the toggle's or the update's
 * status change — or the guarded `remove` of the single delete) inside one transaction, each in
 * its own savepoint with its own change scope: one audit entry, revision, version raise and
 * quality refresh per record, exactly as the single action writes them; the files of deleted
 * records are removed after the commit.
 */
export interface BulkTarget {
  /** The table, for the one locking read of the records' current state. */
  table: PgTable & { id: AnyPgColumn };
  /** True when the record is active (a blog: published). */
  active: SQL<boolean> | AnyPgColumn;
  /** The entity's audit rules of a status change and a delete (its `<module>.audit.ts`). */
  rules: { status: AuditRule; remove: AuditRule };
  setActive: (id: string, active: boolean) => Promise<void>;
  remove: (id: string) => Promise<unknown>;
}

/** The change scope of one record (http/audit.ts `recordScope`, bound to the request). */
export type RecordScopes = (rule: AuditRule, id: string) => ChangeScope;

export interface BulkServiceDeps {
  db: Database;
  targets: Record<BulkEntity, BulkTarget>;
}

/** A refusal of one record that lets the others go on; anything else fails the whole request. */
const refusalOf = (err: unknown): BulkStatus | undefined => {
  if (!(err instanceof AppError)) return undefined;
  if (err.status === 409) return 'in_use'; // dependants (issue 20), a library in use, …
  if (err.status === 404) return 'not_found'; // gone meanwhile
  if (err.status === 403) return 'forbidden';
  return undefined;
};

const outcomeOf = (results: BulkResult[]): BulkOutcome => {
  const summary = Object.fromEntries(BULK_STATUSES.map((s) => [s, 0])) as BulkOutcome['summary'];
  for (const result of results) summary[result.status] += 1;
  return { results, summary };
};

export const createBulkService = ({ db, targets }: BulkServiceDeps) => {
  /**
   * Runs the action on every distinct id (ids compared lower-cased, answered in the order first
   * named). Without the entity's permission (`update` to activate / deactivate, `delete` to
   * delete) every id is `forbidden` and nothing is read. An id with no record is `not_found`; a
   * record already in the asked state is `done` with 'Already active' / 'Already inactive' and
   * writes nothing (no entry, no revision). A record its service refuses with a 409 is `in_use`
   * (its message kept), and its savepoint rolls back alone. Any other failure rolls back the
   * whole request (nothing applied) and answers its error.
   */
  const apply = async (
    permissions: ReadonlySet<PermissionKey>,
    { entity, action, ids }: BulkRequest,
    scopes: RecordScopes,
  ): Promise<BulkOutcome> => {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const key = `${BULK_PERMISSION_MODULE[entity]}.${action === 'delete' ? 'delete' : 'update'}`;
    if (!permissions.has(key as PermissionKey)) {
      return outcomeOf(
        unique.map((id) => ({ _id: id, status: 'forbidden', message: M.forbidden })),
      );
    }
    const target = targets[entity];
    const wanted = action === 'activate';
    return transaction(db, async (tx) => {
      // One read locks them all, in id order (two bulk requests over the same rows cannot deadlock).
      const rows = (await tx
        .select({ id: target.table.id, active: target.active })
        .from(target.table as PgTable)
        .where(inArray(target.table.id, unique))
        .orderBy(asc(target.table.id))
        .for('update')) as { id: string; active: boolean }[];
      const current = new Map(rows.map((row) => [row.id, row.active]));
      const results: BulkResult[] = [];
      for (const id of unique) {
        const active = current.get(id);
        if (active === undefined) {
          results.push({ _id: id, status: 'not_found', message: M.notFound });
          continue;
        }
        if (action !== 'delete' && active === wanted) {
          const message = wanted ? M.alreadyActive : M.alreadyInactive;
          results.push({ _id: id, status: 'done', message });
          continue;
        }
        const rule = action === 'delete' ? target.rules.remove : target.rules.status;
        try {
          await recordChange(scopes(rule, id), () =>
            action === 'delete' ? target.remove(id) : target.setActive(id, wanted),
          );
          results.push({ _id: id, status: 'done' });
        } catch (err) {
          const status = refusalOf(err);
          if (!status) throw err;
          results.push({ _id: id, status, message: (err as AppError).message });
        }
      }
      return outcomeOf(results);
    });
  };

  return { apply };
};
export type BulkService = ReturnType<typeof createBulkService>;
