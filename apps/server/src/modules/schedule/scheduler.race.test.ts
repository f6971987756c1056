import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  homepageDestinations,
  homepageLineups,
  itineraries,
  notifications,
  placeBlogs,
  revisions,
} from '../../db/schema/index.js';
import { testClock } from '../../test/account.js';
import { makeAdmin, makeGeography, makePlace } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fakeRealtime } from '../../test/manage.js';
import { openTwinDatabases } from '../../test/twin-database.js';

const MINUTE = 60_000;

/**
 * Two server processes (two apps, each with its own scheduler and node id; on PostgreSQL each
 * with its own pool on the one database) run at once over many due publishes, unpublishes and
 * lineups: every change is applied exactly once (one revision, one notice), lineups in the order
 * of their start.
 */
describe('the content scheduler with two nodes racing', () => {
  const clock = testClock();
  let twin: Awaited<ReturnType<typeof openTwinDatabases>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    twin = await openTwinDatabases();
    const options = { now: clock.now, realtime: fakeRealtime().realtime };
    a = await createTestApp({ ...options, database: twin.a });
    b = await createTestApp({ ...options, database: twin.b });
  });
  afterAll(async () => {
    await a.app.close();
    await b.app.close();
    await twin.close();
  });

  it('applies each due change exactly once', async () => {
    const db = a.database.db;
    const { admin } = await makeAdmin(db, a.hasher);
    const geo = await makeGeography(db);
    const parents = { countryId: geo.country.id, stateId: geo.state.id, placeId: geo.place.id };
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * MINUTE);
    const N = 16;

    // Half go live, half are taken down; a quarter do both (publish first, then unpublish).
    const tripRows = await db
      .insert(itineraries)
      .values(
        Array.from({ length: N }, (_, i) => ({
          ...parents,
          title: `Race trip ${String(i)}`,
          duration: '3 Days',
          languages: ['English' as const],
          isActive: i % 2 === 1,
          publishAt: i % 2 === 0 ? at(1 + (i % 3)) : null,
          unpublishAt: i % 2 === 1 || i % 4 === 0 ? at(5) : null,
          scheduleBy: admin.id,
        })),
      )
      .returning({
        id: itineraries.id,
        publishAt: itineraries.publishAt,
        unpublishAt: itineraries.unpublishAt,
      });
    const blogRows = await db
      .insert(placeBlogs)
      .values(
        Array.from({ length: N }, (_, i) => ({
          ...parents,
          title: `Race blog ${String(i)}`,
          slug: `race-blog-${String(i)}`,
          status: i % 2 === 0 ? ('draft' as const) : ('published' as const),
          publishAt: i % 2 === 0 ? at(2) : null,
          unpublishAt: i % 2 === 1 ? at(3) : null,
          scheduleBy: admin.id,
        })),
      )
      .returning({ id: placeBlogs.id });
    const places = await Promise.all(Array.from({ length: 4 }, () => makePlace(db, parents)));
    const lineupRows = await db
      .insert(homepageLineups)
      .values(
        places.map((place, i) => ({
          startsAt: at(1 + i),
          selection: {
            trendingDestinations: [{ _id: place.id, name: place.name }],
            tourPackages: [],
            blogs: [],
            isActive: true,
          },
          createdBy: admin.id,
          createdByName: admin.name,
        })),
      )
      .returning({ id: homepageLineups.id });

    const expectedChanges =
      tripRows.reduce((sum, r) => sum + (r.publishAt ? 1 : 0) + (r.unpublishAt ? 1 : 0), 0) +
      N +
      lineupRows.length;
    clock.advance(10 * MINUTE);

    const [fromA, fromB] = await Promise.all([
      a.app.services.schedule.scheduler.runOnce(),
      b.app.services.schedule.scheduler.runOnce(),
    ]);
    const all = [...fromA, ...fromB];
    expect(all).toHaveLength(expectedChanges);
    expect(all.every((c) => c.status === 'applied')).toBe(true);
    // Each (record, action) once.
    const keys = all.map((c) => `${c.entity}:${c.id}:${c.action}`);
    expect(new Set(keys).size).toBe(keys.length);
    if (twin.separatePools) expect(a.database).not.toBe(b.database);

    // One revision per applied change, one notice each, nothing left due.
    const tripIds = tripRows.map((r) => r.id);
    const tripRevisions = await db
      .select({ action: revisions.action })
      .from(revisions)
      .where(and(eq(revisions.entityType, 'itinerary'), inArray(revisions.entityId, tripIds)));
    expect(tripRevisions).toHaveLength(
      tripRows.reduce((sum, r) => sum + (r.publishAt ? 1 : 0) + (r.unpublishAt ? 1 : 0), 0),
    );
    const blogRevisions = await db
      .select({ id: revisions.id })
      .from(revisions)
      .where(
        and(
          eq(revisions.entityType, 'blog'),
          inArray(
            revisions.entityId,
            blogRows.map((r) => r.id),
          ),
        ),
      );
    expect(blogRevisions).toHaveLength(N);
    const lineupRevisions = await db
      .select({ id: revisions.id })
      .from(revisions)
      .where(and(eq(revisions.entityType, 'homepage-settings'), eq(revisions.action, 'lineup')));
    expect(lineupRevisions).toHaveLength(lineupRows.length);
    const notices = await db
      .select()
      .from(notifications)
      .where(eq(notifications.adminId, admin.id));
    expect(notices).toHaveLength(expectedChanges);

    const trips = await db.select().from(itineraries).where(inArray(itineraries.id, tripIds));
    expect(trips.every((r) => r.publishAt === null && r.unpublishAt === null)).toBe(true);
    // Published only (even i, not a multiple of 4) are live; the others were taken down.
    for (const [i, id] of tripIds.entries()) {
      const row = trips.find((r) => r.id === id);
      expect(row?.isActive, `trip ${String(i)}`).toBe(i % 2 === 0 && i % 4 !== 0);
      expect(row?.version).toBe(1 + (i % 2 === 0 ? 1 : 0) + (i % 2 === 1 || i % 4 === 0 ? 1 : 0));
    }
    const lineups = await db.select().from(homepageLineups);
    expect(lineups.every((l) => l.status === 'applied')).toBe(true);
    // The last lineup to start is the live one: they were applied in order.
    expect(
      await db.select({ id: homepageDestinations.placeId }).from(homepageDestinations),
    ).toEqual([{ id: places[3]?.id }]);

    expect(await a.app.services.schedule.scheduler.runOnce()).toEqual([]);
    expect(await b.app.services.schedule.scheduler.runOnce()).toEqual([]);
  });
});
