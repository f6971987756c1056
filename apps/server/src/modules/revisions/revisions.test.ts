import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  blogSchema,
  imageLibrarySchema,
  itinerarySchema,
  placeDetailsSchema,
  revisionDetailSchema,
  revisionListSchema,
  type ItineraryInput,
} from '@safarnama/contract';
import {
  adminActivities,
  itineraries as itinerariesTable,
  revisions as revisionsTable,
} from '../../db/schema/index.js';
import { dataOf, errorOf, imagePart, record, sendForm, textParts } from '../../test/api.js';
import { makeGeography } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { signedInWith } from '../../test/manage.js';
import { makeJpeg } from '../../test/images.js';

const S = API_PATHS.service;
const R = API_PATHS.revisions;
const L = API_PATHS.imageLibraries;
type Headers = Record<string, string>;

/** The i-th item, which the test expects to be there. */
const nth = <T>(list: readonly T[], i: number): T => {
  const item = list[i];
  if (item === undefined) throw new Error(`expected an item at ${i}`);
  return item;
};

describe('revisions and edit versions (issue 21)', () => {
  let t: TestApp;
  let asha: { headers: Headers; admin: { id: string; name: string } };
  let ravi: { headers: Headers; admin: { id: string; name: string } };
  let jpeg: Buffer;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    asha = await signedInWith(t.database.db, t.hasher, 'super');
    ravi = await signedInWith(t.database.db, t.hasher, 'super');
    jpeg = await makeJpeg(320, 240);
  });
  afterAll(() => t.close());

  const ids = async () => {
    const { country, state, place } = await makeGeography(t.database.db);
    return { countryId: country.id, stateId: state.id, placeId: place.id };
  };
  const itineraryInput = (
    parents: Awaited<ReturnType<typeof ids>>,
    extra: Partial<ItineraryInput> = {},
  ): ItineraryInput => ({
    title: `Monsoon Kerala ${++n}`,
    duration: '5 Days / 4 Nights',
    languages: ['English'],
    pricePerPerson: 25000,
    ...parents,
    ...extra,
  });
  const createItinerary = async (data: ItineraryInput, headers = asha.headers) =>
    itinerarySchema.parse(
      record(
        await t.app.inject({
          method: 'POST',
          url: S.createItinerary,
          headers,
          payload: { data },
        }),
        201,
      ),
    );
  const updateItinerary = (id: string, data: unknown, headers: Headers = asha.headers) =>
    t.app.inject({ method: 'PUT', url: S.updateItinerary(id), headers, payload: { data } });
  const history = async (entity: string, id?: string, headers = asha.headers, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${R.list}?entity=${entity}${id ? `&id=${id}` : ''}${query}`,
      headers,
    });
    return res;
  };
  const historyOf = async (entity: string, id?: string) =>
    revisionListSchema.parse(dataOf(await history(entity, id)));
  const detail = async (revisionId: string, headers = asha.headers) =>
    revisionDetailSchema.parse(
      record(await t.app.inject({ method: 'GET', url: R.one(revisionId), headers })),
    );
  const restore = (revisionId: string, headers = asha.headers, data?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: R.restore(revisionId),
      headers,
      ...(data === undefined ? {} : { payload: { data } }),
    });
  const revisionCount = async () =>
    (await t.database.db.select({ id: revisionsTable.id }).from(revisionsTable)).length;

  describe('itineraries', () => {
    it('writes a revision per change, newest first, with the changed fields and a diff', async () => {
      const created = await createItinerary(itineraryInput(await ids()));
      expect(created.version).toBe(1);
      const { _id, id, countryId, stateId, placeId, ...rest } = created;
      const input = {
        ...itineraryInput({ countryId: countryId._id, stateId: stateId._id, placeId: placeId._id }),
        title: created.title,
      };
      void _id;
      void id;
      void rest;
      const updated = itinerarySchema.parse(
        record(await updateItinerary(created._id, { ...input, pricePerPerson: 27500, version: 1 })),
      );
      expect(updated.version).toBe(2);
      const toggled = await t.app.inject({
        method: 'PATCH',
        url: S.toggleItinerary(created._id),
        headers: asha.headers,
      });
      expect(toggled.statusCode, toggled.body).toBe(200);

      const { revisions, pagination } = await historyOf('itinerary', created._id);
      expect(revisions.map((r) => [r.version, r.action])).toEqual([
        [3, 'status'],
        [2, 'update'],
        [1, 'create'],
      ]);
      expect(pagination.total).toBe(3);
      expect(revisions[1]?.changedFields).toEqual(['pricePerPerson']);
      expect(revisions[1]?.admin).toEqual({ _id: asha.admin.id, name: asha.admin.name });
      expect(revisions[2]?.changedFields).toEqual(expect.arrayContaining(['title', 'languages']));

      const page2 = revisionListSchema.parse(
        dataOf(await history('itinerary', created._id, asha.headers, '&page=2&limit=2')),
      );
      expect(page2.revisions.map((r) => r.version)).toEqual([1]);

      const second = await detail(nth(revisions, 1)._id);
      expect(second.snapshot.pricePerPerson).toBe(27500);
      expect(second.snapshot.version).toBe(2);
      expect(second.previousId).toBe(nth(revisions, 2)._id);
      expect(second.diff).toEqual([{ field: 'pricePerPerson', from: 25000, to: 27500 }]);
      const first = await detail(nth(revisions, 2)._id);
      expect(first.previousId).toBeNull();
    });

    it('refuses a stale version from a second session with 409 EDIT_CONFLICT and changes nothing', async () => {
      const parents = await ids();
      const created = await createItinerary(itineraryInput(parents));
      const input = itineraryInput(parents, { title: created.title });
      // Both admins opened version 1; Asha saves first (If-Match), Ravi second.
      const first = await t.app.inject({
        method: 'PUT',
        url: S.updateItinerary(created._id),
        headers: { ...asha.headers, 'if-match': '"1"' },
        payload: { data: { ...input, duration: '6 Days / 5 Nights' } },
      });
      expect(first.statusCode, first.body).toBe(200);
      const before = await revisionCount();
      const second = await t.app.inject({
        method: 'PUT',
        url: S.updateItinerary(created._id),
        headers: { ...ravi.headers, 'if-match': '"1"' },
        payload: { data: { ...input, pricePerPerson: 99000 } },
      });
      const error = errorOf(second, 409);
      expect(error.code).toBe('EDIT_CONFLICT');
      const data = error.data as Record<string, unknown>;
      expect(data.currentVersion).toBe(2);
      expect(data.yourVersion).toBe(1);
      expect(data.changedBy).toEqual({ _id: asha.admin.id, name: asha.admin.name });
      expect(data.changedFields).toEqual(['duration']);
      expect((data.current as Record<string, unknown>).duration).toBe('6 Days / 5 Nights');
      expect(await revisionCount()).toBe(before);
      // The body's version works the same way; the current one goes through.
      errorOf(await updateItinerary(created._id, { ...input, version: 1 }, ravi.headers), 409);
      const saved = itinerarySchema.parse(
        record(
          await updateItinerary(
            created._id,
            { ...input, pricePerPerson: 99000, version: 2 },
            ravi.headers,
          ),
        ),
      );
      expect(saved.pricePerPerson).toBe(99000);
      expect(saved.version).toBe(3);
      // No version at all: still saved (API clients), over whatever is current.
      const blind = itinerarySchema.parse(record(await updateItinerary(created._id, input)));
      expect(blind.version).toBe(4);
    });

    it('answers 400 for a version that is not a number, and changes nothing', async () => {
      const parents = await ids();
      const created = await createItinerary(itineraryInput(parents));
      const input = itineraryInput(parents, { title: created.title });
      const header = await t.app.inject({
        method: 'PUT',
        url: S.updateItinerary(created._id),
        headers: { ...asha.headers, 'if-match': '"abc"' },
        payload: { data: input },
      });
      expect(errorOf(header, 400).message).toMatch(/If-Match/);
      errorOf(await updateItinerary(created._id, { ...input, version: 'two' }), 400);
      errorOf(await updateItinerary(created._id, { ...input, version: 0 }), 400);
      expect((await historyOf('itinerary', created._id)).revisions).toHaveLength(1);
    });

    it('two concurrent saves of the same version: one wins, the other is told', async () => {
      const parents = await ids();
      const created = await createItinerary(itineraryInput(parents));
      const input = itineraryInput(parents, { title: created.title });
      const results = await Promise.all(
        [asha, ravi].map((who, i) =>
          t.app.inject({
            method: 'PUT',
            url: S.updateItinerary(created._id),
            headers: { ...who.headers, 'if-match': '1' },
            payload: { data: { ...input, groupSize: 10 + i } },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await historyOf('itinerary', created._id)).revisions).toHaveLength(2);
    });

    it('restores an earlier version as a new revision, with its audit entry', async () => {
      const parents = await ids();
      const created = await createItinerary(itineraryInput(parents, { pricePerPerson: 10000 }));
      const input = itineraryInput(parents, { title: created.title });
      record(
        await updateItinerary(created._id, { ...input, pricePerPerson: 15000, months: ['JUN'] }),
      );
      const v1 = nth((await historyOf('itinerary', created._id)).revisions, 1);
      const res = await restore(v1._id);
      const restored = dataOf<{
        version: number;
        revision: { action: string; restoredFrom: string };
      }>(res);
      expect(restored.version).toBe(3);
      expect(restored.revision).toMatchObject({ action: 'restore', restoredFrom: v1._id });
      const now = itinerarySchema.parse(
        record(
          await t.app.inject({
            method: 'PUT',
            url: S.updateItinerary(created._id),
            headers: { ...asha.headers, 'if-match': '"3"' },
            payload: { data: { ...input, pricePerPerson: 10000 } },
          }),
        ),
      );
      expect(now.version).toBe(4);
      const latest = await detail(
        nth((await historyOf('itinerary', created._id)).revisions, 1)._id,
      );
      expect(latest.snapshot.pricePerPerson).toBe(10000);
      expect(latest.snapshot.months).toEqual([]);
      const entries = await t.database.db
        .select()
        .from(adminActivities)
        .where(eq(adminActivities.entityId, created._id));
      expect(entries.map((e) => e.summary)).toContain(
        `Restored an earlier version of itinerary '${created.title}'`,
      );
    });

    it('a restore brings back content, not the schedule: an old publish time stays cleared', async () => {
      const parents = await ids();
      const soon = new Date(Date.now() + 3_600_000).toISOString();
      const created = await createItinerary(
        itineraryInput(parents, { pricePerPerson: 10000, publishAt: soon }),
      );
      expect(created.publishAt).toBeTruthy();
      expect(created.isActive).toBe(false);
      const input = itineraryInput(parents, { title: created.title });
      const cleared = itinerarySchema.parse(
        record(
          await updateItinerary(created._id, { ...input, pricePerPerson: 15000, publishAt: null }),
        ),
      );
      expect(cleared.publishAt ?? null).toBeNull();
      const v1 = nth((await historyOf('itinerary', created._id)).revisions, 1);
      dataOf(await restore(v1._id));
      const [row] = await t.database.db
        .select()
        .from(itinerariesTable)
        .where(eq(itinerariesTable.id, created._id));
      expect(row?.pricePerPerson).toBe(10000);
      expect(row?.publishAt ?? null).toBeNull();
    });

    it('refuses a restore whose image library was deleted (409 naming it), leaving everything as it was', async () => {
      const parents = await ids();
      const library = imageLibrarySchema.parse(
        record(
          await sendForm(t.app, 'POST', L.base, textParts({ title: `Lib ${++n}` }), asha.headers),
          201,
        ),
      );
      const created = await createItinerary(
        itineraryInput(parents, { imageLibraryId: library._id }),
      );
      const input = itineraryInput(parents, { title: created.title });
      record(await updateItinerary(created._id, { ...input, imageLibraryId: '' }));
      const removed = await t.app.inject({
        method: 'DELETE',
        url: L.one(library._id),
        headers: asha.headers,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      const v1 = nth((await historyOf('itinerary', created._id)).revisions, 1);
      const before = await revisionCount();
      const error = errorOf(await restore(v1._id), 409);
      expect(error.message).toContain(`image library ${library._id}`);
      expect(error.data).toEqual({ missing: [{ kind: 'image library', id: library._id }] });
      expect(await revisionCount()).toBe(before);
    });

    it('keeps the revisions of a deleted itinerary and brings it back from them', async () => {
      const parents = await ids();
      const created = await createItinerary(itineraryInput(parents));
      const gone = await t.app.inject({
        method: 'DELETE',
        url: S.deleteItinerary(created._id),
        headers: asha.headers,
      });
      expect(gone.statusCode, gone.body).toBe(200);
      const { revisions } = await historyOf('itinerary', created._id);
      expect(revisions.map((r) => r.action)).toEqual(['delete', 'create']);
      dataOf(await restore(nth(revisions, 1)._id));
      const back = await t.app.inject({
        method: 'GET',
        url: `${S.listItineraries}?search=${encodeURIComponent(created.title)}`,
        headers: asha.headers,
      });
      const list = dataOf<{ itineraries: { _id: string; version: number }[] }>(back);
      expect(list.itineraries.map((i) => [i._id, i.version])).toEqual([[created._id, 2]]);
    });
    it('raises the version exactly once per change, whatever the change writes, and never outside one', async () => {
      const created = await createItinerary(itineraryInput(await ids()));
      const versionNow = async () =>
        (
          await t.database.db
            .select({ version: itinerariesTable.version, quality: itinerariesTable.qualityIssues })
            .from(itinerariesTable)
            .where(eq(itinerariesTable.id, created._id))
        )[0];
      expect((await versionNow())?.version).toBe(1);
      // An update whose quality codes move too (a second UPDATE of the row in the change).
      const before = (await versionNow())?.quality ?? [];
      record(
        await updateItinerary(created._id, {
          ...itineraryInput(await ids(), { title: created.title }),
          dailyItinerary: [{ title: 'Day 1', description: 'Arrive in Kochi' }],
          version: 1,
        }),
      );
      const afterUpdate = await versionNow();
      expect(afterUpdate?.version).toBe(2);
      expect(afterUpdate?.quality).not.toEqual(before);
      // A status toggle, then a gallery change that writes no column of the row.
      record(
        await t.app.inject({
          method: 'PATCH',
          url: S.toggleItinerary(created._id),
          headers: { ...asha.headers, 'if-match': '"2"' },
        }),
      );
      expect((await versionNow())?.version).toBe(3);
      record(
        await sendForm(
          t.app,
          'PATCH',
          S.itineraryGallery(created._id),
          [...textParts({ itineraryId: created._id }), imagePart('images', jpeg)],
          { ...asha.headers, 'if-match': '"3"' },
        ),
      );
      expect((await versionNow())?.version).toBe(4);
      // A bulk action: once per record.
      dataOf(
        await t.app.inject({
          method: 'POST',
          url: API_PATHS.bulk,
          headers: asha.headers,
          payload: { data: { entity: 'itinerary', action: 'activate', ids: [created._id] } },
        }),
      );
      expect((await versionNow())?.version).toBe(5);
      // A write outside any change (a sweep, psql) leaves the version alone.
      await t.database.db
        .update(itinerariesTable)
        .set({ qualityVersion: 0 })
        .where(eq(itinerariesTable.id, created._id));
      expect((await versionNow())?.version).toBe(5);
      // Every version has its revision, none skipped.
      const { revisions } = await historyOf('itinerary', created._id);
      expect(revisions.map((r) => r.version)).toEqual([5, 4, 3, 2, 1]);
    });
  });

  describe('the other entities', () => {
    it('blogs: a multipart update with a stale form version is refused; history and restore work', async () => {
      const parents = await ids();
      const add = await sendForm(
        t.app,
        'POST',
        S.addBlog,
        [
          ...textParts({ ...parents, title: `Goa guide ${++n}`, status: 'draft' }),
          imagePart('coverImage', jpeg),
        ],
        asha.headers,
      );
      const blog = blogSchema.parse(record(add, 201));
      expect(blog.version).toBe(1);
      const updated = blogSchema.parse(
        record(
          await sendForm(
            t.app,
            'POST',
            S.updateBlog,
            textParts({ id: blog._id, excerpt: 'Beaches and forts', version: '1' }),
            asha.headers,
          ),
        ),
      );
      expect(updated.version).toBe(2);
      const stale = await sendForm(
        t.app,
        'POST',
        S.updateBlog,
        textParts({ id: blog._id, excerpt: 'Lost edit', version: '1' }),
        ravi.headers,
      );
      expect(errorOf(stale, 409).code).toBe('EDIT_CONFLICT');
      errorOf(
        await sendForm(
          t.app,
          'POST',
          S.updateBlog,
          textParts({ id: blog._id, version: 'x' }),
          asha.headers,
        ),
        400,
      );
      const { revisions } = await historyOf('blog', blog._id);
      expect(revisions.map((r) => r.changedFields)).toEqual([['excerpt'], expect.any(Array)]);
      dataOf(await restore(nth(revisions, 1)._id));
      const latest = await detail(nth((await historyOf('blog', blog._id)).revisions, 0)._id);
      expect(latest.snapshot.excerpt).toBe('');
      expect(latest.action).toBe('restore');
    });

    it('place details: update and gallery changes are revisions', async () => {
      const parents = await ids();
      const details = placeDetailsSchema.parse(
        record(
          await sendForm(
            t.app,
            'POST',
            S.addPlaceDetails,
            textParts({ ...parents, month: 'OCT', description: '<p>Cool</p>' }),
            asha.headers,
          ),
          201,
        ),
      );
      const updated = await sendForm(
        t.app,
        'PATCH',
        S.updatePlaceDetails,
        textParts({
          id: details._id,
          imageLibraryId: '',
          description: '<p>Warm</p>',
          version: '1',
        }),
        asha.headers,
      );
      expect(placeDetailsSchema.parse(record(updated)).version).toBe(2);
      const { revisions } = await historyOf('place-details', details._id);
      expect(revisions.map((r) => r.action)).toEqual(['update', 'create']);
      const one = await detail(nth(revisions, 0)._id);
      expect(one.diff).toEqual([{ field: 'description', from: '<p>Cool</p>', to: '<p>Warm</p>' }]);
    });

    it('image libraries: alt texts and order are restored; images added later stay, after them', async () => {
      const created = imageLibrarySchema.parse(
        record(
          await sendForm(
            t.app,
            'POST',
            L.base,
            [
              ...textParts({
                title: `Kerala ${++n}`,
                'altTexts[0]': 'Boat',
                'altTexts[1]': 'Beach',
              }),
              imagePart('images', jpeg, 'a.jpg'),
              imagePart('images', jpeg, 'b.jpg'),
            ],
            asha.headers,
          ),
          201,
        ),
      );
      const boat = nth(created.images, 0);
      const beach = nth(created.images, 1);
      const reordered = await sendForm(
        t.app,
        'PUT',
        L.images(created._id),
        textParts({
          'existingImages[0]': beach._id,
          'existingAltTexts[0]': 'Sunset beach',
          'existingImages[1]': boat._id,
          'existingAltTexts[1]': 'Boat',
          version: '1',
        }),
        asha.headers,
      );
      expect(imageLibrarySchema.parse(record(reordered)).images.map((i) => i.altText)).toEqual([
        'Sunset beach',
        'Boat',
      ]);
      const { revisions } = await historyOf('image-library', created._id);
      expect(revisions.map((r) => r.action)).toEqual(['images', 'create']);
      dataOf(await restore(nth(revisions, 1)._id));
      const res = await t.app.inject({
        method: 'GET',
        url: L.one(created._id),
        headers: asha.headers,
      });
      const now = imageLibrarySchema.parse(record(res));
      expect(now.images.map((i) => [i._id, i.altText])).toEqual([
        [boat._id, 'Boat'],
        [beach._id, 'Beach'],
      ]);
      expect(now.version).toBe(3);
    });

    it('homepage settings: saves are revisions of the one record; a restore naming a deleted itinerary is refused', async () => {
      const parents = await ids();
      const a = await createItinerary(itineraryInput(parents));
      const put = (data: unknown, headers: Headers = asha.headers) =>
        t.app.inject({ method: 'PUT', url: S.homepageSettings, headers, payload: { data } });
      const selection = (packages: string[]) => ({
        trendingDestinations: [],
        trendingActivities: [],
        tourPackages: packages.map((_id, i) => ({ _id, displayOrder: i + 1 })),
        blogs: [],
        isActive: true,
      });
      const saved = record<{ version: number }>(await put(selection([a._id])));
      const v = saved.version;
      record(await put({ ...selection([]), version: v }));
      errorOf(await put({ ...selection([a._id]), version: v }, ravi.headers), 409);
      const { revisions } = await historyOf('homepage-settings');
      expect(revisions[0]?.version).toBe(v + 1);
      expect(revisions[0]?.entityId).toBe('1');
      const earlier = nth(revisions, 1);
      expect((await detail(earlier._id)).snapshot.tourPackages).toEqual([
        { _id: a._id, displayOrder: 1 },
      ]);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: S.deleteItinerary(a._id),
        headers: asha.headers,
      });
      expect(removed.statusCode).toBe(200);
      const error = errorOf(await restore(earlier._id), 409);
      expect(error.data).toEqual({ missing: [{ kind: 'itinerary', id: a._id }] });
      errorOf(await history('homepage-settings', 'other'), 404);
    });
  });

  describe('access and bad input', () => {
    it('reading needs the view permission, restoring the update permission', async () => {
      const parents = await ids();
      const created = await createItinerary(itineraryInput(parents));
      const v1 = nth((await historyOf('itinerary', created._id)).revisions, 0);
      const viewer = await signedInWith(t.database.db, t.hasher, ['itineraries.view']);
      const blogger = await signedInWith(t.database.db, t.hasher, ['blogs.view']);
      expect((await history('itinerary', created._id, viewer.headers)).statusCode).toBe(200);
      expect((await history('itinerary', created._id, blogger.headers)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: R.one(v1._id), headers: blogger.headers }))
          .statusCode,
      ).toBe(403);
      expect((await restore(v1._id, viewer.headers)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: `${R.list}?entity=blog&id=x` })).statusCode,
      ).toBe(401);
    });

    it('unknown entity, unknown id and unknown revision answer 404; a missing id 400', async () => {
      expect(errorOf(await history('country', 'x'), 404).message).toMatch(/Unknown entity/);
      errorOf(await history('itinerary', '0190a5b6-0000-7000-8000-000000000000'), 404);
      errorOf(await history('itinerary'), 400);
      const missing = await t.app.inject({
        method: 'GET',
        url: R.one('0190a5b6-0000-7000-8000-000000000000'),
        headers: asha.headers,
      });
      errorOf(missing, 404);
      errorOf(
        await t.app.inject({ method: 'GET', url: R.one('nope'), headers: asha.headers }),
        404,
      );
      errorOf(await restore('nope'), 404);
      expect(body<{ success: boolean }>(await restore('nope')).success).toBe(false);
    });
  });
});
