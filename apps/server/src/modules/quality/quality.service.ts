import { and, asc, eq, getTableColumns, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { QUALITY_RULES_VERSION } from '@safarnama/contract';
import { rowsOf, type Database, type Executor } from '../../db/client.js';
import { images } from '../../db/schema/index.js';
import { transaction } from '../../db/transaction.js';
import { BLOG_REVISIONS } from '../blogs/blogs.audit.js';
import { ITINERARY_REVISIONS } from '../itineraries/itineraries.audit.js';
import { PLACE_DETAILS_REVISIONS } from '../place-details/place-details.audit.js';
import type { QualityContext, QualityRules } from './quality.rules.js';

/**
 * Issue 23: keeps each itinerary's, blog's and place-details record's `quality_issues` (the codes
 * of the contract rules it fails) and `quality_version` current.
 *
 * - `refresh` runs inside every change's transaction (the audit scope's `committing`, the content
 *   scheduler): the rules over the state just loaded for the revision, and one UPDATE only when the
 *   codes differ from the stored ones or were computed by older rules.
 * - `sweep` computes the rows of an older `quality_version` (all of them after migration 0015, and
 *   after any change of the rules): batches in key order, each one transaction under a
 *   transaction-level advisory lock (a process that finds it taken leaves the sweep to the holder),
 *   rows read `FOR UPDATE SKIP LOCKED` (a row an admin is changing is computed by that change) and
 *   written by one UPDATE per batch. `start()` runs it in the background after the server
 *   listens; tests and benchmarks call `sweep()`.
 */

type Json = Record<string, unknown>;

/** A record kind with quality: its table and the rules read from its loaded state. */
export interface QualityTarget {
  entity: string;
  table: PgTable & { id: AnyPgColumn };
  quality?: QualityRules;
}

export const QUALITY_TARGETS: readonly QualityTarget[] = [
  ITINERARY_REVISIONS,
  BLOG_REVISIONS,
  PLACE_DETAILS_REVISIONS,
];

const SWEEP_LOCK = 'safarnama:quality-sweep';

interface QualityColumns {
  qualityIssues: AnyPgColumn;
  qualityVersion: AnyPgColumn;
}
const columnsOf = (table: PgTable): QualityColumns =>
  getTableColumns(table) as unknown as QualityColumns;

const sameCodes = (stored: unknown, codes: readonly string[]): boolean =>
  Array.isArray(stored) &&
  stored.length === codes.length &&
  stored.every((code, i) => code === codes[i]);

export interface SweepOptions {
  /** Rows per batch (default 500). */
  batchSize?: number;
  /** A pause between batches (the background run gives the requests room; default 0). */
  pauseMs?: number;
  /** Checked between batches: a stopping server ends the sweep there. */
  stopped?: () => boolean;
}

export interface SweepResult {
  /** Rows computed and written, per entity. */
  updated: Record<string, number>;
  /** Another process held the sweep's lock: this one left the rows to it. */
  busy: boolean;
}

export interface QualityServiceDeps {
  db: Database;
  /** The back-office's own origins (PUBLIC_URL's): links there are `link-admin`. */
  ownOrigins: readonly string[];
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

export const createQualityService = ({ db, ownOrigins, log }: QualityServiceDeps) => {
  const context: QualityContext = { ownOrigins };

  const codesOf = (rules: QualityRules, state: Json): string[] =>
    rules(state, context).map((issue) => issue.code);

  /**
   * The record's codes from `state` (its row and `images` as the audit loaded them), written only
   * when they changed; answers the state as stored now (the revision's snapshot).
   */
  const refresh = async (
    tx: Executor,
    target: QualityTarget,
    id: string,
    state: Json | undefined,
  ): Promise<Json | undefined> => {
    if (!target.quality || !state) return state;
    const codes = codesOf(target.quality, state);
    if (sameCodes(state.qualityIssues, codes) && state.qualityVersion === QUALITY_RULES_VERSION) {
      return state;
    }
    await tx
      .update(target.table)
      .set({ qualityIssues: codes, qualityVersion: QUALITY_RULES_VERSION } as never)
      .where(eq(target.table.id, id) as SQL);
    return { ...state, qualityIssues: codes, qualityVersion: QUALITY_RULES_VERSION };
  };

  /** One batch of `target` after `after` (key order); undefined: the lock is another's. */
  const sweepBatch = async (
    target: QualityTarget & { quality: QualityRules },
    after: string | null,
    batchSize: number,
  ): Promise<{ last: string | null; updated: number } | undefined> =>
    transaction(db, async (tx) => {
      const [lock] = rowsOf(
        await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${SWEEP_LOCK})) as locked`),
      );
      if (lock?.locked !== true) return undefined;
      const table = target.table;
      const { qualityVersion } = columnsOf(table);
      const rows = (await tx
        .select()
        .from(table as PgTable)
        .where(
          and(
            lt(qualityVersion, QUALITY_RULES_VERSION),
            after ? gt(table.id, after) : undefined,
          ) as SQL,
        )
        .orderBy(asc(table.id))
        .limit(batchSize)
        .for('update', { skipLocked: true })) as Json[];
      if (rows.length === 0) return { last: null, updated: 0 };
      const ids = rows.map((row) => String(row.id));
      const owned = await tx
        .select({
          ownerId: images.ownerId,
          _id: images.id,
          kind: images.ownerType,
          altText: images.altText,
        })
        .from(images)
        .where(inArray(images.ownerId, ids))
        .orderBy(asc(images.ownerType), asc(images.sortOrder), asc(images.id));
      const byOwner = new Map<string, Json[]>();
      for (const { ownerId, ...image } of owned) {
        const list = byOwner.get(ownerId);
        if (list) list.push(image);
        else byOwner.set(ownerId, [image]);
      }
      const computed = rows.map((row) => ({
        id: String(row.id),
        codes: codesOf(target.quality, { ...row, images: byOwner.get(String(row.id)) ?? [] }),
      }));
      await tx.execute(sql`
        update ${table} set
          quality_issues = array(select jsonb_array_elements_text(v.codes)),
          quality_version = ${QUALITY_RULES_VERSION}
        from jsonb_to_recordset(${JSON.stringify(computed)}::jsonb) as v(id uuid, codes jsonb)
        where ${table.id} = v.id`);
      return { last: ids[ids.length - 1] ?? null, updated: rows.length };
    });

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, ms).unref();
    });

  /** Computes every row of an older rules version (see above). */
  const sweep = async ({
    batchSize = 500,
    pauseMs = 0,
    stopped = () => false,
  }: SweepOptions = {}): Promise<SweepResult> => {
    const result: SweepResult = { updated: {}, busy: false };
    for (const target of QUALITY_TARGETS) {
      const { quality } = target;
      if (!quality) continue;
      result.updated[target.entity] = 0;
      let after: string | null = null;
      for (;;) {
        if (stopped()) return result;
        const batch = await sweepBatch({ ...target, quality }, after, batchSize);
        if (!batch) return { ...result, busy: true };
        if (batch.last === null) break;
        result.updated[target.entity] = (result.updated[target.entity] ?? 0) + batch.updated;
        after = batch.last;
        if (pauseMs > 0) await pause(pauseMs);
      }
    }
    return result;
  };

  let stopping = false;
  let running: Promise<void> | undefined;

  return {
    context,
    refresh,
    sweep,
    /** The background sweep of the server's start (once; it never holds up the start). */
    start: (): void => {
      if (running || stopping) return;
      running = sweep({ pauseMs: 20, stopped: () => stopping })
        .then((result) => {
          const total = Object.values(result.updated).reduce((a, b) => a + b, 0);
          if (result.busy) log.info({}, 'quality sweep left to the process holding its lock');
          else if (total > 0) log.info({ updated: result.updated }, 'quality sweep finished');
        })
        .catch((err: unknown) => {
          log.error({ err }, 'quality sweep failed; it runs again at the next start');
        });
    },
    stop: async (): Promise<void> => {
      stopping = true;
      await running;
    },
  };
};
export type QualityService = ReturnType<typeof createQualityService>;
