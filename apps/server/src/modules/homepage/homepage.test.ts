import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  HOMEPAGE_MESSAGES as M,
  homepageSettingsSchema,
  type HomepageSettings,
} from '@safarnama/contract';
import { eq } from 'drizzle-orm';
import { itineraries, placeBlogs } from '../../db/schema/index.js';
import { errorOf, record } from '../../test/api.js';
import { loginAs, makeAdmin, makeCountry, makePlace, makeState } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { orderPackages, uniqueIds } from './homepage.service.js';

const S = API_PATHS.service;
type Headers = Record<string, string>;
const unique = () => randomBytes(4).toString('hex');

describe('homepage settings API', () => {
  let t: TestApp;
  let auth: Headers;
  let parents: { countryId: string; stateId: string };

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await makeAdmin(t.database.db, t.hasher, { superAdmin: true });
    auth = (await loginAs(t.app, admin)).headers;
    const country = await makeCountry(t.database.db);
    const state = await makeState(t.database.db, country.id);
    parents = { countryId: country.id, stateId: state.id };
  });
  afterAll(() => t.close());
  const place = async (isActive = true) =>
    (await makePlace(t.database.db, parents, { isActive })).id;
  const itinerary = async (isActive = true, extra: { pricePerPerson?: number } = {}) => {
    const place = await makePlace(t.database.db, parents);
    const [row] = await t.database.db
      .insert(itineraries)
      .values({
        title: `Trip ${unique()}`,
        duration: '5 Days / 4 Nights',
        languages: ['English'],
        description: '<p>Backwaters</p>',
        pricePerPerson: extra.pricePerPerson ?? 12500,
        countryId: parents.countryId,
        stateId: parents.stateId,
        placeId: place.id,
        isActive,
      })
      .returning();
    if (!row) throw new Error('itinerary');
    return row;
  };
  const blog = async () => {
    const place = await makePlace(t.database.db, parents);
    const [row] = await t.database.db
      .insert(placeBlogs)
      .values({
        title: `Blog ${unique()}`,
        slug: `blog-${unique()}`,
        countryId: parents.countryId,
        stateId: parents.stateId,
        placeId: place.id,
        status: 'published',
      })
      .returning();
    if (!row) throw new Error('blog');
    return row;
  };
  const many = <T>(n: number, make: () => Promise<T>) =>
    Promise.all(Array.from({ length: n }, () => make()));

  const get = (headers = auth) => t.app.inject({ method: 'GET', url: S.homepageSettings, headers });
  const put = (data: unknown, headers = auth) =>
    t.app.inject({ method: 'PUT', url: S.homepageSettings, headers, payload: { data } });
  const body = (over: Record<string, unknown> = {}) => ({
    trendingDestinations: [],
    trendingActivities: [],
    tourPackages: [],
    blogs: [],
    isActive: true,
    ...over,
  });
  const read = async (res = get()): Promise<HomepageSettings> =>
    homepageSettingsSchema.parse(record(await res));

  it('answers an empty selection before the first save', async () => {
    expect(await read()).toEqual({
      trendingDestinations: [],
      trendingActivities: [],
      tourPackages: [],
      blogs: [],
      isActive: true,
      version: 1,
      updatedAt: null,
    });
  });

  it('reads back what was saved (GET after PUT), populated and in order', async () => {
    const [p1, p2] = await many(2, () => place());
    const [i1, i2] = await many(2, () => itinerary());
    const [b1] = await many(1, blog);
    const saved = await read(
      put(
        body({
          trendingDestinations: [p2, p1],
          tourPackages: [
            { _id: i1?.id, displayOrder: 2 },
            { _id: i2?.id, displayOrder: 1 },
          ],
          blogs: [b1?.id],
          isActive: false,
        }),
      ),
    );
    const again = await read();
    expect(again).toEqual(saved);
    expect(again.trendingDestinations.map((d) => d._id)).toEqual([p2, p1]);
    expect(again.trendingDestinations[0]).toMatchObject({
      state: { _id: parents.stateId },
      country: { _id: parents.countryId },
      image: null,
    });
    expect(again.tourPackages).toEqual([
      {
        _id: i2?.id,
        displayOrder: 1,
        title: i2?.title,
        duration: '5 Days / 4 Nights',
        pricePerPerson: 12500,
        // Issue 22: no bands, no GST on top: the base.
        fromPrice: 12500,
        description: '<p>Backwaters</p>',
        image: null,
        publishable: true,
      },
      expect.objectContaining({ _id: i1?.id, displayOrder: 2 }),
    ]);
    expect(again.blogs).toEqual([{ _id: b1?.id, title: b1?.title, publishable: true }]);
    expect(again.isActive).toBe(false);
    expect(again.updatedAt).not.toBeNull();

    // A second save replaces the whole selection.
    const emptied = await read(put(body()));
    expect(emptied).toMatchObject({ trendingDestinations: [], tourPackages: [], blogs: [] });
  });

  it('refuses a 7th place, a 9th package and a 4th blog with the spec texts', async () => {
    const places = await many(7, () => place());
    const trips = await many(9, () => itinerary());
    const blogs = await many(4, blog);
    const pkgs = trips.map((r, i) => ({ _id: r.id, displayOrder: i + 1 }));

    const seventh = errorOf(await put(body({ trendingDestinations: places })), 400);
    expect(seventh.message).toBe('Maximum 6 places can be selected');
    expect(seventh.details).toContainEqual({ path: 'trendingDestinations', message: M.maxPlaces });

    const ninth = errorOf(await put(body({ tourPackages: pkgs })), 400);
    expect(ninth.message).toBe('Maximum 8 packages can be selected');
    expect(ninth.details).toContainEqual({ path: 'tourPackages', message: M.maxPackages });

    const fourth = errorOf(await put(body({ blogs: blogs.map((b) => b.id) })), 400);
    expect(fourth.message).toBe('Maximum 3 blogs can be selected');
    expect(fourth.details).toContainEqual({ path: 'blogs', message: M.maxBlogs });

    // Exactly at the limits is fine.
    const full = await read(
      put(
        body({
          trendingDestinations: places.slice(0, 6),
          tourPackages: pkgs.slice(0, 8),
          blogs: blogs.slice(0, 3).map((b) => b.id),
        }),
      ),
    );
    expect(full.trendingDestinations).toHaveLength(6);
    expect(full.tourPackages).toHaveLength(8);
    expect(full.blogs).toHaveLength(3);
  });

  it('drops duplicates (first wins) before counting the limits', async () => {
    const places = await many(6, () => place());
    const [a, b] = await many(2, () => itinerary());
    const [x] = await many(1, blog);
    const saved = await read(
      put(
        body({
          trendingDestinations: [...places, places[0], places[3]?.toUpperCase()],
          tourPackages: [
            { _id: a?.id, displayOrder: 1 },
            { _id: b?.id, displayOrder: 2 },
            { _id: a?.id, displayOrder: 0 },
          ],
          blogs: [x?.id, x?.id, x?.id, x?.id],
        }),
      ),
    );
    expect(saved.trendingDestinations.map((d) => d._id)).toEqual(places);
    expect(saved.tourPackages.map((p) => [p._id, p.displayOrder])).toEqual([
      [a?.id, 1],
      [b?.id, 2],
    ]);
    expect(saved.blogs.map((p) => p._id)).toEqual([x?.id]);
  });

  it('rewrites displayOrder to 1..n in the order given (ties by array order)', async () => {
    const [a, b, c, d] = await many(4, () => itinerary());
    const saved = await read(
      put(
        body({
          tourPackages: [
            { _id: a?.id, displayOrder: 40 },
            { _id: b?.id, displayOrder: 7 },
            { _id: c?.id, displayOrder: 40 },
            { _id: d?.id, displayOrder: 0 },
          ],
        }),
      ),
    );
    expect(saved.tourPackages.map((p) => [p._id, p.displayOrder])).toEqual([
      [d?.id, 1],
      [b?.id, 2],
      [a?.id, 3],
      [c?.id, 4],
    ]);
  });

  it('refuses unknown or inactive ids at their index and changes nothing', async () => {
    const good = await place();
    const inactivePlace = await place(false);
    const hiddenCountry = await makeCountry(t.database.db, { isActive: false });
    const hiddenState = await makeState(t.database.db, hiddenCountry.id);
    const underHidden = (
      await makePlace(t.database.db, { countryId: hiddenCountry.id, stateId: hiddenState.id })
    ).id;
    const active = await itinerary();
    const inactive = await itinerary(false);
    const before = await read(put(body({ trendingDestinations: [good] })));
    const missing = '0190a5b0-0000-7000-8000-000000000000';

    const res = errorOf(
      await put(
        body({
          trendingDestinations: [good, inactivePlace, missing, 'not-a-uuid', underHidden],
          tourPackages: [
            { _id: active.id, displayOrder: 1 },
            { _id: inactive.id, displayOrder: 2 },
            { _id: missing, displayOrder: 3 },
          ],
          blogs: [missing],
        }),
      ),
      400,
    );
    expect(res.code).toBe('VALIDATION_ERROR');
    expect(res.details).toEqual([
      { path: 'trendingDestinations[1]', message: M.placeInactive },
      { path: 'trendingDestinations[2]', message: M.placeNotFound },
      { path: 'trendingDestinations[3]', message: M.placeNotFound },
      { path: 'trendingDestinations[4]', message: M.placeInactive },
      { path: 'tourPackages[1]._id', message: M.packageInactive },
      { path: 'tourPackages[2]._id', message: M.packageNotFound },
      { path: 'blogs[0]', message: M.blogNotFound },
    ]);
    expect(await read()).toEqual(before);
  });

  it('refuses trending activities and unknown fields', async () => {
    const res = errorOf(await put(body({ trendingActivities: ['x'] })), 400);
    expect(res.details?.[0]?.path).toBe('trendingActivities');
    errorOf(await put({ ...body(), extra: 1 }), 400);
    errorOf(await put(body({ isActive: undefined })), 400);
  });

  it('removes a deleted itinerary (and a deleted blog) from the selection', async () => {
    const [keep, doomed] = await many(2, () => itinerary());
    const [b] = await many(1, blog);
    await read(
      put(
        body({
          tourPackages: [
            { _id: keep?.id, displayOrder: 1 },
            { _id: doomed?.id, displayOrder: 2 },
          ],
          blogs: [b?.id],
        }),
      ),
    );
    const res = await t.app.inject({
      method: 'DELETE',
      url: S.deleteItinerary(doomed?.id ?? ''),
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.database.db.delete(placeBlogs).where(eq(placeBlogs.id, b?.id ?? ''));
    const after = await read();
    expect(after.tourPackages.map((p) => p._id)).toEqual([keep?.id]);
    expect(after.blogs).toEqual([]);
  });

  it('answers 401 anonymous and 403 without the key', async () => {
    const nobody = await makeAdmin(t.database.db, t.hasher, { permissions: [] });
    const noKeys = (await loginAs(t.app, nobody)).headers;
    const viewer = await makeAdmin(t.database.db, t.hasher, { permissions: ['homepage.view'] });
    const viewerKeys = (await loginAs(t.app, viewer)).headers;
    const editor = await makeAdmin(t.database.db, t.hasher, { permissions: ['homepage.update'] });
    const editorKeys = (await loginAs(t.app, editor)).headers;

    expect((await get({})).statusCode).toBe(401);
    expect((await put(body(), {})).statusCode).toBe(401);
    expect((await get(noKeys)).statusCode).toBe(403);
    expect((await put(body(), noKeys)).statusCode).toBe(403);
    expect((await get(viewerKeys)).statusCode).toBe(200);
    expect((await put(body(), viewerKeys)).statusCode).toBe(403);
    expect((await put(body(), editorKeys)).statusCode).toBe(200);
  });
});

describe('homepage rules', () => {
  it('keeps the first of repeated ids with the index it was sent at', () => {
    const a = '0190a5b0-0000-7000-8000-00000000000a';
    expect(uniqueIds([a, 'x', a.toUpperCase(), 'x']).map((e) => [e.raw, e.index])).toEqual([
      [a, 0],
      ['x', 1],
    ]);
  });
  it('numbers packages 1..n by displayOrder, ties by array order', () => {
    expect(
      orderPackages([
        { k: 'a', displayOrder: 5 },
        { k: 'b', displayOrder: 5 },
        { k: 'c', displayOrder: 1 },
      ]),
    ).toEqual([
      { k: 'c', displayOrder: 1 },
      { k: 'a', displayOrder: 2 },
      { k: 'b', displayOrder: 3 },
    ]);
  });
});
