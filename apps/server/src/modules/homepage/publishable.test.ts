import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  HOMEPAGE_MESSAGES as M,
  blogHiddenReason,
  blogListSchema,
  homepageSettingsSchema,
  itineraryHiddenReason,
  itineraryListSchema,
  type HomepageSettings,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import { itineraries, placeBlogs, places, states } from '../../db/schema/index.js';
import { dataOf, errorOf, record } from '../../test/api.js';
import {
  loginAs,
  makeAdmin,
  makeCountry,
  makeImageRow,
  makePlace,
  makeState,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { insertLibrary } from '../image-libraries/image-libraries.repo.js';

/**
 * Issue 20: the homepage pickers offer only what the public site can show (`publishable=true` on
 * the itinerary and blog lists), the homepage answer flags a chosen item that became
 * unpublishable, a save refuses a newly added one, and the package cards get a picture.
 */
const S = API_PATHS.service;
type Headers = Record<string, string>;
const unique = () => randomBytes(4).toString('hex');

const addImage = (db: Database, ownerType: string, ownerId: string, sortOrder: number) =>
  makeImageRow(db, { ownerType, ownerId, sortOrder, altText: `alt ${unique()}` });

describe('publishable items (issue 20)', () => {
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

  const newPlace = async () => (await makePlace(t.database.db, parents)).id;
  const itinerary = async (
    placeId: string,
    values: {
      visibility?: 'public' | 'private';
      isActive?: boolean;
      imageLibraryId?: string;
    } = {},
  ) => {
    const [row] = await t.database.db
      .insert(itineraries)
      .values({
        title: `Trip ${unique()}`,
        duration: '3 Days',
        languages: ['English'],
        ...parents,
        placeId,
        ...values,
      })
      .returning();
    if (!row) throw new Error('itinerary');
    return row;
  };
  const blog = async (
    placeId: string,
    status: 'draft' | 'published',
    title = `Blog ${unique()}`,
  ) => {
    const [row] = await t.database.db
      .insert(placeBlogs)
      .values({ title, slug: `b-${unique()}`, ...parents, placeId, status })
      .returning();
    if (!row) throw new Error('blog');
    return row;
  };

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });
  const listItineraries = async (query: Record<string, string>) =>
    itineraryListSchema.parse(
      dataOf(await get(`${S.listItineraries}?${new URLSearchParams(query).toString()}`)),
    );
  const listBlogs = async (query: Record<string, string>) =>
    blogListSchema.parse(
      dataOf(await get(`${S.listBlogs}?${new URLSearchParams(query).toString()}`)),
    );
  const put = (data: unknown) =>
    t.app.inject({ method: 'PUT', url: S.homepageSettings, headers: auth, payload: { data } });
  const body = (over: Record<string, unknown> = {}) => ({
    trendingDestinations: [],
    trendingActivities: [],
    tourPackages: [],
    blogs: [],
    isActive: true,
    ...over,
  });
  const read = async (res?: ReturnType<typeof put>): Promise<HomepageSettings> =>
    homepageSettingsSchema.parse(record(await (res ?? get(S.homepageSettings))));

  describe('get-all-itineraries?publishable=true', () => {
    it('leaves out private and inactive itineraries, with exact paging', async () => {
      const placeId = await newPlace();
      const shown = [await itinerary(placeId), await itinerary(placeId)];
      const hiddenPrivate = await itinerary(placeId, { visibility: 'private' });
      shown.push(await itinerary(placeId));
      const hiddenInactive = await itinerary(placeId, { isActive: false });
      await itinerary(placeId, { visibility: 'private', isActive: false });
      shown.push(await itinerary(placeId));
      const newestFirst = [...shown].reverse().map((r) => r.id);

      // Without the parameter (and with false), the spec's list: everything.
      expect((await listItineraries({ placeId })).pagination.total).toBe(7);
      expect((await listItineraries({ placeId, publishable: 'false' })).pagination.total).toBe(7);

      const first = await listItineraries({ placeId, publishable: 'true', limit: '3' });
      expect(first.itineraries.map((i) => i.id)).toEqual(newestFirst.slice(0, 3));
      expect(first.pagination).toEqual({
        total: 4,
        page: 1,
        limit: 3,
        totalPages: 2,
        hasPrevPage: false,
        hasNextPage: true,
      });
      const second = await listItineraries({
        placeId,
        publishable: 'true',
        limit: '3',
        page: '2',
      });
      expect(second.itineraries.map((i) => i.id)).toEqual(newestFirst.slice(3));
      expect(second.pagination).toMatchObject({ total: 4, totalPages: 2, hasNextPage: false });
      // Past the end, the count answers: still the publishable total.
      expect(
        (await listItineraries({ placeId, publishable: 'true', limit: '3', page: '5' })).pagination
          .total,
      ).toBe(4);

      // With a search too, and over the whole table (no place): never a hidden one.
      const searched = await listItineraries({
        publishable: 'true',
        search: hiddenPrivate.title,
      });
      expect(searched.itineraries).toEqual([]);
      const all = await listItineraries({ publishable: 'true', limit: '100' });
      const ids = all.itineraries.map((i) => i.id);
      expect(ids).not.toContain(hiddenPrivate.id);
      expect(ids).not.toContain(hiddenInactive.id);
      expect(all.itineraries.every((i) => itineraryHiddenReason(i) === null)).toBe(true);
      const [count] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(itineraries)
        .where(and(eq(itineraries.isActive, true), eq(itineraries.visibility, 'public')));
      expect(all.pagination.total).toBe(count?.n);
    });

    it('refuses a publishable value that is not true or false (400)', async () => {
      const res = await get(`${S.listItineraries}?publishable=yes`);
      expect(errorOf(res, 400).code).toBe('VALIDATION_ERROR');
      expect((await get(`${S.listBlogs}?publishable=1`)).statusCode).toBe(400);
    });

    it("answers each itinerary's picture: the library's first image, else the gallery's", async () => {
      const placeId = await newPlace();
      const library = await insertLibrary(t.database.db, { title: `Lib ${unique()}` });
      await addImage(t.database.db, 'image-library', library.id, 2);
      const libraryFirst = await addImage(t.database.db, 'image-library', library.id, 1);
      const withLibrary = await itinerary(placeId, { imageLibraryId: library.id });
      const withGallery = await itinerary(placeId);
      const galleryFirst = await addImage(t.database.db, 'itinerary-gallery', withGallery.id, 0);
      await addImage(t.database.db, 'itinerary-gallery', withGallery.id, 1);
      const bare = await itinerary(placeId);
      const emptyLibrary = await insertLibrary(t.database.db, { title: `Empty ${unique()}` });
      const withEmptyLibrary = await itinerary(placeId, { imageLibraryId: emptyLibrary.id });

      const listed = await listItineraries({ placeId, publishable: 'true' });
      const byId = new Map(listed.itineraries.map((i) => [i.id, i]));
      expect(byId.get(withLibrary.id)?.coverImage).toMatchObject({
        _id: libraryFirst.id,
        altText: libraryFirst.altText,
        width: 40,
        height: 30,
        placeholder: '#808080',
      });
      expect(byId.get(withLibrary.id)?.coverImage?.url).toContain(libraryFirst.fileKey);
      expect(byId.get(withGallery.id)?.coverImage?._id).toBe(galleryFirst.id);
      expect(byId.get(bare.id)?.coverImage).toBeNull();
      expect(byId.get(withEmptyLibrary.id)?.coverImage).toBeNull();
    });
  });

  describe('get-all-places-blog?publishable=true', () => {
    it('leaves out drafts, with exact paging and search', async () => {
      const placeId = await newPlace();
      const tag = unique();
      const published = [
        await blog(placeId, 'published', `Pub ${tag} 1`),
        await blog(placeId, 'published', `Pub ${tag} 2`),
        await blog(placeId, 'published', `Pub ${tag} 3`),
      ];
      const draft = await blog(placeId, 'draft', `Draft ${tag}`);
      const newestFirst = [...published].reverse().map((b) => b.id);

      expect((await listBlogs({ search: tag })).pagination.total).toBe(4);
      const first = await listBlogs({ search: tag, publishable: 'true', limit: '2' });
      expect(first.blogs.map((b) => b.id)).toEqual(newestFirst.slice(0, 2));
      expect(first.pagination).toMatchObject({ total: 3, totalPages: 2, hasNextPage: true });
      const second = await listBlogs({ search: tag, publishable: 'true', limit: '2', page: '2' });
      expect(second.blogs.map((b) => b.id)).toEqual(newestFirst.slice(2));
      expect(second.pagination).toMatchObject({ total: 3, hasNextPage: false });

      const all = await listBlogs({ publishable: 'true', limit: '100' });
      expect(all.blogs.map((b) => b.id)).not.toContain(draft.id);
      expect(all.blogs.every((b) => blogHiddenReason(b) === null)).toBe(true);
    });
  });

  describe('homepage settings', () => {
    it('flags a chosen itinerary made private, a blog back to draft and a place whose state closed', async () => {
      const placeId = await newPlace();
      const trip = await itinerary(placeId);
      const story = await blog(placeId, 'published');
      const otherState = await makeState(t.database.db, parents.countryId);
      const destination = (
        await makePlace(t.database.db, {
          countryId: parents.countryId,
          stateId: otherState.id,
        })
      ).id;
      const saved = await read(
        put(
          body({
            trendingDestinations: [destination],
            tourPackages: [{ _id: trip.id, displayOrder: 1 }],
            blogs: [story.id],
          }),
        ),
      );
      expect(saved.tourPackages[0]).toMatchObject({ publishable: true });
      expect(saved.tourPackages[0]?.hiddenReason).toBeUndefined();
      expect(saved.blogs[0]).toMatchObject({ publishable: true });
      expect(saved.trendingDestinations[0]).toMatchObject({ publishable: true });

      // Made private through the API, as an admin would.
      const res = await t.app.inject({
        method: 'PUT',
        url: S.updateItinerary(trip.id),
        headers: auth,
        payload: {
          data: {
            title: trip.title,
            duration: trip.duration,
            languages: trip.languages,
            ...parents,
            placeId,
            visibility: 'private',
          },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.database.db
        .update(placeBlogs)
        .set({ status: 'draft' })
        .where(eq(placeBlogs.id, story.id));
      await t.database.db
        .update(states)
        .set({ isActive: false })
        .where(eq(states.id, otherState.id));

      const after = await read();
      expect(after.tourPackages).toEqual([
        expect.objectContaining({ _id: trip.id, publishable: false, hiddenReason: 'Private' }),
      ]);
      expect(after.blogs).toEqual([
        { _id: story.id, title: story.title, publishable: false, hiddenReason: 'Draft' },
      ]);
      expect(after.trendingDestinations).toEqual([
        expect.objectContaining({
          _id: destination,
          publishable: false,
          hiddenReason: 'State inactive',
        }),
      ]);

      // Inactive wins over private; a country closed is said so.
      await t.database.db
        .update(itineraries)
        .set({ isActive: false })
        .where(eq(itineraries.id, trip.id));
      await t.database.db
        .update(states)
        .set({ isActive: true })
        .where(eq(states.id, otherState.id));
      const hiddenCountry = await makeCountry(t.database.db, { isActive: false });
      const hiddenState = await makeState(t.database.db, hiddenCountry.id);
      await t.database.db
        .update(places)
        .set({ countryId: hiddenCountry.id, stateId: hiddenState.id })
        .where(eq(places.id, destination));
      const later = await read();
      expect(later.tourPackages[0]).toMatchObject({ hiddenReason: 'Inactive' });
      expect(later.trendingDestinations[0]).toMatchObject({ hiddenReason: 'Country inactive' });
    });

    it('refuses a newly added draft blog or private itinerary by name; keeps one saved before', async () => {
      const placeId = await newPlace();
      const kept = await blog(placeId, 'published');
      const keptTrip = await itinerary(placeId);
      await read(
        put(body({ tourPackages: [{ _id: keptTrip.id, displayOrder: 1 }], blogs: [kept.id] })),
      );
      // Both become unpublishable after they were chosen.
      await t.database.db
        .update(placeBlogs)
        .set({ status: 'draft' })
        .where(eq(placeBlogs.id, kept.id));
      await t.database.db
        .update(itineraries)
        .set({ visibility: 'private' })
        .where(eq(itineraries.id, keptTrip.id));

      const draft = await blog(placeId, 'draft', `Unfinished ${unique()}`);
      const privateTrip = await itinerary(placeId, { visibility: 'private' });
      const before = await read();

      const refused = errorOf(
        await put(
          body({
            tourPackages: [
              { _id: keptTrip.id, displayOrder: 1 },
              { _id: privateTrip.id, displayOrder: 2 },
            ],
            blogs: [kept.id, draft.id],
          }),
        ),
        400,
      );
      expect(refused.code).toBe('VALIDATION_ERROR');
      expect(refused.message).toBe(
        `Not shown on the site, so it cannot be added: "${privateTrip.title}" (Private), "${draft.title}" (Draft)`,
      );
      expect(refused.details).toEqual([
        { path: 'tourPackages[1]._id', message: M.packagePrivate },
        { path: 'blogs[1]', message: M.blogDraft },
      ]);
      // Nothing changed.
      expect(await read()).toEqual(before);

      // The saved ones, now unpublishable, may stay (reordered, with a new publishable item).
      const fresh = await blog(placeId, 'published');
      const again = await read(
        put(
          body({
            tourPackages: [{ _id: keptTrip.id, displayOrder: 1 }],
            blogs: [fresh.id, kept.id],
          }),
        ),
      );
      expect(again.blogs).toEqual([
        { _id: fresh.id, title: fresh.title, publishable: true },
        { _id: kept.id, title: kept.title, publishable: false, hiddenReason: 'Draft' },
      ]);
      expect(again.tourPackages[0]).toMatchObject({
        _id: keptTrip.id,
        publishable: false,
        hiddenReason: 'Private',
      });

      // Once removed, it is new again: adding it back is refused.
      await read(put(body({ tourPackages: [{ _id: keptTrip.id, displayOrder: 1 }] })));
      const back = errorOf(await put(body({ blogs: [kept.id] })), 400);
      expect(back.details).toEqual([{ path: 'blogs[0]', message: M.blogDraft }]);
      expect(back.message).toContain(`"${kept.title}" (Draft)`);
    });

    it("answers each chosen package's picture", async () => {
      const placeId = await newPlace();
      const library = await insertLibrary(t.database.db, { title: `Lib ${unique()}` });
      const cover = await addImage(t.database.db, 'image-library', library.id, 0);
      const pictured = await itinerary(placeId, { imageLibraryId: library.id });
      const plain = await itinerary(placeId);
      const saved = await read(
        put(
          body({
            tourPackages: [
              { _id: pictured.id, displayOrder: 1 },
              { _id: plain.id, displayOrder: 2 },
            ],
          }),
        ),
      );
      expect(saved.tourPackages[0]?.image).toMatchObject({ _id: cover.id, width: 40 });
      expect(saved.tourPackages[1]?.image).toBeNull();
    });
  });
});
