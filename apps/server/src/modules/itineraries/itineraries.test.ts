import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  GALLERY_MESSAGES,
  GEOGRAPHY_MESSAGES as G,
  ITINERARY_MESSAGES as M,
  itineraryListSchema,
  itinerarySchema,
  type Itinerary,
  type ItineraryInput,
  type PermissionKey,
} from '@safarnama/contract';
import { itineraries as itinerariesTable } from '../../db/schema/index.js';
import {
  anyListQueryBelow500,
  errorOf,
  imageKeys,
  imagePart,
  record,
  sendForm,
  storedFiles,
  textParts,
} from '../../test/api.js';
import { makeCountry, makeGeography } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { signedInWith } from '../../test/manage.js';
import { makeJpeg, makePng, type FormPart } from '../../test/images.js';
import { insertLibrary } from '../image-libraries/image-libraries.repo.js';
import { createItineraryService } from './itineraries.service.js';
import { createImagePipeline } from '../../media/pipeline.js';

const S = API_PATHS.service;
const XSS =
  '<p onclick="alert(1)">Backwaters <strong>houseboat</strong> cruise</p><script>alert(1)</script>' +
  '<a href="javascript:alert(1)">x</a><img src=x onerror="alert(1)">' +
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>';
const XSS_CLEAN =
  '<p>Backwaters <strong>houseboat</strong> cruise</p><a rel="noopener noreferrer nofollow">x</a>';

type Ids = { countryId: string; stateId: string; placeId: string };
type Headers = Record<string, string>;
type Res = { statusCode: number; body: string };

describe('itineraries API', () => {
  let t: TestApp;
  let auth: Headers;
  let jpeg: Buffer;
  let png: Buffer;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
    jpeg = await makeJpeg(400, 300);
    png = await makePng(200, 150);
  });
  afterAll(() => t.close());

  const parents = async (): Promise<Ids> => {
    const { country, state, place } = await makeGeography(t.database.db);
    return { countryId: country.id, stateId: state.id, placeId: place.id };
  };
  const base = (ids: Ids, extra: Partial<ItineraryInput> = {}): ItineraryInput => ({
    title: `Trip ${++n}`,
    duration: '7 Days / 6 Nights',
    languages: ['English'],
    ...ids,
    ...extra,
  });
  const create = (data: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url: S.createItinerary, headers, payload: { data } });
  const created = async (data: unknown) => itinerarySchema.parse(record(await create(data), 201));
  const update = (id: string, data: unknown, headers = auth) =>
    t.app.inject({ method: 'PUT', url: S.updateItinerary(id), headers, payload: { data } });
  const toggle = (id: string, headers = auth) =>
    t.app.inject({ method: 'PATCH', url: S.toggleItinerary(id), headers });
  const remove = (id: string, headers = auth) =>
    t.app.inject({ method: 'DELETE', url: S.deleteItinerary(id), headers });
  const list = async (query: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${S.listItineraries}?${new URLSearchParams(query).toString()}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return itineraryListSchema.parse(body<{ data: unknown }>(res).data);
  };
  const addGallery = (
    id: string,
    files: Buffer[],
    alts: string[] = [],
    fields: Record<string, string | undefined> = { itineraryId: id },
    headers = auth,
  ) =>
    sendForm(
      t.app,
      'PATCH',
      S.itineraryGallery(id),
      [
        ...textParts(fields),
        ...files.map((f, i) => imagePart('images', f, `g${i}.jpg`)),
        ...alts.map((value, i): FormPart => ({ name: `altTexts[${i}]`, value })),
      ],
      headers,
    );
  const removeImage = (id: string, imageId: string, headers = auth) =>
    t.app.inject({ method: 'DELETE', url: S.itineraryGalleryImage(id, imageId), headers });
  const stored = async (id: string) => {
    const [row] = await t.database.db
      .select()
      .from(itinerariesTable)
      .where(eq(itinerariesTable.id, id));
    return row;
  };
  const filesOf = (itinerary: Itinerary) => itinerary.gallery.flatMap(imageKeys);
  const onDisk = (key: string) => existsSync(join(t.uploadsDir, key));

  describe('create', () => {
    it('fills the defaults of spec §3 and answers the populated shape', async () => {
      const ids = await parents();
      const res = await create(base(ids));
      expect(body(res)).toMatchObject({ status: 201, success: true, message: M.created });
      const saved = itinerarySchema.parse(record(res, 201));
      expect(saved).toMatchObject({
        type: 'Adventure',
        groupSize: 1,
        pricePerPerson: 0,
        visibility: 'public',
        isActive: true,
        months: [],
        imageLibraryId: null,
        imageLibrary: null,
        description: '',
        metaTitle: '',
        metaDescription: '',
        dailyItinerary: [],
        faqs: [],
        gallery: [],
      });
      expect(saved._id).toBe(saved.id);
      expect(saved.countryId).toEqual({
        _id: ids.countryId,
        name: expect.stringMatching(/^Country /) as string,
        shortName: 'XX',
      });
      expect(saved.stateId._id).toBe(ids.stateId);
      expect(saved.placeId._id).toBe(ids.placeId);
      expect(saved.placeId.name).toMatch(/^Place /);
    });

    it('keeps every field: library title, months as names in calendar order, clean description', async () => {
      const ids = await parents();
      const lib = await insertLibrary(t.database.db, { title: 'Kerala shots' });
      // Sent, and answered, as they are.
      const kept = {
        type: 'Leisure',
        groupSize: 12,
        languages: ['Hindi', 'English'],
        pricePerPerson: 45999,
        imageLibraryId: lib.id,
        metaTitle: 'Kerala backwaters tour',
        metaDescription: 'Houseboats and spice gardens',
        dailyItinerary: [
          { title: 'Day 1', description: 'Arrive in Kochi' },
          { title: 'Day 2', description: '' },
        ],
        faqs: [{ question: 'Meals?', answer: 'Breakfast included' }],
        isActive: false,
      } satisfies Partial<ItineraryInput>;
      const saved = await created(
        base(ids, {
          ...kept,
          title: '  Kerala Backwaters  ',
          months: ['DEC', 'JAN', 'MAR'],
          description: XSS,
        }),
      );
      expect(saved).toMatchObject({
        ...kept,
        title: 'Kerala Backwaters',
        imageLibrary: { _id: lib.id, title: 'Kerala shots' },
        months: ['January', 'March', 'December'],
        description: XSS_CLEAN,
      });
      const row = await stored(saved.id);
      expect(row?.description).toBe(XSS_CLEAN);
      expect(row?.months).toEqual(['JAN', 'MAR', 'DEC']);
    });

    it('drops SEO fields and FAQs of a private itinerary', async () => {
      const saved = await created(
        base(await parents(), {
          visibility: 'private',
          metaTitle: 'Hidden',
          metaDescription: 'Hidden too',
          faqs: [{ question: 'Q?', answer: 'A' }],
        }),
      );
      expect(saved).toMatchObject({
        visibility: 'private',
        metaTitle: '',
        metaDescription: '',
        faqs: [],
      });
      expect(await stored(saved.id)).toMatchObject({
        metaTitle: '',
        metaDescription: '',
        faqs: [],
      });
    });

    it('keeps plain-text days and FAQs exactly as written, signs included', async () => {
      const text = 'Sunset cruise 6 < 7 pm & dinner <3 (a > b)';
      const saved = await created(
        base(await parents(), {
          dailyItinerary: [{ title: 'Day 1 & 2', description: text }],
          faqs: [{ question: 'Is 5 < 6?', answer: text }],
        }),
      );
      expect(await stored(saved.id)).toMatchObject({
        dailyItinerary: [{ title: 'Day 1 & 2', description: text }],
        faqs: [{ question: 'Is 5 < 6?', answer: text }],
      });
    });

    it('refuses out-of-bounds values with their field paths (400)', async () => {
      const ids = await parents();
      const cases: [Record<string, unknown>, string][] = [
        [{ groupSize: 0 }, 'groupSize'],
        [{ groupSize: 2.5 }, 'groupSize'],
        [{ pricePerPerson: -1 }, 'pricePerPerson'],
        [{ pricePerPerson: 10.5 }, 'pricePerPerson'],
        [{ pricePerPerson: '100' }, 'pricePerPerson'],
        [{ type: 'Cruise' }, 'type'],
        [{ visibility: 'secret' }, 'visibility'],
        [{ months: ['FOO'] }, 'months.0'],
        [{ months: ['JAN', 'JAN'] }, 'months'],
        [{ languages: [] }, 'languages'],
        [{ languages: ['Klingon'] }, 'languages.0'],
        [{ title: 'x'.repeat(60_000) }, 'title'],
        [{ title: '   ' }, 'title'],
        [{ duration: '' }, 'duration'],
        [{ dailyItinerary: [{ title: '', description: 'x' }] }, 'dailyItinerary.0.title'],
        [{ faqs: [{ question: 'Q', answer: '' }] }, 'faqs.0.answer'],
        // Days and FAQs are plain text: markup is refused, never stored (SECURITY 15).
        [
          { dailyItinerary: [{ title: 'Day 1', description: '<img src=x onerror=alert(1)>' }] },
          'dailyItinerary.0.description',
        ],
        [
          { faqs: [{ question: 'Q', answer: 'See <a href="javascript:x">here</a>' }] },
          'faqs.0.answer',
        ],
        [{ faqs: [{ question: '<script>alert(1)</script>', answer: 'A' }] }, 'faqs.0.question'],
        [{ isAdmin: true }, 'isAdmin'],
      ];
      for (const [bad, path] of cases) {
        const error = errorOf(await create({ ...base(ids), ...bad }), 400);
        expect(error.code, JSON.stringify(bad)).toBe('VALIDATION_ERROR');
        expect(
          error.details?.map((d) => d.path),
          JSON.stringify(bad),
        ).toContain(path);
      }
      const { languages: _l, ...noLanguages } = base(ids);
      expect(errorOf(await create(noLanguages), 400).details?.map((d) => d.path)).toContain(
        'languages',
      );
      // Not wrapped in `data`.
      const raw = await t.app.inject({
        method: 'POST',
        url: S.createItinerary,
        headers: auth,
        payload: base(ids),
      });
      expect(raw.statusCode).toBe(400);
      expect((await list({ placeId: ids.placeId })).itineraries).toEqual([]);
    });

    it('checks country, state and place exist and belong together (400 at the field)', async () => {
      const a = await parents();
      const b = await parents();
      const wrongPlace = errorOf(await create(base({ ...a, placeId: b.placeId })), 400);
      expect(wrongPlace.details).toEqual([{ path: 'placeId', message: G.placeNotInState }]);
      const wrongState = errorOf(await create(base({ ...a, stateId: b.stateId })), 400);
      expect(wrongState.details).toContainEqual({ path: 'stateId', message: G.stateNotInCountry });
      const unknown = errorOf(
        await create(
          base({
            countryId: 'x',
            stateId: a.stateId,
            placeId: '0190a6e4-0000-7000-8000-000000000000',
          }),
        ),
        400,
      );
      expect(unknown.details).toEqual(
        expect.arrayContaining([
          { path: 'countryId', message: G.countryNotFound },
          { path: 'placeId', message: G.placeNotFound },
        ]),
      );
    });

    it('needs an existing image library (400 at imageLibraryId); empty means none', async () => {
      const ids = await parents();
      for (const imageLibraryId of ['0190a6e4-0000-7000-8000-000000000000', 'not-an-id']) {
        expect(errorOf(await create(base(ids, { imageLibraryId })), 400).details).toEqual([
          { path: 'imageLibraryId', message: M.unknownLibrary },
        ]);
      }
      expect((await created(base(ids, { imageLibraryId: '' }))).imageLibraryId).toBeNull();
    });

    it('makes one row of a double submit: one 201 and one 409 (one title per place)', async () => {
      const ids = await parents();
      const data = base(ids, { title: 'Snow Trek' });
      const results = await Promise.all([create(data), create(data)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const conflict = results.find((r) => r.statusCode === 409);
      if (!conflict) throw new Error('no 409');
      expect(errorOf(conflict, 409).message).toBe(M.duplicate);
      expect(errorOf(await create({ ...data, title: 'SNOW TREK' }), 409).message).toBe(M.duplicate);
      // The same title at another place is another package.
      await created({ ...data, ...(await parents()) });
    });
  });

  describe('update', () => {
    it('replaces the whole record; _id may come along when it matches', async () => {
      const ids = await parents();
      const before = await created(
        base(ids, {
          months: ['MAY'],
          dailyItinerary: [{ title: 'Day 1', description: 'a' }],
          faqs: [{ question: 'Q', answer: 'A' }],
          metaTitle: 'Meta',
        }),
      );
      const other = await parents();
      const res = await update(before.id, {
        _id: before.id.toUpperCase(),
        ...base(other, { title: 'Renamed', type: 'Honeymoon', groupSize: 2 }),
      });
      expect(body(res)).toMatchObject({ status: 200, message: M.updated });
      const after = itinerarySchema.parse(record(res));
      expect(after).toMatchObject({
        id: before.id,
        title: 'Renamed',
        type: 'Honeymoon',
        groupSize: 2,
        months: [],
        dailyItinerary: [],
        faqs: [],
        metaTitle: '',
        countryId: { _id: other.countryId },
        placeId: { _id: other.placeId },
      });
      expect(after.createdAt).toBe(before.createdAt);
      expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    });

    it('drops SEO fields and FAQs when it turns private', async () => {
      const ids = await parents();
      const data = base(ids, {
        metaTitle: 'Public meta',
        metaDescription: 'desc',
        faqs: [{ question: 'Q', answer: 'A' }],
      });
      const saved = await created(data);
      const priv = itinerarySchema.parse(
        record(await update(saved.id, { ...data, visibility: 'private' })),
      );
      expect(priv).toMatchObject({ metaTitle: '', metaDescription: '', faqs: [] });
      expect(await stored(saved.id)).toMatchObject({ metaTitle: '', faqs: [] });
      const pub = itinerarySchema.parse(record(await update(saved.id, data)));
      expect(pub).toMatchObject({
        metaTitle: 'Public meta',
        faqs: [{ question: 'Q', answer: 'A' }],
      });
    });

    it('answers 400 for an _id other than the path, 404 for unknown or malformed ids', async () => {
      const ids = await parents();
      const saved = await created(base(ids));
      const other = await created(base(ids));
      const mismatch = errorOf(await update(saved.id, { ...base(ids), _id: other.id }), 400);
      expect(mismatch.details).toEqual([{ path: '_id', message: M.idMismatch }]);
      for (const id of ['0190a6e4-0000-7000-8000-000000000000', 'nope', "1' or 1=1"]) {
        expect(errorOf(await update(id, base(ids)), 404).message).toBe(M.notFound);
      }
      expect(errorOf(await update(saved.id, { ...base(ids), groupSize: 0 }), 400).details).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'groupSize' })]),
      );
      expect(
        errorOf(await update(other.id, { ...base(ids), title: saved.title }), 409).message,
      ).toBe(M.duplicate);
    });

    it('follows a state moved to another country (composite foreign key)', async () => {
      const ids = await parents();
      const saved = await created(base(ids));
      const target = await makeCountry(t.database.db);
      const res = await sendForm(
        t.app,
        'POST',
        S.updateState,
        textParts({ id: ids.stateId, countryId: target.id }),
        auth,
      );
      expect(res.statusCode, res.body).toBe(200);
      const [moved] = (await list({ placeId: ids.placeId })).itineraries;
      expect(moved?.id).toBe(saved.id);
      expect(moved?.countryId).toEqual({ _id: target.id, name: target.name, shortName: 'XX' });
    });
  });

  describe('toggle and delete', () => {
    it('flips isActive each time', async () => {
      const saved = await created(base(await parents()));
      const off = await toggle(saved.id);
      expect(body(off)).toMatchObject({ message: M.deactivated });
      expect(itinerarySchema.parse(record(off)).isActive).toBe(false);
      const on = await toggle(saved.id);
      expect(body(on)).toMatchObject({ message: M.activated });
      expect(itinerarySchema.parse(record(on)).isActive).toBe(true);
      expect(errorOf(await toggle('0190a6e4-0000-7000-8000-000000000000'), 404).message).toBe(
        M.notFound,
      );
      expect(errorOf(await toggle('bad'), 404).message).toBe(M.notFound);
    });

    it('deletes the itinerary, its gallery rows and their files', async () => {
      const ids = await parents();
      const saved = await created(base(ids));
      const withGallery = itinerarySchema.parse(record(await addGallery(saved.id, [jpeg, png])));
      const keys = filesOf(withGallery);
      expect(keys.length).toBeGreaterThanOrEqual(4);
      for (const key of keys) expect(onDisk(key)).toBe(true);
      const res = await remove(saved.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res)).toMatchObject({
        message: M.deleted,
        data: { _id: saved.id, id: saved.id },
      });
      for (const key of keys) expect(onDisk(key)).toBe(false);
      expect(await stored(saved.id)).toBeUndefined();
      const left = await t.database.db.execute(
        sql`select count(*)::int as n from images where owner_id = ${saved.id}`,
      );
      expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
      expect(errorOf(await remove(saved.id), 404).message).toBe(M.notFound);
      expect(errorOf(await remove('x'), 404).message).toBe(M.notFound);
    });
  });

  describe('gallery', () => {
    it('appends images with their alt texts, and removes one with its files', async () => {
      const saved = await created(base(await parents()));
      const first = await addGallery(saved.id, [jpeg, png], ['Houseboat at dusk', '']);
      expect(body(first)).toMatchObject({ message: GALLERY_MESSAGES.updated });
      const two = itinerarySchema.parse(record(first));
      expect(two.gallery.map((g) => [g.altText, g.order])).toEqual([
        ['Houseboat at dusk', 0],
        ['', 1],
      ]);
      const three = itinerarySchema.parse(
        record(await addGallery(saved.id, [jpeg], [' Spice garden '])),
      );
      expect(three.gallery.map((g) => [g.altText, g.order])).toEqual([
        ['Houseboat at dusk', 0],
        ['', 1],
        ['Spice garden', 2],
      ]);
      const gone = three.gallery[0];
      if (!gone) throw new Error('no image');
      const res = await removeImage(saved.id, gone._id);
      expect(body(res)).toMatchObject({ message: GALLERY_MESSAGES.removed });
      const after = itinerarySchema.parse(record(res));
      expect(after.gallery.map((g) => g._id)).toEqual(three.gallery.slice(1).map((g) => g._id));
      for (const key of imageKeys(gone)) expect(onDisk(key)).toBe(false);
      for (const key of filesOf(after)) expect(onDisk(key)).toBe(true);
      // The list shows the gallery too.
      const [listed] = (await list({ placeId: saved.placeId._id })).itineraries;
      expect(listed?.gallery.map((g) => g._id)).toEqual(after.gallery.map((g) => g._id));
    });

    it('refuses a long alt text, a mismatched itineraryId and an empty upload, leaving no files', async () => {
      const saved = await created(base(await parents()));
      const before = await storedFiles(t.uploadsDir);
      const long = errorOf(await addGallery(saved.id, [jpeg], ['x'.repeat(101)]), 400);
      expect(long.details?.map((d) => d.path)).toEqual(['altTexts[0]']);
      const other = await created(base(await parents()));
      const mismatch = errorOf(
        await addGallery(saved.id, [jpeg], [], { itineraryId: other.id }),
        400,
      );
      expect(mismatch.details).toEqual([{ path: 'itineraryId', message: M.idMismatch }]);
      expect(errorOf(await addGallery(saved.id, []), 400).details?.map((d) => d.path)).toEqual([
        'images',
      ]);
      expect(errorOf(await addGallery(saved.id, [jpeg], ['a', 'b']), 400).details).toEqual([
        { path: 'altTexts[1]', message: 'No image at this index' },
      ]);
      expect(await storedFiles(t.uploadsDir)).toEqual(before);
      // Without the itineraryId field the path decides.
      const ok = await addGallery(saved.id, [jpeg], [], {});
      expect(itinerarySchema.parse(record(ok)).gallery).toHaveLength(1);
    });

    it('answers 404 for an unknown itinerary or an image of another itinerary', async () => {
      const a = itinerarySchema.parse(
        record(await addGallery((await created(base(await parents()))).id, [jpeg])),
      );
      const b = await created(base(await parents()));
      const unknown = '0190a6e4-0000-7000-8000-000000000000';
      expect(errorOf(await addGallery(unknown, [jpeg]), 404).message).toBe(M.notFound);
      const image = a.gallery[0];
      if (!image) throw new Error('no image');
      expect(errorOf(await removeImage(b.id, image._id), 404).message).toBe(M.imageNotFound);
      expect(errorOf(await removeImage(a.id, unknown), 404).message).toBe(M.imageNotFound);
      expect(errorOf(await removeImage(a.id, 'bad'), 404).message).toBe(M.imageNotFound);
      expect(errorOf(await removeImage(unknown, image._id), 404).message).toBe(M.notFound);
      for (const key of imageKeys(image)) expect(onDisk(key)).toBe(true);
    });
  });

  describe('list', () => {
    it('pages newest first with totals, and filters by place', async () => {
      const ids = await parents();
      const made: Itinerary[] = [];
      for (let i = 0; i < 12; i++) made.push(await created(base(ids, { title: `Paged ${i}` })));
      const newest = [...made].reverse().map((m) => m.id);
      const first = await list({ placeId: ids.placeId });
      expect(first.itineraries.map((i) => i.id)).toEqual(newest.slice(0, 10));
      expect(first.pagination).toEqual({
        total: 12,
        page: 1,
        limit: 10,
        totalPages: 2,
        hasPrevPage: false,
        hasNextPage: true,
      });
      const third = await list({ placeId: ids.placeId, page: '3', limit: '5' });
      expect(third.itineraries.map((i) => i.id)).toEqual(newest.slice(10));
      expect(third.pagination).toMatchObject({ total: 12, totalPages: 3, hasNextPage: false });
      const beyond = await list({ placeId: ids.placeId, page: '9' });
      expect(beyond.itineraries).toEqual([]);
      expect(beyond.pagination.total).toBe(12);
      // Unfiltered: every itinerary, newest first.
      const all = await list({ limit: '100' });
      const [count] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(itinerariesTable);
      expect(all.pagination.total).toBe(count?.n);
      const stamps = all.itineraries.map((i) => Date.parse(i.createdAt));
      expect(stamps).toEqual([...stamps].sort((x, y) => y - x));
      expect(all.itineraries[0]?.id).toBe(newest[0]);
      // Malformed or unknown place: nothing.
      expect((await list({ placeId: 'nope' })).pagination.total).toBe(0);
      expect((await list({ placeId: '0190a6e4-0000-7000-8000-000000000000' })).itineraries).toEqual(
        [],
      );
    });

    it('searches title, description words (not its tags) and type; the term is literal', async () => {
      const ids = await parents();
      const byTitle = await created(base(ids, { title: 'Zanskar Frozen River' }));
      const byDescription = await created(
        base(ids, { description: '<p>Sail on a <strong>kettuvallam</strong> at dawn</p>' }),
      );
      const byType = await created(base(ids, { type: 'Educational' }));
      const found = async (search: string) =>
        (await list({ search, placeId: ids.placeId })).itineraries.map((i) => i.id);
      expect(await found('zanskar')).toEqual([byTitle.id]);
      expect(await found('KETTUVALLAM')).toEqual([byDescription.id]);
      expect(await found('Educational')).toEqual([byType.id]);
      expect(await found('strong')).toEqual([]);
      expect(await found('%')).toEqual([]);
      expect(await found('_')).toEqual([]);
      // URL-encoded by the client, decoded by Fastify; the search also counts.
      const res = await t.app.inject({
        method: 'GET',
        url: `${S.listItineraries}?search=${encodeURIComponent('Frozen River')}`,
        headers: auth,
      });
      const data = itineraryListSchema.parse(body<{ data: unknown }>(res).data);
      expect(data.itineraries.map((i) => i.id)).toEqual([byTitle.id]);
      expect(data.pagination.total).toBe(1);
      // Defaults: page 1, limit 10, no search.
      expect((await list()).pagination).toMatchObject({ page: 1, limit: 10 });
      const bads: Record<string, string>[] = [
        { page: '0' },
        { limit: '101' },
        { search: 'x'.repeat(201) },
        { foo: '1' },
      ];
      for (const bad of bads)
        expect(
          (
            await t.app.inject({
              method: 'GET',
              url: `${S.listItineraries}?${new URLSearchParams(bad).toString()}`,
              headers: auth,
            })
          ).statusCode,
        ).toBe(400);
    });

    it('reports the planner estimate above the exact-count limit', async () => {
      const service = createItineraryService({
        db: t.database.db,
        storage: t.storage,
        pipeline: createImagePipeline(),
        exactCountLimit: 1,
      });
      await t.database.db.execute(sql`analyze itineraries`);
      const [count] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(itinerariesTable);
      const listed = await service.list({ page: 1, limit: 10, search: '' });
      expect(listed.pagination.total).toBe(count?.n);
      expect(listed.itineraries).toHaveLength(10);
    });
    it('past the search count limit, answers an estimate the page corrects at the end', async () => {
      const ids = await parents();
      for (let i = 0; i < 4; i++) await created(base(ids, { title: `Quokka Island ${i}` }));
      const service = createItineraryService({
        db: t.database.db,
        storage: t.storage,
        pipeline: createImagePipeline(),
        exactSearchCountLimit: 2,
      });
      // The whole result on one short page: its position is the exact total.
      const all = await service.list({ page: 1, limit: 10, search: 'quokka' });
      expect(all.itineraries).toHaveLength(4);
      expect(all.pagination.total).toBe(4);
      // A full first page: more than the limit exist, so at least a next page is offered.
      const first = await service.list({ page: 1, limit: 2, search: 'quokka' });
      expect(first.itineraries).toHaveLength(2);
      expect(first.pagination.total).toBeGreaterThanOrEqual(3);
      expect(first.pagination.hasNextPage).toBe(true);
      const last = await service.list({ page: 2, limit: 3, search: 'quokka' });
      expect(last.pagination).toMatchObject({ total: 4, totalPages: 2, hasNextPage: false });
    });
  });

  describe('access', () => {
    it('answers 401 anonymous, 403 without the key, and lets the key alone through', async () => {
      const noKeys = (await signedInWith(t.database.db, t.hasher, [])).headers;
      const ids = await parents();
      const saved = await created(base(ids));
      const doomed = await created(base(ids));
      const withImages = itinerarySchema.parse(record(await addGallery(saved.id, [jpeg, jpeg])));
      const imageIds = withImages.gallery.map((g) => g._id);
      let k = 0;
      const routes: [string, PermissionKey, (h: Headers) => Promise<Res>][] = [
        [
          'GET list',
          'itineraries.view',
          (h) => t.app.inject({ method: 'GET', url: S.listItineraries, headers: h }),
        ],
        ['POST create', 'itineraries.create', (h) => create(base(ids, { title: `A${++k}` }), h)],
        [
          'PUT update',
          'itineraries.update',
          (h) => update(saved.id, base(ids, { title: `U${++k}` }), h),
        ],
        ['PATCH toggle', 'itineraries.update', (h) => toggle(saved.id, h)],
        [
          'PATCH gallery',
          'itineraries.update',
          (h) => addGallery(saved.id, [jpeg], [], undefined, h),
        ],
        [
          'DELETE gallery image',
          'itineraries.update',
          (h) => removeImage(saved.id, imageIds[0] ?? '', h),
        ],
        ['DELETE itinerary', 'itineraries.delete', (h) => remove(doomed.id, h)],
      ];
      for (const [what, key, call] of routes) {
        expect((await call({})).statusCode, what).toBe(401);
        expect((await call(noKeys)).statusCode, what).toBe(403);
        const res = await call((await signedInWith(t.database.db, t.hasher, [key])).headers);
        expect(res.statusCode, `${what} with ${key}: ${res.body}`).toBeLessThan(300);
      }
    });
  });

  describe('never a 500', () => {
    it('property: any list query or create body answers 2xx/4xx', async () => {
      const ids = await parents();
      await anyListQueryBelow500(t.app, {
        urls: [S.listItineraries],
        headers: auth,
        keys: ['page', 'limit', 'search', 'placeId'],
        values: fc.oneof(
          fc.string({ maxLength: 250 }),
          fc.integer().map(String),
          fc.constantFrom(ids.placeId, '%', '\\', "'"),
        ),
      });
      const anything = fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
        fc.constantFrom(ids.countryId, ids.stateId, ids.placeId, 'JAN', 'Beach', 'private'),
      );
      const languages = fc.oneof(
        fc.subarray(['English', 'Hindi', 'French', 'Arabic']),
        fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
      );
      const months = fc.oneof(
        fc.subarray(['JAN', 'FEB', 'DEC']),
        fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
      );
      const bodyArb = fc.record(
        {
          title: fc.oneof(fc.string({ maxLength: 80 }), anything),
          duration: fc.oneof(fc.string({ maxLength: 20 }), anything),
          type: fc.oneof(fc.constantFrom('Adventure', 'City Tour', 'Cruise'), anything),
          groupSize: fc.oneof(fc.integer({ min: -5, max: 20_000 }), anything),
          languages: fc.oneof(languages, anything),
          pricePerPerson: fc.oneof(fc.integer({ min: -10, max: 200_000_000 }), anything),
          visibility: fc.oneof(fc.constantFrom('public', 'private'), anything),
          imageLibraryId: anything,
          months: fc.oneof(months, anything),
          description: fc.oneof(fc.string({ maxLength: 200 }), anything),
          metaTitle: anything,
          metaDescription: anything,
          countryId: fc.oneof(fc.constant(ids.countryId), anything),
          stateId: fc.oneof(fc.constant(ids.stateId), anything),
          placeId: fc.oneof(fc.constant(ids.placeId), anything),
          dailyItinerary: fc.oneof(
            fc.array(fc.record({ title: fc.string({ maxLength: 10 }), description: anything })),
            anything,
          ),
          faqs: fc.oneof(
            fc.array(fc.record({ question: anything, answer: fc.string({ maxLength: 10 }) })),
            anything,
          ),
          isActive: anything,
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(bodyArb, fc.boolean(), async (data, asUpdate) => {
          const res = asUpdate
            ? await update((await created(base(ids))).id, data)
            : await create(data);
          expect(res.statusCode, res.body).toBeLessThan(500);
        }),
        { numRuns: 100 },
      );
    });
  });
});
