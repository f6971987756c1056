import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  HOMEPAGE_LINEUP_TEXTS as L,
  HOMEPAGE_LINEUPS_MAX_SCHEDULED,
  HOMEPAGE_MESSAGES as H,
  SCHEDULE_TEXTS as T,
  blogSchema,
  dashboardSchema,
  homepageLineupListSchema,
  homepageLineupSchema,
  itinerarySchema,
  type Blog,
  type HomepageLineup,
  type Itinerary,
  type ItineraryInput,
} from '@safarnama/contract';
import {
  adminActivities,
  homepageLineups,
  itineraries,
  notifications,
  placeBlogs,
  revisions,
} from '../../db/schema/index.js';
import { testClock } from '../../test/account.js';
import { dataOf, errorOf, record, sendForm, textParts } from '../../test/api.js';
import { makeGeography, makePlace } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fakeRealtime, signedInWith } from '../../test/manage.js';
import { LINEUP_ERROR_REASON, SCHEDULE_METHOD, scheduleNotice } from './scheduler.js';

const S = API_PATHS.service;
const P = API_PATHS.homepageLineups;
const MINUTE = 60_000;
type Headers = Record<string, string>;
type Ids = { countryId: string; stateId: string; placeId: string };

describe('scheduled publishing (issue 21)', () => {
  const clock = testClock();
  let t: TestApp;
  let auth: Headers;
  let adminId: string;
  let adminName: string;
  let ids: Ids;
  let n = 0;

  const db = () => t.database.db;
  const scheduler = () => t.app.services.schedule.scheduler;
  /** An ISO time `minutes` from the test clock. */
  const inMinutes = (minutes: number) =>
    new Date(clock.now().getTime() + minutes * MINUTE).toISOString();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, realtime: fakeRealtime().realtime });
    const made = await signedInWith(db(), t.hasher, 'super');
    auth = made.headers;
    adminId = made.admin.id;
    adminName = made.admin.name;
    const geo = await makeGeography(db());
    ids = { countryId: geo.country.id, stateId: geo.state.id, placeId: geo.place.id };
  });
  afterAll(() => t.close());

  // ── helpers ──

  const itineraryBody = (extra: Partial<ItineraryInput> = {}): ItineraryInput => ({
    title: `Goa Escape ${++n}`,
    duration: '5 Days / 4 Nights',
    languages: ['English'],
    ...ids,
    ...extra,
  });
  const createItinerary = (data: unknown) =>
    t.app.inject({ method: 'POST', url: S.createItinerary, headers: auth, payload: { data } });
  const putItinerary = (id: string, data: unknown) =>
    t.app.inject({ method: 'PUT', url: S.updateItinerary(id), headers: auth, payload: { data } });
  const itinerary = async (extra: Partial<ItineraryInput> = {}): Promise<Itinerary> =>
    itinerarySchema.parse(record(await createItinerary(itineraryBody(extra)), 201));

  const addBlog = (fields: Record<string, string | undefined>) =>
    sendForm(
      t.app,
      'POST',
      S.addBlog,
      textParts({ title: `Blog ${++n}`, ...ids, ...fields }),
      auth,
    );
  const updateBlog = (fields: Record<string, string | undefined>) =>
    sendForm(t.app, 'POST', S.updateBlog, textParts(fields), auth);
  const blog = async (fields: Record<string, string | undefined> = {}): Promise<Blog> =>
    blogSchema.parse(record(await addBlog(fields), 201));

  const itineraryRow = async (id: string) => {
    const [row] = await db().select().from(itineraries).where(eq(itineraries.id, id));
    if (!row) throw new Error('no itinerary');
    return row;
  };
  const blogRow = async (id: string) => {
    const [row] = await db().select().from(placeBlogs).where(eq(placeBlogs.id, id));
    if (!row) throw new Error('no blog');
    return row;
  };
  const revisionsOf = (entity: string, id: string) =>
    db()
      .select()
      .from(revisions)
      .where(and(eq(revisions.entityType, entity), eq(revisions.entityId, id)))
      .orderBy(asc(revisions.version));
  const entriesOf = (entityType: string, entityId: string) =>
    db()
      .select()
      .from(adminActivities)
      .where(
        and(eq(adminActivities.entityType, entityType), eq(adminActivities.entityId, entityId)),
      )
      .orderBy(asc(adminActivities.createdAt), asc(adminActivities.id));
  const noticesOf = (id: string) =>
    db()
      .select()
      .from(notifications)
      .where(eq(notifications.adminId, id))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
  const fieldErrors = (res: Parameters<typeof errorOf>[0]) =>
    errorOf(res, 400).details?.map((d) => [d.path, d.message]);

  // ── itineraries ──

  describe('itinerary times', () => {
    it('refuses a past, malformed or out-of-order time with 400 on the field, writing nothing', async () => {
      const title = 'Never saved';
      expect(
        fieldErrors(await createItinerary(itineraryBody({ title, publishAt: inMinutes(-10) }))),
      ).toEqual([['publishAt', T.publishInPast]]);
      expect(
        fieldErrors(await createItinerary(itineraryBody({ title, unpublishAt: inMinutes(-10) }))),
      ).toEqual([['unpublishAt', T.unpublishInPast]]);
      expect(
        fieldErrors(
          await createItinerary(
            itineraryBody({ title, publishAt: inMinutes(60), unpublishAt: inMinutes(30) }),
          ),
        ),
      ).toEqual([['unpublishAt', T.unpublishBeforePublish]]);
      expect(
        fieldErrors(
          await createItinerary(
            itineraryBody({ title, publishAt: inMinutes(60), unpublishAt: inMinutes(60) }),
          ),
        ),
      ).toEqual([['unpublishAt', T.unpublishBeforePublish]]);
      const malformed = errorOf(
        await createItinerary(itineraryBody({ title, publishAt: '2030-13-45 noon' })),
        400,
      );
      expect(malformed.details).toContainEqual({
        path: 'publishAt',
        message: 'Choose a valid date and time',
      });
      // An offset is required: a bare local time is ambiguous.
      errorOf(
        await createItinerary(itineraryBody({ title, publishAt: '2030-01-01T10:00:00' })),
        400,
      );
      expect(await db().select().from(itineraries).where(eq(itineraries.title, title))).toEqual([]);
    });

    it('stores, keeps, replaces and clears the times; a future publishAt saves it inactive', async () => {
      const publishAt = inMinutes(60);
      const created = await itinerary({ publishAt, isActive: true });
      expect(created).toMatchObject({ isActive: false, publishAt, unpublishAt: null });
      expect((await itineraryRow(created.id)).scheduleBy).toBe(adminId);

      // Absent keeps the stored time (and a kept future publish keeps it inactive).
      const kept = itinerarySchema.parse(
        record(
          await putItinerary(created.id, itineraryBody({ title: created.title, isActive: true })),
        ),
      );
      expect(kept).toMatchObject({ publishAt, isActive: false });

      // An offset other than Z is the same instant.
      const ist = new Date(new Date(publishAt).getTime() + 30 * MINUTE)
        .toISOString()
        .replace('Z', '+00:00');
      const unpublishAt = inMinutes(120);
      const moved = itinerarySchema.parse(
        record(
          await putItinerary(
            created.id,
            itineraryBody({ title: created.title, publishAt: ist, unpublishAt }),
          ),
        ),
      );
      expect(moved.publishAt).toBe(new Date(ist).toISOString());
      expect(moved.unpublishAt).toBe(unpublishAt);

      // null clears; with nothing left the admin is no longer named.
      const cleared = itinerarySchema.parse(
        record(
          await putItinerary(
            created.id,
            itineraryBody({
              title: created.title,
              publishAt: null,
              unpublishAt: null,
              isActive: true,
            }),
          ),
        ),
      );
      expect(cleared).toMatchObject({ publishAt: null, unpublishAt: null, isActive: true });
      expect((await itineraryRow(created.id)).scheduleBy).toBeNull();
    });

    it('takes a stored time that has just passed back unchanged (a form opened before it)', async () => {
      const publishAt = inMinutes(1);
      const created = await itinerary({ publishAt });
      clock.advance(2 * MINUTE);
      const again = itinerarySchema.parse(
        record(await putItinerary(created.id, itineraryBody({ title: created.title, publishAt }))),
      );
      expect(again.publishAt).toBe(publishAt);
      // Another past time is refused.
      expect(
        fieldErrors(
          await putItinerary(
            created.id,
            itineraryBody({ title: created.title, publishAt: inMinutes(-5) }),
          ),
        ),
      ).toEqual([['publishAt', T.publishInPast]]);
      await scheduler().runOnce();
    });
  });

  // ── blogs ──

  describe('blog times (multipart)', () => {
    it('refuses past and out-of-order times with 400 on the field', async () => {
      expect(fieldErrors(await addBlog({ publishAt: inMinutes(-3) }))).toEqual([
        ['publishAt', T.publishInPast],
      ]);
      expect(
        fieldErrors(await addBlog({ publishAt: inMinutes(30), unpublishAt: inMinutes(10) })),
      ).toEqual([['unpublishAt', T.unpublishBeforePublish]]);
      expect(errorOf(await addBlog({ publishAt: 'tomorrow' }), 400).details).toContainEqual({
        path: 'publishAt',
        message: 'Choose a valid date and time',
      });
    });

    it("stores, keeps and clears ('') the times; a future publishAt saves a draft", async () => {
      const publishAt = inMinutes(45);
      const created = await blog({ status: 'published', publishAt });
      expect(created).toMatchObject({ status: 'draft', publishedAt: null, publishAt });

      const kept = blogSchema.parse(record(await updateBlog({ id: created.id, excerpt: 'Soon' })));
      expect(kept).toMatchObject({ publishAt, unpublishAt: null, excerpt: 'Soon' });

      // A kept future publish keeps it a draft even when the form says published.
      const still = blogSchema.parse(
        record(
          await updateBlog({ id: created.id, status: 'published', unpublishAt: inMinutes(90) }),
        ),
      );
      expect(still).toMatchObject({ status: 'draft', publishAt, unpublishAt: inMinutes(90) });
      expect(fieldErrors(await updateBlog({ id: created.id, unpublishAt: inMinutes(40) }))).toEqual(
        [['unpublishAt', T.unpublishBeforePublish]],
      );

      const cleared = blogSchema.parse(
        record(
          await updateBlog({ id: created.id, publishAt: '', unpublishAt: '', status: 'published' }),
        ),
      );
      expect(cleared).toMatchObject({ publishAt: null, unpublishAt: null, status: 'published' });
      expect((await blogRow(created.id)).scheduleBy).toBeNull();
    });
  });

  // ── the scheduler ──

  describe('the scheduler', () => {
    it('publishes an itinerary once: version, revision and entry by schedule, notice', async () => {
      const created = await itinerary({ title: 'Goa Escape', publishAt: inMinutes(5) });
      const before = await itineraryRow(created.id);
      expect(await scheduler().runOnce()).toEqual([]);
      clock.advance(6 * MINUTE);
      expect(await scheduler().runOnce()).toEqual([
        { entity: 'itinerary', id: created.id, action: 'publish', status: 'applied' },
      ]);
      expect(await scheduler().runOnce()).toEqual([]);

      const after = await itineraryRow(created.id);
      expect(after).toMatchObject({ isActive: true, publishAt: null, scheduleBy: null });
      expect(after.version).toBe(before.version + 1);
      const revs = await revisionsOf('itinerary', created.id);
      expect(revs.map((r) => [r.action, r.version, r.adminId, r.adminName])).toEqual([
        ['create', 1, adminId, adminName],
        ['publish', 2, adminId, adminName],
      ]);
      expect(revs[1]?.changedFields).toEqual(expect.arrayContaining(['isActive', 'publishAt']));
      expect(revs[1]?.snapshot).toMatchObject({ isActive: true, publishAt: null });
      const entries = await entriesOf('itinerary', created.id);
      expect(entries.at(-1)).toMatchObject({
        adminId,
        action: 'publish',
        summary: "Published itinerary 'Goa Escape' by schedule",
        method: SCHEDULE_METHOD,
        ip: null,
      });
      expect(entries.at(-1)?.changes).toMatchObject({ isActive: { from: false, to: true } });
      expect((await noticesOf(adminId)).at(-1)).toMatchObject({
        type: 'system',
        ...scheduleNotice.record('itinerary', 'publish', 'Goa Escape'),
        link: '/services/itineraries',
      });
      // The record answers nothing scheduled any more.
      const listed = dataOf<{ itineraries: Itinerary[] }>(
        await t.app.inject({
          method: 'GET',
          url: `${S.listItineraries}?search=${encodeURIComponent('Goa Escape')}`,
          headers: auth,
        }),
      );
      expect(listed.itineraries.find((i) => i.id === created.id)).toMatchObject({
        isActive: true,
        publishAt: null,
      });
    });

    it('applies a publish and an unpublish that are both due in their order, once each', async () => {
      const created = await itinerary({ publishAt: inMinutes(1), unpublishAt: inMinutes(2) });
      clock.advance(3 * MINUTE);
      const applied = await scheduler().runOnce();
      expect(applied.map((a) => a.action)).toEqual(['publish', 'unpublish']);
      expect(await itineraryRow(created.id)).toMatchObject({
        isActive: false,
        publishAt: null,
        unpublishAt: null,
      });
      expect((await revisionsOf('itinerary', created.id)).map((r) => r.action)).toEqual([
        'create',
        'publish',
        'unpublish',
      ]);
    });

    it('publishes a blog (stamping publishedAt) and takes it down to draft', async () => {
      const created = await blog({ title: 'Monsoon Diaries', publishAt: inMinutes(1) });
      clock.advance(2 * MINUTE);
      await scheduler().runOnce();
      const published = await blogRow(created.id);
      expect(published).toMatchObject({ status: 'published', publishAt: null });
      expect(published.publishedAt?.getTime()).toBe(clock.now().getTime());

      // The first publication stays recorded through the unpublish.
      blogSchema.parse(record(await updateBlog({ id: created.id, unpublishAt: inMinutes(1) })));
      clock.advance(2 * MINUTE);
      expect(await scheduler().runOnce()).toEqual([
        { entity: 'blog', id: created.id, action: 'unpublish', status: 'applied' },
      ]);
      const down = await blogRow(created.id);
      expect(down).toMatchObject({ status: 'draft', unpublishAt: null });
      expect(down.publishedAt).toEqual(published.publishedAt);
      const entries = await entriesOf('blog', created.id);
      expect(entries.map((e) => e.summary).slice(-3)).toEqual([
        "Published blog 'Monsoon Diaries' by schedule",
        expect.stringContaining('Updated blog'),
        "Unpublished blog 'Monsoon Diaries' by schedule",
      ]);
      expect((await noticesOf(adminId)).at(-1)).toMatchObject({
        ...scheduleNotice.record('blog', 'unpublish', 'Monsoon Diaries'),
        link: '/services/addPlaceBlog',
      });
    });
  });

  // ── homepage lineups ──

  describe('homepage lineups', () => {
    const lineupBody = (extra: Record<string, unknown> = {}) => ({
      trendingDestinations: [],
      trendingActivities: [],
      tourPackages: [],
      blogs: [],
      isActive: true,
      startsAt: inMinutes(30),
      ...extra,
    });
    const post = (data: unknown, headers = auth) =>
      t.app.inject({ method: 'POST', url: P.create, headers, payload: { data } });
    const put = (id: string, data: unknown, headers = auth) =>
      t.app.inject({ method: 'PUT', url: P.one(id), headers, payload: { data } });
    const cancel = (id: string, headers = auth) =>
      t.app.inject({ method: 'DELETE', url: P.one(id), headers });
    const list = async (query: Record<string, string> = {}, headers = auth) =>
      homepageLineupListSchema.parse(
        dataOf(
          await t.app.inject({
            method: 'GET',
            url: `${P.list}?${new URLSearchParams(query).toString()}`,
            headers,
          }),
        ),
      );
    const created = async (data: unknown): Promise<HomepageLineup> =>
      homepageLineupSchema.parse(record(await post(data), 201));
    const homepage = async () =>
      record<{
        trendingDestinations: { _id: string }[];
        tourPackages: { _id: string; displayOrder: number }[];
        blogs: { _id: string }[];
        isActive: boolean;
      }>(await t.app.inject({ method: 'GET', url: S.homepageSettings, headers: auth }));

    it('schedules, lists, changes and cancels a lineup (names as saved, audited)', async () => {
      const place = await makePlace(db(), ids, { name: 'Palolem' });
      const trip = await itinerary({ title: 'Backwaters' });
      const story = await blog({ title: 'Spice Route', status: 'published' });
      const startsAt = inMinutes(30);
      const lineup = await created(
        lineupBody({
          startsAt,
          trendingDestinations: [place.id, place.id],
          tourPackages: [{ _id: trip.id, displayOrder: 4 }],
          blogs: [story.id],
          isActive: false,
        }),
      );
      expect(lineup).toMatchObject({
        status: 'scheduled',
        startsAt,
        trendingDestinations: [{ _id: place.id, name: 'Palolem' }],
        tourPackages: [{ _id: trip.id, name: 'Backwaters', displayOrder: 1 }],
        blogs: [{ _id: story.id, name: 'Spice Route' }],
        isActive: false,
        createdBy: { _id: adminId, name: adminName },
        appliedAt: null,
        dropped: [],
        failureReason: null,
      });
      const scheduled = await list({ status: 'scheduled' });
      expect(scheduled.lineups.map((l) => l.id)).toContain(lineup.id);

      const changed = homepageLineupSchema.parse(
        record(await put(lineup.id, lineupBody({ startsAt: inMinutes(40), blogs: [] }))),
      );
      expect(changed).toMatchObject({ trendingDestinations: [], blogs: [], isActive: true });
      const gone = homepageLineupSchema.parse(record(await cancel(lineup.id)));
      expect(gone.status).toBe('cancelled');
      expect(errorOf(await put(lineup.id, lineupBody()), 409).message).toBe(L.notEditable);
      expect(errorOf(await cancel(lineup.id), 409).message).toBe(L.notEditable);
      expect((await list({ status: 'cancelled' })).lineups.map((l) => l.id)).toContain(lineup.id);

      const entries = await entriesOf('homepage-lineup', lineup.id);
      expect(entries.map((e) => [e.action, e.summary])).toEqual([
        ['create', 'Scheduled a homepage lineup'],
        ['update', 'Changed a scheduled homepage lineup'],
        ['cancel', 'Cancelled a scheduled homepage lineup'],
      ]);
      expect(entries[2]?.changes).toMatchObject({ status: { from: 'scheduled', to: 'cancelled' } });
    });

    it('checks the limits, the publishable rule and the start time now (400 on the field)', async () => {
      const places = await Promise.all(Array.from({ length: 7 }, () => makePlace(db(), ids)));
      const over = errorOf(
        await post(lineupBody({ trendingDestinations: places.map((p) => p.id) })),
        400,
      );
      expect(over.message).toBe(H.maxPlaces);
      expect(fieldErrors(await post(lineupBody({ startsAt: inMinutes(-1) })))).toEqual([
        ['startsAt', T.startsInPast],
      ]);
      const hidden = await itinerary({ isActive: false });
      expect(
        fieldErrors(
          await post(lineupBody({ tourPackages: [{ _id: hidden.id, displayOrder: 1 }] })),
        ),
      ).toEqual([['tourPackages[0]._id', H.packageInactive]]);
      expect(
        fieldErrors(await post(lineupBody({ blogs: ['0190a0a0-0000-7000-8000-00000000abcd'] }))),
      ).toEqual([['blogs[0]', H.blogNotFound]]);
      // An itinerary that goes live by the start through its own schedule may be chosen.
      const soon = await itinerary({ publishAt: inMinutes(20) });
      const later = await itinerary({ publishAt: inMinutes(50) });
      await created(lineupBody({ tourPackages: [{ _id: soon.id, displayOrder: 1 }] }));
      expect(
        fieldErrors(await post(lineupBody({ tourPackages: [{ _id: later.id, displayOrder: 1 }] }))),
      ).toEqual([['tourPackages[0]._id', H.packageInactive]]);
      // Out of the later tests' way (their scheduler runs would publish them).
      for (const id of [soon.id, later.id]) {
        await db().delete(itineraries).where(eq(itineraries.id, id));
      }
    });

    it('answers 404 for unknown or malformed ids and 409 past the waiting limit', async () => {
      const unknown = '0190a0a0-0000-7000-8000-00000000abcd';
      errorOf(await put(unknown, lineupBody()), 404);
      errorOf(await put('not-an-id', lineupBody()), 404);
      errorOf(await cancel(unknown), 404);
      errorOf(await cancel('nope'), 404);

      const waiting = (await list({ status: 'scheduled', limit: '100' })).pagination.total;
      const room = HOMEPAGE_LINEUPS_MAX_SCHEDULED - waiting;
      await db()
        .insert(homepageLineups)
        .values(
          Array.from({ length: room }, (_, i) => ({
            startsAt: new Date(clock.now().getTime() + (600 + i) * MINUTE),
            selection: { trendingDestinations: [], tourPackages: [], blogs: [], isActive: true },
            createdByName: 'filler',
          })),
        );
      expect(errorOf(await post(lineupBody()), 409).message).toBe(L.tooMany);
      // Paging: the scheduled ones soonest first.
      const page = await list({ status: 'scheduled', limit: '5', page: '2' });
      expect(page.pagination).toMatchObject({ total: HOMEPAGE_LINEUPS_MAX_SCHEDULED, page: 2 });
      expect(page.lineups).toHaveLength(5);
      const starts = page.lineups.map((l) => l.startsAt);
      expect([...starts].sort()).toEqual(starts);
      await db().delete(homepageLineups).where(eq(homepageLineups.createdByName, 'filler'));
    });

    it('lets homepage.view list and homepage.update change, nobody else', async () => {
      const viewer = (await signedInWith(db(), t.hasher, ['homepage.view'])).headers;
      const stranger = (await signedInWith(db(), t.hasher, [])).headers;
      expect((await list({}, viewer)).lineups.length).toBeGreaterThan(0);
      errorOf(await post(lineupBody(), viewer), 403);
      errorOf(await cancel('0190a0a0-0000-7000-8000-00000000abcd', viewer), 403);
      errorOf(await t.app.inject({ method: 'GET', url: P.list, headers: stranger }), 403);
    });

    it('applies a due lineup once: the homepage replaced, a revision and entry by schedule, notice', async () => {
      // The lineups of the earlier tests are due first: apply them out of the way.
      const stale = await list({ status: 'scheduled', limit: '100' });
      for (const l of stale.lineups) record(await cancel(l.id));

      const place = await makePlace(db(), ids);
      const trip = await itinerary();
      const lineup = await created(
        lineupBody({
          startsAt: inMinutes(10),
          trendingDestinations: [place.id],
          tourPackages: [{ _id: trip.id, displayOrder: 1 }],
        }),
      );
      const versionBefore = (await revisionsOf('homepage-settings', '1')).length;
      clock.advance(11 * MINUTE);
      expect(await scheduler().runOnce()).toEqual([
        {
          entity: 'homepage-settings',
          id: lineup.id,
          action: 'lineup',
          status: 'applied',
          dropped: [],
        },
      ]);
      expect(await scheduler().runOnce()).toEqual([]);
      const live = await homepage();
      expect(live.trendingDestinations.map((d) => d._id)).toEqual([place.id]);
      expect(live.tourPackages).toMatchObject([{ _id: trip.id, displayOrder: 1 }]);
      const revs = await revisionsOf('homepage-settings', '1');
      expect(revs).toHaveLength(versionBefore + 1);
      expect(revs.at(-1)).toMatchObject({ action: 'lineup', adminId });
      const [entry] = await db()
        .select()
        .from(adminActivities)
        .where(
          and(
            eq(adminActivities.entityType, 'homepage-settings'),
            eq(adminActivities.path, P.one(lineup.id)),
          ),
        );
      expect(entry).toMatchObject({
        entityId: null,
        action: 'lineup',
        summary: 'Updated homepage settings by schedule',
        path: P.one(lineup.id),
      });
      const row = homepageLineupSchema.parse(
        (await list({ status: 'applied' })).lineups.find((l) => l.id === lineup.id),
      );
      expect(row).toMatchObject({ status: 'applied', appliedAt: clock.now().toISOString() });
      expect((await noticesOf(adminId)).at(-1)).toMatchObject({
        ...scheduleNotice.lineupApplied([]),
        link: '/services/homepage-settings',
      });
    });

    it('drops an item deleted meanwhile, names it, and tells the admin', async () => {
      const keep = await itinerary();
      const doomed = await itinerary({ title: 'Gone Tomorrow' });
      const lineup = await created(
        lineupBody({
          startsAt: inMinutes(10),
          tourPackages: [
            { _id: doomed.id, displayOrder: 1 },
            { _id: keep.id, displayOrder: 2 },
          ],
        }),
      );
      await db().delete(itineraries).where(eq(itineraries.id, doomed.id));
      clock.advance(11 * MINUTE);
      const dropped = [
        { kind: 'itinerary', _id: doomed.id, name: 'Gone Tomorrow', reason: 'Deleted' },
      ];
      expect(await scheduler().runOnce()).toEqual([
        {
          entity: 'homepage-settings',
          id: lineup.id,
          action: 'lineup',
          status: 'applied',
          dropped,
        },
      ]);
      expect((await homepage()).tourPackages).toMatchObject([{ _id: keep.id, displayOrder: 1 }]);
      const [row] = await db()
        .select()
        .from(homepageLineups)
        .where(eq(homepageLineups.id, lineup.id));
      expect(row).toMatchObject({ status: 'applied', dropped });
      const notice = (await noticesOf(adminId)).at(-1);
      expect(notice).toMatchObject(scheduleNotice.lineupApplied(dropped as never));
      expect(notice?.message).toContain('"Gone Tomorrow" (Deleted)');
    });

    it('fails a lineup over the limits when it is applied, and tells the admin', async () => {
      const places = await Promise.all(Array.from({ length: 7 }, () => makePlace(db(), ids)));
      const [row] = await db()
        .insert(homepageLineups)
        .values({
          startsAt: new Date(clock.now().getTime() + MINUTE),
          selection: {
            trendingDestinations: places.map((p) => ({ _id: p.id, name: p.name })),
            tourPackages: [],
            blogs: [],
            isActive: true,
          },
          createdBy: adminId,
          createdByName: adminName,
        })
        .returning();
      if (!row) throw new Error('lineup');
      const liveBefore = await homepage();
      clock.advance(2 * MINUTE);
      expect(await scheduler().runOnce()).toEqual([
        { entity: 'homepage-settings', id: row.id, action: 'lineup', status: 'failed' },
      ]);
      const [after] = await db()
        .select()
        .from(homepageLineups)
        .where(eq(homepageLineups.id, row.id));
      expect(after).toMatchObject({
        status: 'failed',
        failureReason: H.maxPlaces,
        appliedAt: null,
      });
      expect(await homepage()).toEqual(liveBefore);
      expect((await noticesOf(adminId)).at(-1)).toMatchObject(
        scheduleNotice.lineupFailed(H.maxPlaces),
      );
    });
  });

  // ── the dashboard ──

  describe('the dashboard', () => {
    it('lists the upcoming publishes the admin may view, soonest first', async () => {
      const trip = await itinerary({
        title: 'Upcoming Trip',
        publishAt: inMinutes(3),
        unpublishAt: inMinutes(9),
      });
      const story = await blog({ title: 'Upcoming Story', publishAt: inMinutes(5) });
      const lineup = homepageLineupSchema.parse(
        record(
          await t.app.inject({
            method: 'POST',
            url: P.create,
            headers: auth,
            payload: {
              data: {
                trendingDestinations: [],
                trendingActivities: [],
                tourPackages: [],
                blogs: [],
                isActive: true,
                startsAt: inMinutes(4),
              },
            },
          }),
          201,
        ),
      );
      const dashboard = async (headers: Headers) =>
        dashboardSchema.parse(
          record(await t.app.inject({ method: 'GET', url: S.dashboard, headers })),
        );
      expect((await dashboard(auth)).upcomingPublishes).toEqual([
        {
          entity: 'itinerary',
          entityId: trip.id,
          title: 'Upcoming Trip',
          action: 'publish',
          at: inMinutes(3),
        },
        {
          entity: 'homepage-settings',
          entityId: lineup.id,
          title: 'Homepage lineup',
          action: 'lineup',
          at: inMinutes(4),
        },
        {
          entity: 'blog',
          entityId: story.id,
          title: 'Upcoming Story',
          action: 'publish',
          at: inMinutes(5),
        },
        {
          entity: 'itinerary',
          entityId: trip.id,
          title: 'Upcoming Trip',
          action: 'unpublish',
          at: inMinutes(9),
        },
      ]);
      const blogsOnly = (await signedInWith(db(), t.hasher, ['dashboard.view', 'blogs.view']))
        .headers;
      expect((await dashboard(blogsOnly)).upcomingPublishes?.map((u) => u.entityId)).toEqual([
        story.id,
      ]);
      const neither = (await signedInWith(db(), t.hasher, ['dashboard.view'])).headers;
      expect((await dashboard(neither)).upcomingPublishes).toBeUndefined();
    });
  });
  // ── failures ──

  describe('a change that fails', () => {
    it('does not stop the others: a record is tried again next run, a lineup fails and its admin is told', async () => {
      const broken = await itinerary({ title: 'Broken Trip', publishAt: inMinutes(1) });
      const fine = await itinerary({ title: 'Fine Trip', publishAt: inMinutes(1) });
      const lineup = homepageLineupSchema.parse(
        record(
          await t.app.inject({
            method: 'POST',
            url: P.create,
            headers: auth,
            payload: {
              data: {
                trendingDestinations: [],
                trendingActivities: [],
                tourPackages: [],
                blogs: [],
                isActive: true,
                startsAt: inMinutes(1),
              },
            },
          }),
          201,
        ),
      );
      // The log refuses the entries of these two changes (a trigger in this test's database), so
      // their transactions roll back.
      await db().execute(sql`
        create function refuse_broken_entry() returns trigger language plpgsql as $$
        begin raise exception 'entry refused'; end $$`);
      await db().execute(
        sql.raw(`create trigger refuse_broken_entry before insert on admin_activities for each row
          when (new.summary like '%Broken Trip%' or new.path like '%${lineup.id}')
          execute function refuse_broken_entry()`),
      );
      try {
        clock.advance(2 * MINUTE);
        expect(await scheduler().runOnce()).toEqual([
          { entity: 'itinerary', id: fine.id, action: 'publish', status: 'applied' },
          { entity: 'homepage-settings', id: lineup.id, action: 'lineup', status: 'failed' },
        ]);
        expect(await itineraryRow(broken.id)).toMatchObject({
          isActive: false,
          publishAt: new Date(broken.publishAt ?? ''),
        });
        const [failed] = await db()
          .select()
          .from(homepageLineups)
          .where(eq(homepageLineups.id, lineup.id));
        expect(failed).toMatchObject({ status: 'failed', failureReason: LINEUP_ERROR_REASON });
        expect((await noticesOf(adminId)).at(-1)).toMatchObject(
          scheduleNotice.lineupFailed(LINEUP_ERROR_REASON),
        );
      } finally {
        await db().execute(sql`drop trigger if exists refuse_broken_entry on admin_activities`);
        await db().execute(sql`drop function refuse_broken_entry()`);
      }
      // The record's time is still there: the next run applies it.
      expect(await scheduler().runOnce()).toEqual([
        { entity: 'itinerary', id: broken.id, action: 'publish', status: 'applied' },
      ]);
    });
  });
});
