/**
 * What writing a revision costs an itinerary update (issue 21: "under 2 ms p95 at 100k
 * itineraries with 10 revisions each"), part of `npm run bench`:
 *
 * - `seedRevisions` gives every seeded itinerary `perRecord` revisions (the row as JSON, as a
 *   save of the time would have stored it) and the matching `version`.
 * - `measureRevisionCost` runs, on that database and in this process, the same update
 *   transaction in two kinds, interleaved and at `concurrency` in flight (one connection each):
 *   A is the update as it was before revisions (the audit's loads before and after, the UPDATE,
 *   the audit entry);
 *   B is A plus exactly what the audit scope adds for a revision (http/audit.ts): the row lock
 *   that marks the row for its version raise (`lockAndMark`: `SELECT … FOR UPDATE` of the row and
 *   its images, which spares the load its statement; the update itself then raises the version, migration 0020's
 *   trigger) and the revision of the loaded snapshot (`snapshotOf`) inserted in the audit entry's
 *   own statement (`recordActivity`'s `alongside`). Every
 *   transaction takes an itinerary no other has touched, so neither kind finds warm rows the
 *   other left. The added cost is p95(B) − p95(A); B's lock and entry statement are also timed
 *   alone.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { itineraries } from '../src/db/schema/index.js';
import { lockAndMark, snapshotOf, type LockedRow } from '../src/http/audit.js';
import { ITINERARY_REVISIONS } from '../src/modules/itineraries/itineraries.audit.js';
import { recordActivity } from '../src/modules/activity/activity.repo.js';
import { revisionInsert } from '../src/modules/revisions/revisions.repo.js';
import { pct, type SqlRunner } from './bench-lib.js';

/** The budget of issue 21. */
export const REVISION_BUDGET_MS = 2;

/**
 * `perRecord` revisions for every itinerary (1 create, then updates a minute apart), and the
 * itinerary's version set to the last one (ids are random: the history is read by entity and
 * version, never by id order).
 */
export const seedRevisions = async (db: SqlRunner, perRecord: number) => {
  if (!Number.isSafeInteger(perRecord) || perRecord < 1) throw new Error('perRecord >= 1');
  await db.query(
    `insert into revisions (id, entity_type, entity_id, version, action, snapshot, changed_fields,
                            admin_name, ip, user_agent, created_at)
     select gen_random_uuid(), 'itinerary', i.id::text, v,
            case when v = 1 then 'create' else 'update' end,
            to_jsonb(i) - 'search_text', case when v = 1 then '{}'::text[] else array['title', 'pricePerPerson'] end,
            'Bench Admin', '127.0.0.1', 'bench', t
       from itineraries i
       cross join generate_series(1, $1::int) v
       cross join lateral (select i.created_at + make_interval(mins => v)) as at(t)`,
    [perRecord],
  );
  await db.query('update itineraries set version = $1', [perRecord]);
};

export interface RevisionCost {
  concurrency: number;
  perKind: number;
  /** The update as before revisions. */
  without: { p50: number; p95: number; p99: number };
  /** The same with the revision's lock, version bump and insert. */
  with: { p50: number; p95: number; p99: number };
  /** The revision statements alone, inside B. */
  revisionStatements: { p50: number; p95: number; p99: number };
  /** p95(with) − p95(without). */
  addedP95: number;
  budgetMs: number;
  pass: boolean;
}

const r2 = (n: number) => Math.round(n * 100) / 100;
const summary = (xs: number[]) => ({
  p50: r2(pct(xs, 50)),
  p95: r2(pct(xs, 95)),
  p99: r2(pct(xs, 99)),
});

/** The A/B above on `ids` (itineraries nobody else updates meanwhile), half of them each kind. */
export const measureRevisionCost = async (
  db: Database,
  ids: readonly string[],
  { concurrency = 4, adminId = null as string | null } = {},
): Promise<RevisionCost> => {
  const without: number[] = [];
  const withRevision: number[] = [];
  const statements: number[] = [];
  let next = 0;
  const load = ITINERARY_REVISIONS.load;
  const entry = (id: string) => ({
    adminId,
    adminName: 'Bench Admin',
    adminEmail: 'bench@example.com',
    action: 'update',
    entityType: 'itinerary',
    entityId: id,
    summary: "Updated itinerary 'bench'",
    changes: { title: { from: 'a', to: 'b' } },
    method: 'PUT',
    path: '/bench',
    ip: '127.0.0.1',
    userAgent: 'bench',
  });
  const updateOnce = async (id: string, revision: boolean) => {
    const started = performance.now();
    let revisionMs = 0;
    await db.transaction(async (tx) => {
      let t = performance.now();
      let locked: LockedRow | undefined;
      if (revision) {
        // The lock marks the row for its raise, and the row it reads is the load's (http/audit.ts
        // checkVersion): timed here as a whole, though it replaces the load's select of the row.
        const row = await lockAndMark(tx, ITINERARY_REVISIONS, id);
        if (row) locked = { table: itineraries, row };
        revisionMs += performance.now() - t;
      }
      await load(tx, id, locked);
      await tx
        .update(itineraries)
        .set({ title: sql`${itineraries.title}`, updatedAt: new Date() })
        .where(eq(itineraries.id, id));
      const after = await load(tx, id);
      // The audit entry, as every change writes it; B's carries the revision in its statement.
      t = performance.now();
      await recordActivity(
        tx,
        entry(id),
        revision && after
          ? revisionInsert(tx, {
              entityType: 'itinerary',
              entityId: id,
              version: Number(after.version ?? 1),
              action: 'update',
              snapshot: snapshotOf(after),
              changedFields: ['title'],
              adminId,
              adminName: 'Bench Admin',
              restoredFrom: null,
              ip: '127.0.0.1',
              userAgent: 'bench',
            })
          : undefined,
      );
      if (revision) revisionMs += performance.now() - t;
    });
    const ms = performance.now() - started;
    if (revision) {
      withRevision.push(ms);
      statements.push(revisionMs);
    } else {
      without.push(ms);
    }
  };
  const worker = async () => {
    for (;;) {
      const i = next++;
      const id = ids[i];
      if (id === undefined) return;
      await updateOnce(id, i % 2 === 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const a = summary(without);
  const b = summary(withRevision);
  const addedP95 = r2(b.p95 - a.p95);
  return {
    concurrency,
    perKind: Math.min(without.length, withRevision.length),
    without: a,
    with: b,
    revisionStatements: summary(statements),
    addedP95,
    budgetMs: REVISION_BUDGET_MS,
    pass: addedP95 <= REVISION_BUDGET_MS,
  };
};

export const renderRevisionCost = (c: RevisionCost, perRecord: number) =>
  [
    `### Revision cost of an itinerary update (issue 21)`,
    '',
    `Every itinerary has ${perRecord} revisions. ${c.perKind} updates of each kind, interleaved, ` +
      `${c.concurrency} in flight, each on an itinerary no other touched, in-process (ms):`,
    '',
    '| transaction | p50 | p95 | p99 |',
    '| --- | ---: | ---: | ---: |',
    `| update without a revision | ${c.without.p50} | ${c.without.p95} | ${c.without.p99} |`,
    `| update with its revision | ${c.with.p50} | ${c.with.p95} | ${c.with.p99} |`,
    `| with a revision: the lock, and the entry's statement with the revision | ${c.revisionStatements.p50} | ${c.revisionStatements.p95} | ${c.revisionStatements.p99} |`,
    '',
    `Added p95: **${c.addedP95} ms** (budget ${c.budgetMs} ms: ${c.pass ? 'within' : 'OVER'}).`,
  ].join('\n');
