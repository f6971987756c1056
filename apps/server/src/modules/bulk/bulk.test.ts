import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  BULK_LIMIT,
  BULK_MESSAGES as M,
  blogSchema,
  bulkOutcomeSchema,
  imageLibrarySchema,
  itinerarySchema,
  placeDetailsSchema,
  type BulkAction,
  type BulkEntity,
  type BulkOutcome,
  type Itinerary,
  type PermissionKey,
} from '@safarnama/contract';
import {
  adminActivities,
  imageLibraries,
  images,
  itineraries,
  placeBlogs,
  placeDetails,
  places,
  revisions,
} from '../../db/schema/index.js';
import { errorOf, imageKeys, imagePart, record, sendForm, textParts } from '../../test/api.js';
import { makeGeography, makePlace } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { signedInWith } from '../../test/manage.js';
import { makeJpeg } from '../../test/images.js';

const S = API_PATHS.service;
/** The value a test just made sure exists. */
const must = <T>(value: T | undefined | null): T => {
  if (value === undefined || value === null) throw new Error('expected a value');
  return value;
};
type Headers = Record<string, string>;

describe('bulk actions API (issue 24)', () => {
  let t: TestApp;
  let auth: Headers;
  let jpeg: Buffer;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
    jpeg = await makeJpeg(400, 300);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const send = (data: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url: API_PATHS.bulk, headers, payload: { data } });
  const bulk = async (
    entity: BulkEntity,
    action: BulkAction,
    ids: string[],
    headers = auth,
  ): Promise<BulkOutcome> => {
    const res = await send({ entity, action, ids }, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(M.done);
    return bulkOutcomeSchema.parse(body<{ data: unknown }>(res).data);
  };
  const statusOf = (outcome: BulkOutcome) =>
    Object.fromEntries(outcome.results.map((r) => [r._id, r.status]));
  const entriesOf = (ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db().select().from(adminActivities).where(inArray(adminActivities.entityId, ids));
  const revisionsOf = (ids: string[]) =>
    db().select().from(revisions).where(inArray(revisions.entityId, ids));

  const makeItineraries = async (count: number, extra: Record<string, unknown> = {}) => {
    const { country, state, place } = await makeGeography(db());
    const made: Itinerary[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: S.createItinerary,
        headers: auth,
        payload: {
          data: {
            title: `Bulk trip ${++n}`,
            duration: '3 Days / 2 Nights',
            languages: ['English'],
            countryId: country.id,
            stateId: state.id,
            placeId: place.id,
            ...extra,
          },
        },
      });
      made.push(itinerarySchema.parse(record(res, 201)));
    }
    return made;
  };
  const activeOf = async (ids: string[]) =>
    Object.fromEntries(
      (
        await db()
          .select({ id: itineraries.id, isActive: itineraries.isActive })
          .from(itineraries)
          .where(inArray(itineraries.id, ids))
      ).map((row) => [row.id, row.isActive]),
    );

  it('deactivates itineraries: each done, one audit entry and one revision per record', async () => {
    const trips = await makeItineraries(3);
    const ids = trips.map((trip) => trip._id);
    const before = await revisionsOf(ids);

    const outcome = await bulk('itinerary', 'deactivate', ids);
    expect(outcome.results).toEqual(ids.map((_id) => ({ _id, status: 'done' })));
    expect(outcome.summary).toEqual({ done: 3, forbidden: 0, not_found: 0, in_use: 0 });
    expect(Object.values(await activeOf(ids))).toEqual([false, false, false]);

    const entries = (await entriesOf(ids)).filter((entry) => entry.action === 'status');
    expect(entries).toHaveLength(3);
    for (const trip of trips) {
      const [entry] = entries.filter((e) => e.entityId === trip._id);
      expect(entry).toMatchObject({
        entityType: 'itinerary',
        summary: `Deactivated itinerary '${trip.title}'`,
        method: 'POST',
        path: API_PATHS.bulk,
        changes: { isActive: { from: true, to: false } },
      });
    }
    const added = (await revisionsOf(ids)).filter((r) => !before.some((b) => b.id === r.id));
    expect(added.map((r) => [r.entityId, r.action, r.version]).sort()).toEqual(
      ids.map((id) => [id, 'status', 2]).sort(),
    );

    // Activating them again and one more time: the second time is done with nothing written.
    await bulk('itinerary', 'activate', ids);
    const count = (await entriesOf(ids)).length;
    const again = await bulk('itinerary', 'activate', [...ids, must(ids[0]).toUpperCase()]);
    expect(again.results).toEqual(
      ids.map((_id) => ({ _id, status: 'done', message: M.alreadyActive })),
    );
    expect((await entriesOf(ids)).length).toBe(count);
    expect(Object.values(await activeOf(ids))).toEqual([true, true, true]);
  });

  it('answers forbidden per id for a role without the action, or without the entity', async () => {
    const trips = await makeItineraries(2);
    const ids = trips.map((trip) => trip._id);
    const updater = (await signedInWith(db(), t.hasher, ['itineraries.view', 'itineraries.update']))
      .headers;
    const stranger = (await signedInWith(db(), t.hasher, ['blogs.update'] as PermissionKey[]))
      .headers;

    const removal = await bulk('itinerary', 'delete', ids, updater);
    expect(removal.results).toEqual(
      ids.map((_id) => ({ _id, status: 'forbidden', message: M.forbidden })),
    );
    expect(removal.summary).toEqual({ done: 0, forbidden: 2, not_found: 0, in_use: 0 });
    expect(Object.keys(await activeOf(ids))).toHaveLength(2);

    // An unknown id is forbidden too: a caller without the key learns nothing of what exists.
    const unknown = '0190aaaa-0000-7000-8000-000000000001';
    const outside = await bulk('itinerary', 'deactivate', [...ids, unknown], stranger);
    expect(Object.values(statusOf(outside))).toEqual(['forbidden', 'forbidden', 'forbidden']);
    expect(Object.values(await activeOf(ids))).toEqual([true, true]);
    expect((await entriesOf(ids)).filter((e) => e.action !== 'create')).toEqual([]);

    // The updater's deactivate goes through.
    expect((await bulk('itinerary', 'deactivate', ids, updater)).summary.done).toBe(2);
    expect(Object.values(await activeOf(ids))).toEqual([false, false]);
  });

  it('answers not_found for well-formed unknown ids and in_use for places others depend on', async () => {
    const [trip] = await makeItineraries(1);
    const used = must(trip).placeId._id;
    const geo = await makeGeography(db());
    const free = await makePlace(db(), { countryId: geo.country.id, stateId: geo.state.id });
    // A picture on the free place: its file goes after the commit.
    const updated = await sendForm(
      t.app,
      'POST',
      S.updatePlace,
      [...textParts({ id: free.id }), imagePart('image', jpeg)],
      auth,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const [picture] = await db().select().from(images).where(eq(images.ownerId, free.id));
    const keys = [must(picture).fileKey, ...must(picture).variants.map((v) => v.key)];
    expect(keys.every((key) => existsSync(join(t.uploadsDir, key)))).toBe(true);
    const unknown = '0190aaaa-0000-7000-8000-00000000abcd';

    const outcome = await bulk('place', 'delete', [used, unknown, free.id]);
    expect(outcome.summary).toEqual({ done: 1, forbidden: 0, not_found: 1, in_use: 1 });
    expect(outcome.results[0]).toMatchObject({ _id: used, status: 'in_use' });
    expect(must(outcome.results[0]).message).toMatch(/^This place is used by 1 itinerary/);
    expect(outcome.results[1]).toEqual({ _id: unknown, status: 'not_found', message: M.notFound });
    expect(outcome.results[2]).toEqual({ _id: free.id, status: 'done' });

    expect(await db().select().from(places).where(eq(places.id, used))).toHaveLength(1);
    expect(await db().select().from(places).where(eq(places.id, free.id))).toEqual([]);
    expect(keys.some((key) => existsSync(join(t.uploadsDir, key)))).toBe(false);
    const deletes = (await entriesOf([used, free.id])).filter((e) => e.action === 'delete');
    expect(deletes.map((e) => [e.entityId, e.entityType])).toEqual([[free.id, 'place']]);
  });

  it('answers in_use for an image library an itinerary draws on, and deletes the unused one', async () => {
    const library = async (title: string) => {
      const res = await sendForm(
        t.app,
        'POST',
        API_PATHS.imageLibraries.base,
        textParts({ title }),
        auth,
      );
      expect(res.statusCode, res.body).toBe(201);
      return must(body<{ data: { data: { _id: string } } }>(res).data.data);
    };
    const used = await library(`Used library ${++n}`);
    const unused = await library(`Unused library ${++n}`);
    await makeItineraries(1, { imageLibraryId: used._id });

    const outcome = await bulk('image-library', 'delete', [used._id, unused._id]);
    expect(statusOf(outcome)).toEqual({ [used._id]: 'in_use', [unused._id]: 'done' });
    expect(must(outcome.results[0]).message).toMatch(/itinerar/);
    const left = await db()
      .select({ id: imageLibraries.id })
      .from(imageLibraries)
      .where(inArray(imageLibraries.id, [used._id, unused._id]));
    expect(left.map((row) => row.id)).toEqual([used._id]);
  });

  it('activates and deactivates blogs, place details, places and image libraries', async () => {
    const geo = await makeGeography(db());
    const parents = { countryId: geo.country.id, stateId: geo.state.id, placeId: geo.place.id };
    const blog = blogSchema.parse(
      record(
        await sendForm(
          t.app,
          'POST',
          S.addBlog,
          textParts({ ...parents, title: `Bulk blog ${++n}` }),
          auth,
        ),
        201,
      ),
    );
    expect(blog.status).toBe('draft');
    const details = placeDetailsSchema.parse(
      record(
        await sendForm(
          t.app,
          'POST',
          S.addPlaceDetails,
          textParts({ ...parents, month: 'MAR' }),
          auth,
        ),
        201,
      ),
    );
    const library = imageLibrarySchema.parse(
      record(
        await sendForm(
          t.app,
          'POST',
          API_PATHS.imageLibraries.base,
          [
            ...textParts({ title: `Bulk library ${++n}`, month: 'March' }),
            imagePart('images', jpeg),
          ],
          auth,
        ),
        201,
      ),
    );

    expect((await bulk('blog', 'activate', [blog._id])).summary.done).toBe(1);
    const [published] = await db().select().from(placeBlogs).where(eq(placeBlogs.id, blog._id));
    expect(published).toMatchObject({ status: 'published' });
    expect(must(published).publishedAt).not.toBeNull();
    expect((await bulk('place-details', 'deactivate', [details._id])).summary.done).toBe(1);
    const [inactive] = await db()
      .select()
      .from(placeDetails)
      .where(eq(placeDetails.id, details._id));
    expect(must(inactive).status).toBe('inactive');
    expect((await bulk('place', 'deactivate', [geo.place.id])).summary.done).toBe(1);
    const [place] = await db().select().from(places).where(eq(places.id, geo.place.id));
    expect(must(place).isActive).toBe(false);
    expect((await bulk('image-library', 'deactivate', [library._id])).summary.done).toBe(1);
    const [lib] = await db()
      .select()
      .from(imageLibraries)
      .where(eq(imageLibraries.id, library._id));
    expect(must(lib).status).toBe('inactive');

    const entries = (await entriesOf([blog._id, details._id, geo.place.id, library._id])).filter(
      (e) => e.action === 'status',
    );
    expect(entries.map((e) => e.summary).sort()).toEqual(
      [
        `Published blog '${blog.title}'`,
        'Deactivated place details',
        `Deactivated place '${geo.place.name}'`,
        `Deactivated image library '${library.title}'`,
      ].sort(),
    );
    // Revisions for the versioned ones (places have none).
    const revs = (await revisionsOf([blog._id, details._id, library._id])).filter(
      (r) => r.action === 'status',
    );
    expect(revs).toHaveLength(3);

    // Deleting the library: its images' rows and files go after the commit.
    const files = library.images.flatMap(imageKeys);
    expect(files.every((key) => existsSync(join(t.uploadsDir, key)))).toBe(true);
    expect((await bulk('image-library', 'delete', [library._id])).summary.done).toBe(1);
    expect(files.some((key) => existsSync(join(t.uploadsDir, key)))).toBe(false);
    expect(await db().select().from(images).where(eq(images.ownerId, library._id))).toEqual([]);
  });

  it('refuses bad requests with 400 and nothing changed', async () => {
    const [trip] = await makeItineraries(1);
    const id = must(trip)._id;
    const tooMany = Array.from(
      { length: BULK_LIMIT + 1 },
      (_, i) => `0190aaaa-0000-7000-8000-${String(i).padStart(12, '0')}`,
    );
    const cases: [unknown, string][] = [
      [{ entity: 'itinerary', action: 'deactivate', ids: tooMany }, 'ids'],
      [{ entity: 'itinerary', action: 'archive', ids: [id] }, 'action'],
      [{ entity: 'country', action: 'deactivate', ids: [id] }, 'entity'],
      [{ entity: 'itinerary', action: 'deactivate', ids: [] }, 'ids'],
      [{ entity: 'itinerary', action: 'deactivate', ids: ['nope'] }, 'ids.0'],
      [{ entity: 'itinerary', action: 'deactivate', ids: [id], force: true }, 'force'],
      [{ entity: 'itinerary', action: 'deactivate', ids: id }, 'ids'],
    ];
    for (const [data, path] of cases) {
      const err = errorOf(await send(data), 400);
      expect(err.code).toBe('VALIDATION_ERROR');
      expect(err.details?.map((d) => d.path)).toContain(path);
    }
    expect(errorOf(await send({ entity: 'itinerary', action: 'delete', ids: [id] }, {}), 401));
    expect(Object.values(await activeOf([id]))).toEqual([true]);
    expect((await entriesOf([id])).filter((e) => e.action !== 'create')).toEqual([]);
  });

  it('applies nothing when the transaction fails half-way', async () => {
    const trips = await makeItineraries(3);
    const ids = trips.map((trip) => trip._id);
    const doomed = must(trips[2]);
    // The log refuses the entry of the third record (a trigger in this test's database).
    await db().execute(sql`
      create function refuse_bulk_entry() returns trigger language plpgsql as $$
      begin raise exception 'audit entry refused'; end $$`);
    await db().execute(
      sql.raw(`create trigger refuse_bulk_entry before insert on admin_activities for each row
      when (new.entity_id = '${doomed._id}') execute function refuse_bulk_entry()`),
    );
    try {
      const before = await revisionsOf(ids);
      const res = await send({ entity: 'itinerary', action: 'deactivate', ids });
      expect(errorOf(res, 500).code).toBe('INTERNAL_ERROR');
      expect(Object.values(await activeOf(ids))).toEqual([true, true, true]);
      expect((await entriesOf(ids)).filter((e) => e.action !== 'create')).toEqual([]);
      expect(await revisionsOf(ids)).toHaveLength(before.length);

      // A delete that fails keeps the gallery files of the records it had deleted before.
      const gallery = await sendForm(
        t.app,
        'PATCH',
        S.itineraryGallery(must(ids[0])),
        [...textParts({ itineraryId: ids[0] }), imagePart('images', jpeg)],
        auth,
      );
      const files = itinerarySchema.parse(record(gallery)).gallery.flatMap(imageKeys);
      expect(errorOf(await send({ entity: 'itinerary', action: 'delete', ids }), 500).code).toBe(
        'INTERNAL_ERROR',
      );
      expect(Object.keys(await activeOf(ids))).toHaveLength(3);
      expect(files.every((key) => existsSync(join(t.uploadsDir, key)))).toBe(true);
    } finally {
      await db().execute(sql`drop trigger if exists refuse_bulk_entry on admin_activities`);
      await db().execute(sql`drop function refuse_bulk_entry()`);
    }
    // Once the log takes entries again, the same call goes through.
    expect((await bulk('itinerary', 'deactivate', ids)).summary.done).toBe(3);
  });

  it(`deactivates ${BULK_LIMIT} itineraries in one call, in well under a few seconds`, async () => {
    const trips = await makeItineraries(BULK_LIMIT);
    const ids = trips.map((trip) => trip._id);
    const started = performance.now();
    const outcome = await bulk('itinerary', 'deactivate', ids);
    const ms = performance.now() - started;
    console.log(`bulk deactivate of ${BULK_LIMIT} itineraries: ${ms.toFixed(0)} ms`);
    expect(outcome.summary.done).toBe(BULK_LIMIT);
    const entries = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(adminActivities)
      .where(and(inArray(adminActivities.entityId, ids), eq(adminActivities.action, 'status')));
    expect(must(entries[0]).n).toBe(BULK_LIMIT);
    expect(ms).toBeLessThan(10_000);
  }, 120_000);
});
