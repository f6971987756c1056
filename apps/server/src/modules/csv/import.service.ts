import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CSV_MESSAGES as M,
  IMPORT_FIELDS,
  LANGUAGES,
  MONTH_CODES,
  QUALITY_RULES_VERSION,
  SOCKET_EVENTS,
  TOUR_TYPES,
  itineraryInputSchema,
  monthCodeOf,
  placeFieldsSchema,
  placeUpdateFieldsSchema,
  coordinatesOf,
  type CsvApplied,
  type CsvDryRun,
  type CsvDryRunRow,
  type CsvImportProgressEvent,
  type CsvRowError,
  type ImportEntity,
  type PermissionKey,
} from '@safarnama/contract';
import { rowsOf, type Database, type Executor, type Tx } from '../../db/client.js';
import { changeContext, transaction } from '../../db/transaction.js';
import {
  adminActivities,
  countries,
  images,
  itineraries,
  places,
  revisions,
  states,
} from '../../db/schema/index.js';
import { diffChanges, payloadChanges } from '../../http/audit.js';
import { ValidationError } from '../../http/errors.js';
import { asUuid } from '../../http/form-fields.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { Realtime } from '../../realtime/hub.js';
import { ITINERARY_QUALITY } from '../quality/quality.rules.js';
import { decodeCsv, readCsv, resolveMapping } from './csv-reader.js';

/**
 * Issue 24: CSV import of places and itineraries.
 *
 * Check (the dry run, and again at the start of apply — the file is sent again, nothing is kept
 * between the two calls): every row read through the mapping, its names resolved (country by name
 * or short name, state within it, place within that), validated with the form's own contract
 * schema (`placeFieldsSchema` / `placeUpdateFieldsSchema`, `itineraryInputSchema`) and the
 * services' rules (parents belong together, description sanitised, months in calendar order, SEO
 * fields and FAQs only when public, one title per place / name per state), and matched to what
 * exists: by `_id`, else by the natural key (a place: name within its state; an itinerary: title
 * within its place). Every error names the file's column.
 *
 * Apply: the same check, then — only when no row has an error — one transaction: inserts in
 * batches of 500, updates one statement per row, then the audit entries (one per record, as the
 * form's create / update would write; the request's own entry says "import"), and for itineraries
 * the revisions (version 1 for a create, raised for an update) and the content-quality codes, all
 * batched. Everything the one-record path writes, in fewer statements.
 */

type Json = Record<string, unknown>;
type Cells = (field: string) => string | undefined;

const CHUNK = 500;
const PROGRESS_EVERY = 1000;

export interface ImportUpload {
  buffer: Buffer;
  mapping?: string | undefined;
  importId?: string | undefined;
}

export interface Importer {
  id: string;
  permissions: ReadonlySet<PermissionKey>;
}

interface Checked {
  line: number;
  action: 'create' | 'update';
  id: string | null;
  label: string;
  errors: CsvRowError[];
  /** The columns to write (a create: all of them; an update: the ones the file sets). */
  values?: Json;
  /** The record as stored (updates). */
  before?: Json;
  /** The request-like fields, for the create's audit entry. */
  payload?: Json;
}

interface Context {
  entity: ImportEntity;
  headers: string[];
  columns: Map<string, number>;
}

const lower = (value: string) => value.trim().toLowerCase();
const chunks = <T>(list: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** The file's header for a field, else its label. */
const columnOf = (ctx: Context, field: string): string => {
  const index = ctx.columns.get(field);
  if (index !== undefined) return ctx.headers[index] ?? field;
  return IMPORT_FIELDS[ctx.entity].find((f) => f.field === field)?.label ?? field;
};

/** A schema path's field as the import names it (`countryId` is the Country column). */
const importFieldOf = (path: PropertyKey | undefined): string => {
  const key = String(path ?? '');
  return key === 'countryId'
    ? 'country'
    : key === 'stateId'
      ? 'state'
      : key === 'placeId'
        ? 'place'
        : key;
};

const schemaErrors = (ctx: Context, issues: readonly z.core.$ZodIssue[], skip: Set<string>) =>
  issues
    .map((issue) => ({ field: importFieldOf(issue.path[0]), message: issue.message }))
    .filter((e) => !skip.has(e.field))
    .map((e) => ({ column: columnOf(ctx, e.field), field: e.field, message: e.message }));

const BOOLEAN: Record<string, boolean> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  '1': true,
  '0': false,
  y: true,
  n: false,
  active: true,
  inactive: false,
};

/** Whole numbers as people type them: `12,500`, `₹ 12500`, `Rs. 900`. */
const integerOf = (raw: string): number =>
  Number(raw.replace(/^(?:₹|rs\.?|inr)/i, '').replace(/[\s,_]/g, ''));

const listOf = (raw: string): string[] =>
  raw
    .split(/[,;|]/)
    .map((v) => v.trim())
    .filter((v) => v !== '');

const caseless = <T extends string>(options: readonly T[], raw: string): T | string =>
  options.find((o) => o.toLowerCase() === lower(raw)) ?? raw.trim();

// ── references ───────────────────────────────────────────────────────────────────────────────

interface Geography {
  country: (name: string) => string | undefined;
  state: (countryId: string, name: string) => string | undefined;
  place: (stateId: string, name: string) => string | undefined;
}

/** Every country and state (small tables), and the places of the states the file names. */
const loadGeography = async (
  db: Executor,
  placeNames: { stateNames: Set<string>; wantPlaces: boolean },
) => {
  const countryRows = await db
    .select({ id: countries.id, name: countries.name, shortName: countries.shortName })
    .from(countries);
  const byCountry = new Map<string, string>();
  for (const c of countryRows) {
    byCountry.set(lower(c.name), c.id);
    if (!byCountry.has(lower(c.shortName))) byCountry.set(lower(c.shortName), c.id);
  }
  const stateRows = await db
    .select({ id: states.id, countryId: states.countryId, name: states.name })
    .from(states);
  const byState = new Map(stateRows.map((s) => [`${s.countryId}|${lower(s.name)}`, s.id]));
  const byPlace = new Map<string, string>();
  if (placeNames.wantPlaces) {
    const stateIds = stateRows
      .filter((s) => placeNames.stateNames.has(lower(s.name)))
      .map((s) => s.id);
    for (const part of chunks(stateIds, 1000)) {
      const rows = await db
        .select({ id: places.id, stateId: places.stateId, name: places.name })
        .from(places)
        .where(inArray(places.stateId, part));
      for (const p of rows) byPlace.set(`${p.stateId}|${lower(p.name)}`, p.id);
    }
  }
  const geography: Geography = {
    country: (name) => byCountry.get(lower(name)),
    state: (countryId, name) => byState.get(`${countryId}|${lower(name)}`),
    place: (stateId, name) => byPlace.get(`${stateId}|${lower(name)}`),
  };
  return geography;
};

/** Resolves country, state (and place) names; errors at their columns. */
const resolveParents = (
  ctx: Context,
  geo: Geography,
  cell: Cells,
  errors: CsvRowError[],
  withPlace: boolean,
) => {
  const error = (field: string, message: string) =>
    errors.push({ column: columnOf(ctx, field), field, message });
  const countryName = cell('country') ?? '';
  const stateName = cell('state') ?? '';
  const placeName = cell('place') ?? '';
  const countryId = countryName ? geo.country(countryName) : undefined;
  if (countryName && !countryId) error('country', M.notFound('Country', countryName));
  const stateId = countryId && stateName ? geo.state(countryId, stateName) : undefined;
  if (countryId && stateName && !stateId) error('state', M.notFound('State', stateName));
  let placeId: string | undefined;
  if (withPlace) {
    placeId = stateId && placeName ? geo.place(stateId, placeName) : undefined;
    if (stateId && placeName && !placeId) error('place', M.notFound('Place', placeName));
  }
  return { countryId, stateId, placeId };
};

/** Existing records by id and by natural key (`parent|lower(name)`), one query each. */
const loadExisting = async (
  db: Executor,
  entity: ImportEntity,
  ids: string[],
  keys: { parent: string; name: string }[],
) => {
  const table = entity === 'places' ? places : itineraries;
  const byId = new Map<string, Json>();
  const byKey = new Map<string, Json>();
  const keyOf = (row: Json) =>
    entity === 'places'
      ? `${String(row.stateId)}|${lower(String(row.name))}`
      : `${String(row.placeId)}|${lower(String(row.title))}`;
  for (const part of chunks(ids, 1000)) {
    const rows = (await db.select().from(table).where(inArray(table.id, part))) as Json[];
    for (const row of rows) byId.set(String(row.id), row);
  }
  for (const part of chunks(keys, 1000)) {
    // One JSON parameter (drizzle would spread an array into a row of parameters).
    const pairs = JSON.stringify(part);
    const result =
      entity === 'places'
        ? await db.execute(sql`
            select p.id from ${places} p
            join json_to_recordset(${pairs}::json) as k(parent uuid, name text)
              on p.state_id = k.parent and lower(p.name) = k.name`)
        : await db.execute(sql`
            select i.id from ${itineraries} i
            join json_to_recordset(${pairs}::json) as k(parent uuid, name text)
              on i.place_id = k.parent and lower(i.title) = k.name`);
    const found = rowsOf(result).map((r) => String(r.id));
    for (const few of chunks(found, 1000)) {
      const rows = (await db.select().from(table).where(inArray(table.id, few))) as Json[];
      for (const row of rows) {
        byId.set(String(row.id), row);
        byKey.set(keyOf(row), row);
      }
    }
  }
  return { byId, byKey };
};

// ── the service ──────────────────────────────────────────────────────────────────────────────

export interface CsvImportDeps {
  db: Database;
  realtime?: Realtime;
}

export const createCsvImportService = ({ db, realtime }: CsvImportDeps) => {
  const progress = (
    importer: Importer,
    importId: string | undefined,
    event: Omit<CsvImportProgressEvent, 'importId'>,
  ) => {
    if (!importId || !realtime) return;
    realtime.emitToAdmins([importer.id], SOCKET_EVENTS.csvImportProgress, { importId, ...event });
  };

  /** Every row checked, through `tx` (the apply's transaction, or a read-only one). */
  const check = async (
    tx: Executor,
    entity: ImportEntity,
    upload: ImportUpload,
    importer: Importer,
  ): Promise<{ ctx: Context; mapping: Record<string, string>; rows: Checked[] }> => {
    const { headers, rows } = readCsv(decodeCsv(upload.buffer));
    const { mapping, columns } = resolveMapping(entity, headers, upload.mapping);
    const ctx: Context = { entity, headers, columns };
    const cellsOf =
      (cells: string[]): Cells =>
      (field) => {
        const index = columns.get(field);
        return index === undefined ? undefined : (cells[index] ?? '').trim();
      };
    const isPlaces = entity === 'places';
    const stateNames = new Set(rows.map((r) => lower(cellsOf(r.cells)('state') ?? '')));
    const geo = await loadGeography(tx, { stateNames, wantPlaces: !isPlaces });

    // First pass: parents, so the existing records can be found in one query per kind.
    const firsts = rows.map((row) => {
      const cell = cellsOf(row.cells);
      const errors: CsvRowError[] = [];
      const parents = resolveParents(ctx, geo, cell, errors, !isPlaces);
      const rawId = cell('_id') ?? '';
      const id = rawId ? asUuid(rawId) : undefined;
      if (rawId && !id)
        errors.push({ column: columnOf(ctx, '_id'), field: '_id', message: M.idNotFound });
      const name = cell(isPlaces ? 'name' : 'title') ?? '';
      const parent = isPlaces ? parents.stateId : parents.placeId;
      return { row, cell, errors, parents, id, name, parent };
    });
    const existing = await loadExisting(
      tx,
      entity,
      firsts.flatMap((f) => (f.id ? [f.id] : [])),
      firsts.flatMap((f) =>
        f.parent && f.name ? [{ parent: f.parent, name: lower(f.name) }] : [],
      ),
    );

    const updateKey: PermissionKey = isPlaces ? 'geography.update' : 'itineraries.update';
    const seen = new Map<string, number>();
    const checked: Checked[] = [];
    for (const [index, first] of firsts.entries()) {
      const { row, cell, errors, parents, id, name, parent } = first;
      const error = (field: string, message: string) =>
        errors.push({ column: columnOf(ctx, field), field, message });
      const key = parent && name ? `${parent}|${lower(name)}` : undefined;
      const byKey = key ? existing.byKey.get(key) : undefined;
      let before: Json | undefined;
      if (id) {
        before = existing.byId.get(id);
        if (!before) error('_id', M.idNotFound);
        else if (byKey && byKey.id !== id) error(isPlaces ? 'name' : 'title', M.keyTaken);
      } else before = byKey;
      const action = before ? 'update' : 'create';
      if (before && !importer.permissions.has(updateKey)) error('_id', M.noUpdatePermission);
      const identity = before ? String(before.id) : key;
      if (identity) {
        const earlier = seen.get(identity);
        if (earlier !== undefined) error(isPlaces ? 'name' : 'title', M.duplicateRow(earlier));
        else seen.set(identity, row.line);
      }
      const skip = new Set(errors.map((e) => e.field));
      const result = isPlaces
        ? placeValues(ctx, cell, parents, before, skip, errors)
        : itineraryValues(ctx, cell, parents, before, skip, errors);
      checked.push({
        line: row.line,
        action,
        id: before ? String(before.id) : null,
        label: name,
        errors,
        ...result,
        ...(before ? { before } : {}),
      });
      if ((index + 1) % PROGRESS_EVERY === 0) {
        progress(importer, upload.importId, {
          phase: 'checking',
          done: index + 1,
          total: rows.length,
        });
      }
    }
    return { ctx, mapping, rows: checked };
  };

  /** A place row: the add form's schema for a create, the update form's for an update. */
  const placeValues = (
    ctx: Context,
    cell: Cells,
    parents: { countryId?: string | undefined; stateId?: string | undefined },
    before: Json | undefined,
    skip: Set<string>,
    errors: CsvRowError[],
  ): { values?: Json; payload?: Json } => {
    const fields: Json = {
      name: cell('name') ?? '',
      countryId: parents.countryId ?? '',
      stateId: parents.stateId ?? '',
    };
    for (const field of ['shortDescription', 'latitude', 'longitude'] as const) {
      const value = cell(field);
      if (value !== undefined) fields[field] = value;
    }
    const active = cell('isActive');
    if (active) {
      const flag = BOOLEAN[lower(active)];
      if (flag === undefined)
        errors.push({
          column: columnOf(ctx, 'isActive'),
          field: 'isActive',
          message: M.notABoolean,
        });
      else fields.isActive = flag;
    }
    const parsed = before
      ? placeUpdateFieldsSchema.safeParse({ ...fields, id: String(before.id) })
      : placeFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      errors.push(...schemaErrors(ctx, parsed.error.issues, skip));
      return {};
    }
    if (errors.length > 0) return {};
    const { latitude, longitude, ...rest } = parsed.data as Json & {
      latitude?: number | null;
      longitude?: number | null;
    };
    delete rest.id;
    const values = { ...rest, ...coordinatesOf({ latitude, longitude }) };
    return { values, payload: values };
  };

  /**
   * An itinerary row: `itineraryInputSchema` over the stored record (an update keeps what the file
   * does not set) with the file's cells on top; then the service's rules.
   */
  const itineraryValues = (
    ctx: Context,
    cell: Cells,
    parents: {
      countryId?: string | undefined;
      stateId?: string | undefined;
      placeId?: string | undefined;
    },
    before: Json | undefined,
    skip: Set<string>,
    errors: CsvRowError[],
  ): { values?: Json; payload?: Json } => {
    const error = (field: string, message: string) =>
      errors.push({ column: columnOf(ctx, field), field, message });
    const input: Json = before
      ? {
          title: before.title,
          duration: before.duration,
          type: before.type,
          groupSize: before.groupSize,
          languages: before.languages,
          pricePerPerson: before.pricePerPerson,
          visibility: before.visibility,
          months: before.months,
          description: before.description,
          metaTitle: before.metaTitle,
          metaDescription: before.metaDescription,
          isActive: before.isActive,
        }
      : {};
    input.countryId = parents.countryId ?? '';
    input.stateId = parents.stateId ?? '';
    input.placeId = parents.placeId ?? '';
    for (const field of [
      'title',
      'duration',
      'description',
      'metaTitle',
      'metaDescription',
    ] as const) {
      const value = cell(field);
      if (value !== undefined) input[field] = value;
    }
    const type = cell('type');
    if (type) input.type = caseless(TOUR_TYPES, type);
    const visibility = cell('visibility');
    if (visibility) input.visibility = lower(visibility);
    for (const field of ['groupSize', 'pricePerPerson'] as const) {
      const raw = cell(field);
      if (!raw) continue;
      const number = integerOf(raw);
      if (Number.isNaN(number)) error(field, M.notANumber);
      else input[field] = number;
    }
    const languages = cell('languages');
    if (languages !== undefined)
      input.languages = listOf(languages).map((l) => caseless(LANGUAGES, l));
    const months = cell('months');
    if (months !== undefined) input.months = listOf(months).map((m) => monthCodeOf(m) ?? m);
    const active = cell('isActive');
    if (active) {
      const flag = BOOLEAN[lower(active)];
      if (flag === undefined) error('isActive', M.notABoolean);
      else input.isActive = flag;
    }
    const parsed = itineraryInputSchema.safeParse(input);
    if (!parsed.success) {
      errors.push(...schemaErrors(ctx, parsed.error.issues, skip));
      return {};
    }
    if (errors.length > 0) return {};
    const data = parsed.data;
    const isPublic = data.visibility === 'public';
    const values: Json = {
      countryId: data.countryId,
      stateId: data.stateId,
      placeId: data.placeId,
      title: data.title,
      duration: data.duration,
      type: data.type,
      groupSize: data.groupSize,
      languages: data.languages,
      pricePerPerson: data.pricePerPerson,
      visibility: data.visibility,
      months: MONTH_CODES.filter((code) => data.months.includes(code)),
      description: sanitizeRichText(data.description),
      metaTitle: isPublic ? data.metaTitle : '',
      metaDescription: isPublic ? data.metaDescription : '',
      isActive: data.isActive,
    };
    // A private itinerary holds no FAQs (spec §5; the table's check): an update to private drops them.
    if (before && !isPublic) values.faqs = [];
    return { values, payload: values };
  };

  const dryRunOf = (
    entity: ImportEntity,
    headers: string[],
    mapping: Record<string, string>,
    rows: Checked[],
  ): CsvDryRun => {
    const list: CsvDryRunRow[] = rows.map((r) => ({
      line: r.line,
      action: r.action,
      id: r.id,
      label: r.label,
      errors: r.errors,
    }));
    return {
      entity,
      headers,
      mapping,
      total: rows.length,
      creates: rows.filter((r) => r.action === 'create').length,
      updates: rows.filter((r) => r.action === 'update').length,
      invalid: rows.filter((r) => r.errors.length > 0).length,
      rows: list,
    };
  };

  /** The dry run: the check inside a transaction (one snapshot of the data; writes nothing but its audit entry). */
  const dryRun = async (
    entity: ImportEntity,
    upload: ImportUpload,
    importer: Importer,
  ): Promise<CsvDryRun> =>
    transaction(db, async (tx) => {
      const { ctx, mapping, rows } = await check(tx, entity, upload, importer);
      progress(importer, upload.importId, { phase: 'done', done: rows.length, total: rows.length });
      return dryRunOf(entity, ctx.headers, mapping, rows);
    });

  /** The audit entries of the records, as the one-record create / update would write them. */
  const auditEntries = (
    entityType: string,
    done: { action: 'create' | 'update'; id: string; before?: Json; after: Json; payload: Json }[],
  ) => {
    const context = changeContext();
    const actor = context?.actor;
    if (!context || !actor) throw new Error('CSV import outside an audited request');
    const noun = entityType.replace(/-/g, ' ');
    return done.map((d) => {
      const name = String(d.after.name ?? d.after.title ?? '')
        .trim()
        .slice(0, 120);
      return {
        adminId: actor.id,
        adminName: actor.name,
        adminEmail: actor.email,
        action: d.action,
        entityType,
        entityId: d.id,
        summary: `${d.action === 'create' ? 'Created' : 'Updated'} ${noun} '${name}'`,
        changes: d.action === 'create' ? payloadChanges(d.payload) : diffChanges(d.before, d.after),
        method: context.method,
        path: context.path,
        ip: context.ip,
        userAgent: context.userAgent,
      };
    });
  };

  const writePlaces = async (tx: Tx, rows: Checked[], tick: (n: number) => void) => {
    const done: Parameters<typeof auditEntries>[1] = [];
    for (const part of chunks(rows.filter((r) => r.action === 'create'))) {
      const inserted = (await tx
        .insert(places)
        .values(part.map((r) => r.values as typeof places.$inferInsert))
        .returning()) as Json[];
      inserted.forEach((after, i) => {
        done.push({
          action: 'create',
          id: String(after.id),
          after,
          payload: part[i]?.payload ?? {},
        });
      });
      tick(part.length);
    }
    for (const r of rows.filter((row) => row.action === 'update')) {
      const [after] = (await tx
        .update(places)
        .set({ ...(r.values as Partial<typeof places.$inferInsert>), updatedAt: sql`now()` })
        .where(eq(places.id, String(r.id)))
        .returning()) as Json[];
      if (after)
        done.push({
          action: 'update',
          id: String(after.id),
          before: r.before,
          after,
          payload: r.payload ?? {},
        });
      tick(1);
    }
    return done;
  };

  /** Itineraries with their quality codes in the written values, then their revisions. */
  const writeItineraries = async (tx: Tx, rows: Checked[], tick: (n: number) => void) => {
    const done: Parameters<typeof auditEntries>[1] = [];
    const quality = (state: Json) => ({
      qualityIssues: ITINERARY_QUALITY(state, { ownOrigins: [] }).map((i) => i.code),
      qualityVersion: QUALITY_RULES_VERSION,
    });
    const creates = rows.filter((r) => r.action === 'create');
    for (const part of chunks(creates)) {
      const values = part.map((r) => {
        const v = { dailyItinerary: [], faqs: [], ...r.values } as Json;
        return { ...v, ...quality({ ...v, images: [] }) } as typeof itineraries.$inferInsert;
      });
      const inserted = (await tx.insert(itineraries).values(values).returning()) as Json[];
      inserted.forEach((after, i) => {
        done.push({
          action: 'create',
          id: String(after.id),
          after: { ...after, images: [] },
          payload: part[i]?.payload ?? {},
        });
      });
      tick(part.length);
    }
    const updates = rows.filter((r) => r.action === 'update');
    // The updated records' images (their snapshots and the gallery's quality rule): one query.
    const owned = new Map<string, Json[]>();
    for (const part of chunks(
      updates.map((r) => String(r.id)),
      1000,
    )) {
      const list = await tx
        .select({
          ownerId: images.ownerId,
          _id: images.id,
          kind: images.ownerType,
          altText: images.altText,
        })
        .from(images)
        .where(inArray(images.ownerId, part))
        .orderBy(asc(images.ownerType), asc(images.sortOrder), asc(images.id));
      for (const { ownerId, ...image } of list)
        owned.set(ownerId, [...(owned.get(ownerId) ?? []), image]);
    }
    for (const r of updates) {
      const id = String(r.id);
      const imagesOf = owned.get(id) ?? [];
      const before = { ...r.before, images: imagesOf };
      const merged = { ...r.before, ...r.values, images: imagesOf };
      const [row] = (await tx
        .update(itineraries)
        .set({
          ...(r.values as Partial<typeof itineraries.$inferInsert>),
          ...quality(merged),
          version: sql`${itineraries.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(itineraries.id, id))
        .returning()) as Json[];
      if (row)
        done.push({
          action: 'update',
          id,
          before,
          after: { ...row, images: imagesOf },
          payload: r.payload ?? {},
        });
      tick(1);
    }
    const context = changeContext();
    const actor = context?.actor;
    if (!context || !actor) throw new Error('CSV import outside an audited request');
    for (const part of chunks(done)) {
      await tx.insert(revisions).values(
        part.map((d) => ({
          entityType: 'itinerary',
          entityId: d.id,
          version: Number(d.after.version ?? 1),
          action: d.action,
          snapshot: JSON.parse(JSON.stringify(d.after)) as Json,
          changedFields: Object.keys(
            diffChanges(d.action === 'create' ? undefined : d.before, d.after) ?? {},
          ),
          adminId: actor.id,
          adminName: actor.name,
          restoredFrom: null,
          ip: context.ip,
          userAgent: context.userAgent,
        })),
      );
    }
    return done;
  };

  /** Apply: the check again, then everything or nothing in one transaction. */
  const apply = async (
    entity: ImportEntity,
    upload: ImportUpload,
    importer: Importer,
  ): Promise<CsvApplied> => {
    const started = Date.now();
    const result = await transaction(db, async (tx) => {
      const { rows } = await check(tx, entity, upload, importer);
      const bad = rows.filter((r) => r.errors.length > 0);
      if (bad.length > 0) {
        throw new ValidationError(
          bad.slice(0, 50).flatMap((r) =>
            r.errors.map((e) => ({
              path: `line ${String(r.line)}: ${e.column}`,
              message: e.message,
            })),
          ),
          M.hasErrors(bad.length),
        );
      }
      let written = 0;
      const tick = (n: number) => {
        const before = written;
        written += n;
        if (Math.floor(before / PROGRESS_EVERY) !== Math.floor(written / PROGRESS_EVERY)) {
          progress(importer, upload.importId, {
            phase: 'writing',
            done: written,
            total: rows.length,
          });
        }
      };
      const done =
        entity === 'places'
          ? await writePlaces(tx, rows, tick)
          : await writeItineraries(tx, rows, tick);
      const entries = auditEntries(entity === 'places' ? 'place' : 'itinerary', done);
      for (const part of chunks(entries)) {
        await tx.insert(adminActivities).values(part);
      }
      return {
        total: rows.length,
        created: done.filter((d) => d.action === 'create').length,
        updated: done.filter((d) => d.action === 'update').length,
      };
    });
    progress(importer, upload.importId, { phase: 'done', done: result.total, total: result.total });
    return { entity, ...result, tookMs: Date.now() - started };
  };

  return { dryRun, apply };
};
export type CsvImportService = ReturnType<typeof createCsvImportService>;
