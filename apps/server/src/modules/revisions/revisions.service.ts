import {
  HOMEPAGE_SETTINGS_ID,
  REVISION_ENTITIES,
  REVISION_MESSAGES as M,
  REVISION_PERMISSION_MODULE,
  makePagination,
  type PermissionKey,
  type RevisionDetail,
  type RevisionEntity,
  type RevisionFieldDiff,
  type RevisionSummary,
} from '@safarnama/contract';
import type { Database, Executor, Tx } from '../../db/client.js';
import { transaction } from '../../db/transaction.js';
import { NOISE, type AuditContext, type AuditRule } from '../../http/audit.js';
import { ConflictWithData, Forbidden, NotFound, ValidationError } from '../../http/errors.js';
import {
  findRevision,
  latestRevision,
  listRevisions,
  previousRevision,
  type RevisionRow,
} from './revisions.repo.js';
import { REVISION_TARGETS, restoreSnapshot, type RestoreOptions } from './revisions.restore.js';
import { isUuid } from '../../http/form-fields.js';

/**
 * Reading and restoring revisions (issue 21). Revisions are written by the audit scope in the
 * transaction of each change (http/audit.ts `RevisionTarget`); this service lists them, shows one
 * with its diff against the one before, and restores one as a new revision. Reading needs the
 * entity's view permission, restoring its update permission (REVISION_PERMISSION_MODULE).
 */

type Json = Record<string, unknown>;
type Permissions = ReadonlySet<PermissionKey>;

const isEntity = (value: string): value is RevisionEntity =>
  (REVISION_ENTITIES as readonly string[]).includes(value);

const need = (permissions: Permissions, entity: RevisionEntity, action: 'view' | 'update') => {
  const key = `${REVISION_PERMISSION_MODULE[entity]}.${action}` as PermissionKey;
  if (!permissions.has(key)) throw new Forbidden();
};

const present = (row: RevisionRow): RevisionSummary => ({
  _id: row.id,
  entity: row.entityType as RevisionEntity,
  entityId: row.entityId,
  version: row.version,
  action: row.action,
  changedFields: row.changedFields,
  admin: { _id: row.adminId, name: row.adminName },
  restoredFrom: row.restoredFrom,
  ip: row.ip,
  createdAt: row.createdAt.toISOString(),
});

/** Every field whose value differs between two snapshots, with both values whole. */
export const snapshotDiff = (before: Json | undefined, after: Json): RevisionFieldDiff[] => {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  const diff: RevisionFieldDiff[] = [];
  for (const field of keys) {
    if (NOISE.has(field)) continue;
    const from = before?.[field] ?? null;
    const to = after[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) diff.push({ field, from, to });
  }
  return diff;
};

/** A revision by its id; 404 for a malformed or unknown one. */
const revisionOf = async (db: Executor, id: string): Promise<RevisionRow> => {
  const row = isUuid(id) ? await findRevision(db, id) : undefined;
  if (!row || !isEntity(row.entityType)) throw new NotFound(M.notFound);
  return row;
};

export interface RevisionsServiceDeps {
  db: Database;
}

export const createRevisionsService = ({ db }: RevisionsServiceDeps) => {
  /** `GET /revisions?entity&id`: newest first. An entity without a record or history is a 404. */
  const list = async (
    permissions: Permissions,
    query: { entity: string; id?: string | undefined; page: number; limit: number },
  ) => {
    if (!isEntity(query.entity))
      throw new NotFound(`Unknown entity '${query.entity.slice(0, 40)}'`);
    const entity = query.entity;
    need(permissions, entity, 'view');
    const target = REVISION_TARGETS[entity];
    const id = target.fixedId ?? query.id;
    if (!id) throw new ValidationError([{ path: 'id', message: 'id is required' }]);
    if (target.fixedId && query.id !== undefined && query.id !== target.fixedId) {
      throw new NotFound(M.notFound);
    }
    const { rows, total } = await listRevisions(db, entity, id, query.page, query.limit);
    if (total === 0 && !target.fixedId && (await target.load(db, id)) === undefined) {
      throw new NotFound(`No ${entity.replace(/-/g, ' ')} with id '${id.slice(0, 64)}'`);
    }
    return {
      revisions: rows.map(present),
      pagination: makePagination(total, query.page, query.limit),
    };
  };

  /** `GET /revisions/{id}`: the snapshot and its diff against the revision before it. */
  const one = async (permissions: Permissions, id: string): Promise<RevisionDetail> => {
    const row = await revisionOf(db, id);
    need(permissions, row.entityType as RevisionEntity, 'view');
    const previous = await previousRevision(db, row);
    return {
      ...present(row),
      snapshot: row.snapshot,
      previousId: previous?.id ?? null,
      diff: snapshotDiff(previous?.snapshot, row.snapshot),
    };
  };

  /**
   * `POST /revisions/{id}/restore`: the snapshot becomes current again, as a new revision (the
   * audit scope resolved by {@link restoreRule} writes it, with the entry). A missing reference
   * answers 409 naming it, and nothing changes.
   */
  const restore = async (
    permissions: Permissions,
    id: string,
    options: RestoreOptions,
  ): Promise<{ revision: RevisionSummary; version: number }> => {
    const row = await revisionOf(db, id);
    const entity = row.entityType as RevisionEntity;
    need(permissions, entity, 'update');
    await transaction(db, async (tx) => {
      const last = await latestRevision(tx, entity, row.entityId);
      const missing = await restoreSnapshot(
        tx,
        entity,
        row.entityId,
        row.snapshot,
        last?.version ?? row.version,
        options,
      );
      if (missing.length > 0) {
        const names = missing.map((m) => `${m.kind} ${m.id}`).join(', ');
        throw new ConflictWithData(`${M.missing}: ${names}`, { missing });
      }
    });
    const latest = await latestRevision(db, entity, row.entityId);
    if (!latest) throw new Error('restore committed without its revision');
    return { revision: present(latest), version: latest.version };
  };

  return { list, one, restore };
};

export type RevisionsService = ReturnType<typeof createRevisionsService>;

/**
 * The audit rule of a restore, known once its revision is read in the change's transaction: the
 * entity's own rule with the action `restore`, so the entry reads "Restored an earlier version of
 * itinerary 'Goa Beaches'" and the revision names the one it brought back.
 */
export const restoreRule: AuditRule = {
  action: 'restore',
  entityType: 'revision',
  resolve: async (tx: Tx, { params }: AuditContext) => {
    const id = typeof params.revisionId === 'string' ? params.revisionId : '';
    const row = isUuid(id) ? await findRevision(tx, id) : undefined;
    if (!row || !isEntity(row.entityType)) return undefined;
    const target = REVISION_TARGETS[row.entityType];
    return {
      rule: {
        action: 'restore',
        entityType: row.entityType,
        load: target.load,
        revision: target,
        restoredFrom: row.id,
      },
      id: target.fixedId ? HOMEPAGE_SETTINGS_ID : row.entityId,
    };
  },
};
