import { eq, getTableColumns, getTableName, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor, Tx } from '../db/client.js';
import { reuse } from '../db/prepared.js';
import { images } from '../db/schema/index.js';
import {
  runInChangeScope,
  type Actor,
  type ChangeContext,
  type ChangeNotes,
  type ChangeScope,
} from '../db/transaction.js';
import { recordActivity } from '../modules/activity/activity.repo.js';
import {
  revisionInsert,
  latestRevision,
  revisionAtVersion,
} from '../modules/revisions/revisions.repo.js';
import { REVISION_MESSAGES, editVersionSchema, type RevisionEntity } from '@safarnama/contract';
import type { QualityRules } from '../modules/quality/quality.rules.js';
import { routeAccess, type RouteRecord } from './access.js';
import { BadRequest, ConflictWithData } from './errors.js';
import { isUuid } from './form-fields.js';

/**
 * The audit log (DESIGN §4, SECURITY case 19). Every state-changing route (POST, PUT, PATCH,
 * DELETE) declares in its `config.audit` either a rule (what its entry records) or, for a public
 * route only, an exemption with its reason; the modules keep their rules and entity loaders in
 * `<module>.audit.ts` and the route-table test fails for a route with neither.
 *
 * For a route with a rule this hook opens the request's change scope (db/transaction.ts). The
 * entry is written inside the outermost transaction of the change, just before it commits:
 * who (the signed-in admin, or on a public route the admin the service names), the action,
 * entity type and id, a summary line, the changes (the request fields for a create; a
 * before/after diff, both read through the transaction, where the rule has a loader; secrets
 * masked), the client IP as Fastify computes it and the user agent. A change cannot commit
 * without its entry, and a failed change leaves none.
 */

type Json = Record<string, unknown>;

/** Loads an entity's state for the diff; undefined when there is none (yet, or any more). */
/**
 * Loads a record's state for the audit and its revision. `locked` is the record's row as the
 * lock that opened the change read it (checkVersion): a loader of that table uses it instead of
 * selecting the row again (one round trip fewer on every versioned change).
 */
export type EntityLoader = (
  db: Executor,
  id: string | null,
  locked?: LockedRow,
) => Promise<Json | undefined>;

/** A row as the change's `SELECT … FOR UPDATE` read it (checkVersion), and the table it is of. */
export interface LockedRow {
  table: PgTable;
  row: Json;
}

/** What a rule may read to find the entity id. */
export interface AuditContext {
  request: FastifyRequest;
  params: Json;
  /** The JSON body's `data`, or the multipart text fields. */
  payload: Json;
}

/**
 * A record with revisions and an edit version (issue 21): its table (the `version` column, locked
 * and raised by every change) and its loader (the whole record as saved: the revision's snapshot).
 */
export interface RevisionTarget {
  entity: RevisionEntity;
  table: PgTable & { id: AnyPgColumn; version: AnyPgColumn };
  load: EntityLoader;
  /** The id of a one-record entity (the homepage settings), whose audit entry names none. */
  fixedId?: string;
  /**
   * Issue 23: the content-quality rules read from the loaded state (modules/quality); the change
   * stores the failed codes with it (`QualityService.refresh`, in `committing`).
   */
  quality?: QualityRules;
}

/** What the hook needs of the quality service (modules/quality/quality.service.ts). */
export interface QualityRefresher {
  refresh(
    tx: Executor,
    target: RevisionTarget,
    id: string,
    state: Json | undefined,
  ): Promise<Json | undefined>;
}

export interface AuditRule {
  action: string;
  entityType: string;
  /** Issue 21: the change also writes a revision and raises the record's version. */
  revision?: RevisionTarget;
  /** A restore: the revision it brought back. */
  restoredFrom?: string;
  /**
   * A rule known only once the request is read in the transaction (a restore names its revision,
   * whose entity decides the rule): called first thing in the change's transaction.
   */
  resolve?: (tx: Tx, ctx: AuditContext) => Promise<{ rule: AuditRule; id: string } | undefined>;
  /** A before/after diff through this loader (updates, deletes); a create's name comes from it. */
  load?: EntityLoader;
  /** What to record as changes when there is no diff (default: the request fields). */
  changes?: 'payload' | 'none';
  /**
   * The entity id when the default (noted by the service for a create, else path params, body or
   * form `id`/`_id`) is wrong; null: the entity has none.
   */
  id?: (ctx: AuditContext) => unknown;
  /** A fixed summary line (self-service actions); default "<Verb> <entity> '<name>'". */
  summary?: string;
}

/** A state-changing route that writes no entry, and why (public routes only). */
export interface AuditExemption {
  exempt: string;
}

/**
 * Issue 24: a route that changes many records (the bulk action) writes one entry per record it
 * changes, each with its entity's own rule, through {@link recordScope} and `recordChange`
 * (db/transaction.ts); the request itself writes none. `records` says which rules it uses.
 */
export interface AuditPerRecord {
  records: string;
}

// ── rules ────────────────────────────────────────────────────────────────────────────────────────

/** The images column of a loader that loads them (`byId(table, true)`), for the change's lock. */
const imagesOfLoader = new WeakMap<EntityLoader, SQL>();

/**
 * A select by id from the entity's table, with its images (`[{_id, kind, altText}]`, by kind,
 * order and id) when it has any, in the same statement. Every audited change runs it once or
 * twice (before and after), so it is a reused prepared statement (db/prepared.ts), one per table:
 * sent unnamed, the row and its images were two statements, each parsed and planned every time.
 */
export const byId = (table: PgTable & { id: AnyPgColumn }, withImages = false): EntityLoader => {
  const name = `audit_load_${getTableName(table)}${withImages ? '_with_images' : ''}`;
  // The owner's id nested in an SQL of its own: drizzle writes a column that is a direct part of
  // a single-table select's field unqualified (`"id"`), which inside the sub-select is the image's.
  const ownerId = sql`${table.id}`;
  const ownedImages = sql<Json[]>`(select coalesce(json_agg(json_build_object('_id', oi.id,
    'kind', oi.owner_type, 'altText', oi.alt_text)
    order by oi.owner_type, oi.sort_order, oi.id), '[]') from ${images} oi where oi.owner_id = ${ownerId})`;
  const statement = (db: Executor) =>
    db
      .select({ ...getTableColumns(table), ...(withImages ? { images: ownedImages } : {}) })
      .from(table as PgTable)
      .where(eq(table.id, sql.placeholder('id')) as SQL)
      .limit(1)
      .prepare(name);
  const load: EntityLoader = async (db, id, locked) => {
    if (id === null || !isUuid(id)) return undefined;
    // The change's lock read the row already, with its images (`lockAndMark`).
    const lockedRow = locked?.table === table && locked.row.id === id ? locked.row : undefined;
    if (lockedRow && (!withImages || 'images' in lockedRow)) return lockedRow;
    const [row] = (await reuse(db, name, statement).execute({ id })) as Json[];
    return row;
  };
  if (withImages) imagesOfLoader.set(load, ownedImages);
  return load;
};

/** A rule about the signed-in admin's own account: a fixed summary, no request fields. */
export const selfRule = (
  action: string,
  summary: string,
  extra: Partial<AuditRule> = {},
): AuditRule => ({
  action,
  entityType: 'admin-user',
  id: ({ request }) => request.auth?.admin.id,
  changes: 'none',
  summary,
  ...extra,
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the audit log records for this route, or why it records nothing (http/audit.ts). */
    audit?: AuditRule | AuditExemption | AuditPerRecord;
  }
  interface FastifyRequest {
    /** The change scope of an audited request (null for the others). */
    audit: AuditScope | null;
  }
}

export const STATE_CHANGING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

type AuditEntry = AuditRule | AuditExemption | AuditPerRecord;

export const isExemption = (entry: AuditEntry): entry is AuditExemption => 'exempt' in entry;

export const isPerRecord = (entry: AuditEntry): entry is AuditPerRecord => 'records' in entry;

/** The rule or exemption a route declares. */
export const auditOf = (route: RouteRecord): AuditEntry | undefined => route.options.config?.audit;

/**
 * The state-changing routes the audit does not cover: a non-public one without a rule (or with an
 * exemption: only public routes may be exempt), a public one with neither. The route-table test
 * fails while this is not empty.
 */
export const routesWithoutAudit = (routes: readonly RouteRecord[]): string[] =>
  routes
    .filter((route) => (STATE_CHANGING_METHODS as readonly string[]).includes(route.method))
    .filter((route) => {
      const entry = auditOf(route);
      if (!entry) return true;
      return isExemption(entry) && routeAccess(route) !== 'public';
    })
    .map((route) => `${route.method} ${route.url}`);

// ── changes ──────────────────────────────────────────────────────────────────────────────────────

/** Any key that looks like a secret is stored as '[masked]', at any depth. */
export const SECRET_KEY = /password|secret|token|otp|code|credential|key/i;
export const MASKED = '[masked]';
/** Columns that change with every write or repeat other columns: never part of a diff. */
export const NOISE = new Set([
  'id',
  '_id',
  'createdAt',
  'updatedAt',
  'searchText',
  'tagsText',
  'version',
  // Issue 23: computed from the other fields on every write.
  'qualityIssues',
  'qualityVersion',
  'qualityOk',
]);
const MAX_TEXT = 500;
const MAX_JSON = 4000;

/** JSON-safe, secrets masked, long text cut, huge values summarised. */
export const sanitize = (value: unknown, key = ''): unknown => {
  if (key && SECRET_KEY.test(key)) return value === null || value === undefined ? null : MASKED;
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') {
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  }
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map((item) => sanitize(item));
  if (typeof value === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(value as Json)) out[k] = sanitize(v, k);
    const size = JSON.stringify(out).length;
    return size > MAX_JSON ? `[${size} characters]` : out;
  }
  return value;
};

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** The request's fields as a change from nothing. */
export const payloadChanges = (payload: Json): Changes | null => {
  const changes: Changes = {};
  for (const [key, value] of Object.entries(payload)) {
    changes[key] = { from: null, to: sanitize(value, key) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
};

/** The fields that differ between two states (a missing state: every field from/to null). */
export const diffChanges = (before: Json | undefined, after: Json | undefined): Changes | null => {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Changes = {};
  for (const key of keys) {
    if (NOISE.has(key)) continue;
    const raw = [before?.[key], after?.[key]].map((v) => JSON.stringify(v ?? null));
    if (raw[0] === raw[1]) continue;
    changes[key] = { from: sanitize(before?.[key], key), to: sanitize(after?.[key], key) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
};

// ── the summary line ─────────────────────────────────────────────────────────────────────────────

const VERBS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  invite: 'Invited',
  'resend-invitation': 'Re-sent the invitation of',
  permissions: 'Changed the permissions of',
  revoke: 'Revoked',
  'gallery-add': 'Added images to',
  'gallery-remove': 'Removed images from',
  images: 'Changed the images of',
  restore: 'Restored an earlier version of',
};

const nameOf = (...sources: (Json | undefined)[]): string | undefined => {
  for (const source of sources) {
    for (const key of ['name', 'title', 'email', 'ip']) {
      const value = source?.[key];
      if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 120);
    }
  }
  return undefined;
};

const statusVerb = (after: Json | undefined, payload: Json): string => {
  const state = after?.isActive ?? after?.status ?? payload.isActive;
  if (state === true || state === 'active') return 'Activated';
  if (state === false || state === 'inactive') return 'Deactivated';
  if (state === 'published') return 'Published'; // a blog (issue 24's bulk action)
  if (state === 'draft') return 'Unpublished';
  return 'Changed the status of';
};

// ── the entry ────────────────────────────────────────────────────────────────────────────────────

/** One change as the audit log records it. */
export interface Change {
  rule: AuditRule;
  entityId: string | null;
  /** The state before (loaded when the rule has a loader and the id was known in time). */
  before: { state: Json | undefined } | null;
  after: Json | undefined;
  /** The request fields. */
  payload: Json;
  /** Issue 24: fields the service noted (`noteChange`), added to the changes. */
  noted?: Changes;
}

const isCreate = (rule: AuditRule) => rule.action === 'create' || rule.action === 'invite';

/** Writes the audit entry of one change through the change's transaction. */
export const writeEntry = async (
  tx: Executor,
  context: ChangeContext & { actor: Actor },
  { rule, entityId, before, after, payload, noted }: Change,
  /** Another insert of the change (its revision), sent in the entry's statement. */
  alongside?: SQLWrapper,
): Promise<void> => {
  let changes: Changes | null = null;
  if (!isCreate(rule) && rule.load && before) changes = diffChanges(before.state, after);
  else if (rule.changes !== 'none') changes = payloadChanges(payload);
  if (noted) {
    changes = { ...changes };
    for (const [key, value] of Object.entries(noted)) {
      changes[key] = { from: sanitize(value.from, key), to: sanitize(value.to, key) };
    }
  }
  let summary = rule.summary;
  if (!summary) {
    const verb =
      rule.action === 'status' ? statusVerb(after, payload) : (VERBS[rule.action] ?? rule.action);
    const noun = rule.entityType.replace(/-/g, ' ');
    const name = nameOf(after, before?.state, payload);
    summary = name ? `${verb} ${noun} '${name}'` : `${verb} ${noun}`;
  }
  const { actor } = context;
  await recordActivity(
    tx,
    {
      adminId: actor.id,
      adminName: actor.name,
      adminEmail: actor.email,
      action: rule.action,
      entityType: rule.entityType,
      entityId,
      summary,
      changes,
      method: context.method,
      path: context.path,
      ip: context.ip,
      userAgent: context.userAgent,
    },
    alongside,
  );
};

// ── the hook ─────────────────────────────────────────────────────────────────────────────────────

const asJson = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

const idText = (value: unknown): string | undefined =>
  (typeof value === 'string' && value !== '' && value.length <= 200) || typeof value === 'number'
    ? String(value)
    : undefined;

/** An audited request's change scope: the rule, and what it gathered for the entry. */
export interface AuditScope extends ChangeScope {
  rule: AuditRule;
  /** The multipart text fields, once the handler has read them (see {@link noteFormFields}). */
  form?: Json;
  /** Whether the entry has been committed. */
  written: boolean;
}

/**
 * The version an update says it was edited from: `If-Match: "3"` (also `W/"3"` or `3`), else the
 * JSON body's or the multipart form's `version`; undefined when it names none.
 */
export const expectedVersion = (request: FastifyRequest, payload: Json): number | undefined => {
  const header = request.headers['if-match'];
  if (typeof header === 'string' && header.trim() !== '' && header.trim() !== '*') {
    const match = /^(?:W\/)?"?([1-9]\d{0,9})"?$/.exec(header.trim());
    if (!match) throw new BadRequest(REVISION_MESSAGES.badVersion);
    return Number(match[1]);
  }
  const value = payload.version;
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = editVersionSchema.safeParse(value);
  if (!parsed.success) throw new BadRequest('version must be a whole number');
  return parsed.data;
};

/**
 * The record as a revision keeps it: JSON, without `searchText` (generated from the description,
 * as long as it; a restore never writes a generated column).
 */
export const snapshotOf = (state: Json): Json => {
  const { searchText: _generated, ...kept } = state;
  return JSON.parse(JSON.stringify(kept)) as Json;
};

const changedFieldsOf = (before: Json | undefined, after: Json | undefined): string[] =>
  Object.keys(diffChanges(before, after) ?? {});

/**
 * The transaction-local setting that names the rows whose next UPDATE raises their version
 * (migration 0020's `edit_version_bump` trigger): ',<table>:<id>,' marks, one setting for all.
 */
const BUMP_SETTING = 'safarnama.edit_version_bump';
const bumpMark = (table: PgTable, id: string) => `,${getTableName(table)}:${id.toLowerCase()},`;
/** SQL true while the row's mark is still set (its version not raised yet in this transaction). */
const stillMarked = (mark: string) =>
  sql`position(${mark} in coalesce(current_setting(${BUMP_SETTING}, true), '')) > 0`;

/**
 * Locks a versioned record's row (`SELECT … FOR UPDATE`, the whole row) and marks it, so that the
 * first UPDATE of it in this transaction raises its version by one (migration 0020's trigger).
 * Undefined when there is no such row.
 */
export const lockAndMark = async (
  tx: Executor,
  /**
   * The record's table and loader: a loader of images (`byId(table, true)`) gets them read with
   * the row, and then sends no statement of its own.
   */
  target: Pick<RevisionTarget, 'table' | 'load'>,
  id: string,
): Promise<Json | undefined> => {
  const table = target.table as PgTable;
  const withImages = imagesOfLoader.get(target.load);
  const name = `audit_lock_${getTableName(table)}${withImages ? '_with_images' : ''}`;
  const statement = (db: Executor) => {
    const columns = getTableColumns(table);
    return db
      .select({
        ...columns,
        ...(withImages ? { images: withImages } : {}),
        bumpMarked: sql<string>`set_config(${BUMP_SETTING}, coalesce(nullif(current_setting(${BUMP_SETTING}, true), ''), ',') || ${sql.placeholder('mark')}, true)`,
      })
      .from(table)
      .where(eq(columns.id as AnyPgColumn, sql.placeholder('id')))
      .for('update')
      .prepare(name);
  };
  const [found] = (await reuse(tx, name, statement).execute({
    id,
    mark: bumpMark(table, id).slice(1),
  })) as Json[];
  if (!found) return undefined;
  const { bumpMarked: _marked, ...row } = found;
  return row;
};

/**
 * What checkVersion did: whether it marked the row for its version raise, the version it locked,
 * and the row it read.
 */
interface VersionCheck {
  marked: boolean;
  lockedVersion?: number;
  locked?: LockedRow;
}

/**
 * Locks the record's row for the change and compares its version with the one the request edited
 * from: a stale one is refused (409 `EDIT_CONFLICT`) with the record as it is now and who saved it
 * when; a request that names none goes through and is logged. With `bump` the lock
 * (`SELECT … FOR UPDATE`, the whole row: it spares the loader its select) also marks the row, so
 * the change's own first UPDATE of it raises the version by one (migration 0020): no second
 * version of the row is written. A change that updates no column of the row (a gallery change)
 * gets the raise in `committing`. A refusal or any later failure rolls the mark back.
 */
const checkVersion = async (
  tx: Tx,
  request: FastifyRequest,
  target: RevisionTarget,
  id: string,
  loadId: string | null,
  payload: Json,
  bump: boolean,
  unversioned = false,
): Promise<VersionCheck> => {
  // A malformed id finds nothing (the service answers its 404); the uuid column would refuse it.
  if (!target.fixedId && !isUuid(id)) return { marked: false };
  const table = target.table as PgTable;
  const where = eq(target.table.id, id) as SQL;
  let version: number | undefined;
  let locked: LockedRow | undefined;
  if (bump) {
    const row = await lockAndMark(tx, target, id);
    if (row) {
      version = Number(row.version);
      locked = { table, row };
    }
  } else {
    const [row] = await tx
      .select({ version: target.table.version })
      .from(table)
      .where(where)
      .for('update');
    version = (row as { version: number } | undefined)?.version;
  }
  if (version === undefined) return { marked: false }; // the service answers its own 404
  const checked: VersionCheck = { marked: bump, lockedVersion: version, locked };
  // A bulk action's record names no version: it applies to the record as it is (on purpose).
  if (unversioned) return checked;
  const yours = expectedVersion(request, payload);
  if (yours === undefined) {
    request.log.warn(
      { entity: target.entity, id, version },
      'update without an edit version (If-Match): saved over whatever is current',
    );
    return checked;
  }
  if (yours === version) return checked;
  // As it is now (the mark set above is rolled back with this refusal).
  const loaded = await target.load(tx, loadId, locked);
  const current = loaded ? { ...loaded, version } : {};
  const latest = await latestRevision(tx, target.entity, id);
  const yoursThen = await revisionAtVersion(tx, target.entity, id, yours);
  throw new ConflictWithData(
    REVISION_MESSAGES.conflict,
    {
      entity: target.entity,
      entityId: id,
      currentVersion: version,
      yourVersion: yours,
      current: JSON.parse(JSON.stringify(current)) as Json,
      changedBy: latest ? { _id: latest.adminId, name: latest.adminName } : null,
      changedAt: latest ? latest.createdAt.toISOString() : null,
      changedFields: yoursThen ? changedFieldsOf(yoursThen.snapshot, current) : [],
    },
    'EDIT_CONFLICT',
  );
};

const openScope = (
  request: FastifyRequest,
  rule: AuditRule,
  quality: QualityRefresher | undefined,
  /** Issue 24: one record of a bulk action (its id in the rule, no request fields, no version). */
  record = false,
): AuditScope => {
  const auth = request.auth;
  const context: ChangeContext = {
    actor: auth ? { id: auth.admin.id, name: auth.admin.name, email: auth.admin.email } : null,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
  };
  /** The rule in force: the route's, or the one its `resolve` named. */
  let active = rule;
  let resolvedId: string | undefined;
  const fields = (): AuditContext => ({
    request,
    params: asJson(request.params),
    payload: record ? {} : (scope.form ?? asJson(asJson(request.body).data)),
  });
  /** The service's note (a create), else the rule's, else path params, body or form `id`/`_id`. */
  const entityIdOf = (notes: ChangeNotes): string | null | undefined => {
    if (notes.entityId !== undefined) return notes.entityId;
    if (resolvedId !== undefined) return resolvedId;
    const ctx = fields();
    if (active.id) {
      const value = active.id(ctx);
      return value === null ? null : idText(value);
    }
    const { params, payload } = ctx;
    return (
      idText(params.id) ?? idText(params.itineraryId) ?? idText(payload.id) ?? idText(payload._id)
    );
  };
  /** The id of the record whose revisions the change writes (undefined: it has none). */
  const revisionIdOf = (id: string | null | undefined): string | undefined =>
    active.revision ? (active.revision.fixedId ?? id ?? undefined) : undefined;
  let before: Change['before'] = null;
  let pending = false;
  /** What the lock as the transaction opened did (checkVersion): the row marked for its raise. */
  let check: VersionCheck = { marked: false };
  const scope: AuditScope = {
    rule,
    context,
    written: false,
    opened: async (tx: Tx) => {
      before = null;
      check = { marked: false };
      if (scope.written) return;
      if (rule.resolve) {
        const resolved = await rule.resolve(tx, fields());
        if (resolved) {
          active = resolved.rule;
          resolvedId = resolved.id;
        }
      }
      if (!active.load || isCreate(active)) return;
      const id = entityIdOf({});
      if (id === undefined) return;
      const revisionId = revisionIdOf(id);
      let locked: LockedRow | undefined;
      if (active.revision && revisionId !== undefined) {
        // A delete keeps the version its last revision had (its revision repeats it).
        check = await checkVersion(
          tx,
          request,
          active.revision,
          revisionId,
          id,
          fields().payload,
          active.action !== 'delete',
          record,
        );
        locked = check.locked;
      }
      before = { state: await active.load(tx, id, locked) };
    },
    committing: async (tx, notes) => {
      pending = false;
      const actor = context.actor ?? notes.actor;
      if (scope.written || !actor) return;
      const id = entityIdOf(notes);
      const target = active.revision;
      const revisionId = revisionIdOf(id);
      const versioned =
        target && revisionId !== undefined && active.action !== 'delete' && !isCreate(active);
      const table = target?.table as PgTable;
      // Raised before the load when the lock could not mark the row (a restore that re-created a
      // deleted record, a change whose row appeared meanwhile).
      if (versioned && !check.marked) {
        await tx
          .update(table)
          .set({ version: sql`${target.table.version} + 1` } as never)
          .where(eq(target.table.id, revisionId) as SQL);
      }
      let after = active.load && id !== undefined ? await active.load(tx, id) : undefined;
      // Marked, but no UPDATE of the row raised it (a gallery change): raised now, through the
      // trigger (which takes the mark off), unless the load shows it raised already.
      if (
        versioned &&
        check.marked &&
        !(typeof after?.version === 'number' && after.version !== check.lockedVersion)
      ) {
        const [raised] = (await tx
          .update(table)
          .set({ version: sql`${target.table.version}` } as never)
          .where(
            sql`${eq(target.table.id, revisionId)} and ${stillMarked(bumpMark(table, revisionId))}`,
          )
          .returning({ version: target.table.version })) as { version: number }[];
        if (raised && after && 'version' in after) after = { ...after, version: raised.version };
      }
      // Issue 23: the record's quality as this change left it (one UPDATE, only when it moved).
      if (quality && target?.quality && revisionId !== undefined) {
        after = await quality.refresh(tx, target, revisionId, after);
      }
      const snapshot = after ?? before?.state;
      // The revision goes in the entry's own statement (one round trip for both).
      const revision =
        target && revisionId !== undefined && snapshot
          ? revisionInsert(tx, {
              entityType: target.entity,
              entityId: revisionId,
              version: Number(snapshot.version ?? 1),
              action: active.action,
              snapshot: snapshotOf(snapshot),
              changedFields: isCreate(active)
                ? changedFieldsOf(undefined, after)
                : changedFieldsOf(before?.state, after),
              adminId: actor.id,
              adminName: actor.name,
              restoredFrom: active.restoredFrom ?? null,
              ip: context.ip,
              userAgent: context.userAgent,
            })
          : undefined;
      await writeEntry(
        tx,
        { ...context, actor },
        {
          rule: active,
          // A public route's entry is about the admin who acted.
          entityId: id !== undefined ? id : (notes.actor?.id ?? null),
          before,
          after,
          payload: fields().payload,
          noted: notes.changes,
        },
        revision,
      );
      pending = true;
    },
    committed: () => {
      if (pending) scope.written = true;
    },
  };
  return scope;
};

/**
 * Issue 24: the change scope of one record of a bulk action (a route whose audit is
 * {@link AuditPerRecord}): the entity's own `rule` about `id`, with the request's actor, IP and
 * agent. Run the record's change in it with `recordChange` (db/transaction.ts): its entry, its
 * revision and version raise and its quality codes are written as for the single action.
 */
export const recordScope = (
  request: FastifyRequest,
  rule: AuditRule,
  id: string,
  quality?: QualityRefresher,
): AuditScope => openScope(request, { ...rule, id: () => id }, quality, true);

/**
 * Installs the hook on the root instance (before the routes are registered, so every route gets
 * it): an audited request runs its handler inside its change scope (issue 23: `quality` keeps the
 * records' content-quality codes with every change); a signed-in change that
 * answers 2xx without having committed its entry (a write outside `transaction`) is a bug and
 * answers 500.
 */
export const registerAudit = (app: FastifyInstance, deps: { quality?: QualityRefresher } = {}) => {
  app.decorateRequest('audit', null);

  app.addHook('preHandler', (request, _reply, done) => {
    const entry = request.routeOptions.config.audit;
    if (!entry || isExemption(entry) || isPerRecord(entry)) {
      request.audit = null;
      done();
      return;
    }
    const scope = openScope(request, entry, deps.quality);
    request.audit = scope;
    // Everything the handler starts from here on (the service, its transactions) sees the scope.
    runInChangeScope(scope, () => done());
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const scope = request.audit;
    request.audit = null;
    const succeeded = reply.statusCode >= 200 && reply.statusCode < 300;
    if (scope && succeeded && scope.context.actor && !scope.written) {
      throw new Error(
        `${request.method} ${request.routeOptions.url ?? ''} answered without its audit entry: its change must run in transaction() (db/transaction.ts)`,
      );
    }
    return payload;
  });
};

/**
 * Called by the multipart reader with the form's text fields, before the service acts on them:
 * a multipart update's id and a create's fields arrive here.
 */
export const noteFormFields = (request: FastifyRequest, fields: Json): void => {
  if (request.audit) request.audit.form = fields;
};
