import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  QUALITY_MESSAGES,
  QUALITY_RULES_VERSION,
  blogListSchema,
  blogSchema,
  itineraryListSchema,
  itinerarySchema,
  placeDetailsListSchema,
  placeDetailsSchema,
  revisionListSchema,
  type ItineraryInput,
  type QualityCode,
} from '@safarnama/contract';
import { rowsOf } from '../../db/client.js';
import { itineraries, placeBlogs, placeDetails } from '../../db/schema/index.js';
import { dataOf, errorOf, imagePart, record, sendForm, textParts } from '../../test/api.js';
import { makeGeography } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signedInWith } from '../../test/manage.js';
import { makeJpeg, type FormPart } from '../../test/images.js';

/**
 * Issue 23, through the real routes on a real database: a record that passes and one failing each
 * rule for itineraries, blogs and place details; the stored codes; the `needsAttention` filter and
 * count; a restore and the scheduler computing them again; the background sweep.
 */

const S = API_PATHS.service;
type Ids = { countryId: string; stateId: string; placeId: string };
type Quality = { quality?: { issues: { code: string; message: string }[] } | undefined };

const codesOf = (value: Quality) => value.quality?.issues.map((issue) => issue.code);
const words = (n: number) => 'word '.repeat(Math.ceil(n / 5)).trim();
const META_TITLE = 'Kerala backwaters in five calm days';
const META_DESCRIPTION =
  'Houseboats, spice gardens and quiet beaches: a five-day Kerala trip planned for families.';
const GOOD_TITLE = 'A slow week in the Kerala backwaters';

describe('content quality (issue 23)', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let jpeg: Buffer;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
    jpeg = await makeJpeg(200, 150);
  });
  afterAll(() => t.close());

  const parents = async (): Promise<Ids> => {
    const { country, state, place } = await makeGeography(t.database.db);
    return { countryId: country.id, stateId: state.id, placeId: place.id };
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });
  const files = (name: string, alts: string[], altField = 'altTexts'): FormPart[] => [
    ...alts.map((_, i) => imagePart(name, jpeg, `g${String(i)}.jpg`)),
    ...alts.map((value, i): FormPart => ({ name: `${altField}[${String(i)}]`, value })),
  ];

  // ── itineraries ────────────────────────────────────────────────────────────────────────────────

  const goodItinerary = (ids: Ids, extra: Partial<ItineraryInput> = {}): ItineraryInput => ({
    title: `Quality trip ${String(++n)}`,
    duration: '5 Days / 4 Nights',
    languages: ['English'],
    pricePerPerson: 25_000,
    visibility: 'public',
    metaTitle: META_TITLE,
    metaDescription: META_DESCRIPTION,
    dailyItinerary: [{ title: 'Day 1', description: 'Arrive in Kochi' }],
    ...ids,
    ...extra,
  });
  const createItinerary = async (data: ItineraryInput) =>
    itinerarySchema.parse(
      record(
        await t.app.inject({
          method: 'POST',
          url: S.createItinerary,
          headers: auth,
          payload: { data },
        }),
        201,
      ),
    );
  const addItineraryGallery = async (id: string, alts: string[]) =>
    itinerarySchema.parse(
      record(
        await sendForm(
          t.app,
          'PATCH',
          S.itineraryGallery(id),
          [...textParts({ itineraryId: id }), ...files('images', alts)],
          auth,
        ),
      ),
    );
  const listItineraries = async (query: Record<string, string> = {}) =>
    itineraryListSchema.parse(
      dataOf(await get(`${S.listItineraries}?${new URLSearchParams(query).toString()}`)),
    );
  const storedQuality = async (
    table: typeof itineraries | typeof placeBlogs | typeof placeDetails,
    id: string,
  ) => {
    const [row] = await t.database.db
      .select({ issues: table.qualityIssues, version: table.qualityVersion })
      .from(table)
      .where(eq(table.id, id));
    return row;
  };

  describe('itineraries', () => {
    let ids: Ids;
    beforeAll(async () => {
      ids = await parents();
    });

    it('passes a complete public itinerary, and stores the codes with every change', async () => {
      const created = await createItinerary(goodItinerary(ids));
      expect(codesOf(created)).toEqual(['gallery-missing']);
      expect(created.quality?.issues).toEqual([
        { code: 'gallery-missing', message: QUALITY_MESSAGES['gallery-missing'] },
      ]);
      const withGallery = await addItineraryGallery(created._id, ['Houseboat at dusk']);
      expect(codesOf(withGallery)).toEqual([]);
      expect(await storedQuality(itineraries, created._id)).toEqual({
        issues: [],
        version: QUALITY_RULES_VERSION,
      });
      // Removing the only picture brings the rule back.
      const image = withGallery.gallery[0];
      expect(image).toBeDefined();
      const removed = await t.app.inject({
        method: 'DELETE',
        url: S.itineraryGalleryImage(created._id, image?._id ?? ''),
        headers: auth,
      });
      expect(codesOf(itinerarySchema.parse(record(removed)))).toEqual(['gallery-missing']);
    });

    it.each<[QualityCode, Partial<ItineraryInput>, string[]]>([
      ['meta-title-length', { metaTitle: 'Kerala trip' }, ['Lake']],
      ['meta-description-length', { metaDescription: 'a'.repeat(69) }, ['Lake']],
      ['days-missing', { dailyItinerary: [] }, ['Lake']],
      ['gallery-missing', {}, []],
      ['alt-text-missing', {}, ['Lake', '']],
      ['price-missing', { pricePerPerson: 0 }, ['Lake']],
    ])('fails %s alone', async (code, patch, alts) => {
      const created = await createItinerary(goodItinerary(ids, patch));
      const saved = alts.length > 0 ? await addItineraryGallery(created._id, alts) : created;
      expect(codesOf(saved)).toEqual([code]);
      expect((await storedQuality(itineraries, created._id))?.issues).toEqual([code]);
      const listed = (await listItineraries({ search: created.title })).itineraries[0];
      expect(codesOf(listed ?? {})).toEqual([code]);
    });

    it('a create stores its codes with the row: the change finds them current and updates nothing', async () => {
      // Every UPDATE of an itinerary row, counted by a trigger for this test.
      const db = t.database.db;
      await db.execute(sql`create table quality_test_updates (id uuid not null)`);
      await db.execute(sql`create function quality_test_count() returns trigger language plpgsql as
        $$ begin insert into quality_test_updates values (new.id); return new; end $$`);
      await db.execute(sql`create trigger quality_test_count before update on itineraries
        for each row execute function quality_test_count()`);
      const updatesOf = async (id: string) =>
        Number(
          rowsOf(
            await db.execute(sql`select count(*) as n from quality_test_updates where id = ${id}`),
          )[0]?.n,
        );
      try {
        const created = await createItinerary(goodItinerary(ids, { metaTitle: 'Short' }));
        expect(codesOf(created)).toEqual(['meta-title-length', 'gallery-missing']);
        expect(await storedQuality(itineraries, created._id)).toEqual({
          issues: ['meta-title-length', 'gallery-missing'],
          version: QUALITY_RULES_VERSION,
        });
        expect(await updatesOf(created._id)).toBe(0);
        // The trigger counts: a toggle is an UPDATE.
        const toggled = await t.app.inject({
          method: 'PATCH',
          url: S.toggleItinerary(created._id),
          headers: auth,
        });
        expect(toggled.statusCode).toBe(200);
        expect(await updatesOf(created._id)).toBeGreaterThan(0);
      } finally {
        await db.execute(sql`drop trigger quality_test_count on itineraries`);
        await db.execute(sql`drop function quality_test_count()`);
        await db.execute(sql`drop table quality_test_updates`);
      }
    });

    it('asks SEO of public itineraries only, and a price band is a price', async () => {
      const priv = await createItinerary(
        goodItinerary(ids, { visibility: 'private', metaTitle: '', metaDescription: '' }),
      );
      expect(codesOf(priv)).toEqual(['gallery-missing']);
      const banded = await createItinerary(
        goodItinerary(ids, {
          pricePerPerson: 0,
          priceBands: [{ months: ['JAN'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 9000 }],
        }),
      );
      expect(codesOf(banded)).toEqual(['gallery-missing']);
    });

    it('an update that fixes a rule clears it; a toggle leaves the codes as they are', async () => {
      const created = await createItinerary(goodItinerary(ids, { metaTitle: 'Short' }));
      await addItineraryGallery(created._id, ['Lake']);
      const { _id, id, countryId, stateId, placeId, quality, ...rest } = created;
      void [_id, id, quality];
      const res = await t.app.inject({
        method: 'PUT',
        url: S.updateItinerary(created._id),
        headers: auth,
        payload: {
          data: goodItinerary(
            { countryId: countryId._id, stateId: stateId._id, placeId: placeId._id },
            { title: rest.title },
          ),
        },
      });
      expect(codesOf(itinerarySchema.parse(record(res)))).toEqual([]);
      const toggled = await t.app.inject({
        method: 'PATCH',
        url: S.toggleItinerary(created._id),
        headers: auth,
      });
      expect(codesOf(itinerarySchema.parse(record(toggled)))).toEqual([]);
    });

    it('restoring an old version computes the codes again (images stay, so no gallery rule)', async () => {
      const created = await createItinerary(goodItinerary(ids));
      expect(codesOf(created)).toEqual(['gallery-missing']);
      await addItineraryGallery(created._id, ['Lake']);
      const history = revisionListSchema.parse(
        dataOf(await get(`${API_PATHS.revisions.list}?entity=itinerary&id=${created._id}`)),
      );
      const first = history.revisions.at(-1);
      expect(first?.version).toBe(1);
      const res = await t.app.inject({
        method: 'POST',
        url: API_PATHS.revisions.restore(first?._id ?? ''),
        headers: auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      // The snapshot said gallery-missing; the restored record still has its picture.
      expect(await storedQuality(itineraries, created._id)).toEqual({
        issues: [],
        version: QUALITY_RULES_VERSION,
      });
    });

    it('the scheduler computes them with the change it applies', async () => {
      const created = await createItinerary(goodItinerary(ids));
      await t.database.db
        .update(itineraries)
        .set({ qualityIssues: [], qualityVersion: 0, publishAt: new Date(Date.now() - 1000) })
        .where(eq(itineraries.id, created._id));
      const applied = await t.app.services.schedule.scheduler.runOnce();
      expect(applied.map((change) => change.id)).toContain(created._id);
      expect(await storedQuality(itineraries, created._id)).toEqual({
        issues: ['gallery-missing'],
        version: QUALITY_RULES_VERSION,
      });
    });
  });

  // ── blogs ──────────────────────────────────────────────────────────────────────────────────────

  const addBlog = async (fields: Record<string, string>, cover = true) =>
    blogSchema.parse(
      record(
        await sendForm(
          t.app,
          'POST',
          S.addBlog,
          [...textParts(fields), ...(cover ? [imagePart('coverImage', jpeg)] : [])],
          auth,
        ),
        201,
      ),
    );

  describe('blogs', () => {
    let ids: Ids;
    const content = `<p>${words(640)} <a href="https://example.org/kerala">guide</a></p>`;
    beforeAll(async () => {
      ids = await parents();
    });
    const blog = (extra: Record<string, string> = {}) => ({
      ...ids,
      title: `${GOOD_TITLE} ${String(++n)}`,
      content,
      ...extra,
    });

    it('passes a complete blog', async () => {
      const saved = await addBlog(blog());
      expect(codesOf(saved)).toEqual([]);
      expect(await storedQuality(placeBlogs, saved._id)).toEqual({
        issues: [],
        version: QUALITY_RULES_VERSION,
      });
    });

    it.each<[QualityCode, Record<string, string>, boolean]>([
      ['title-length', { title: 'Short title' }, true],
      ['cover-missing', {}, false],
      ['content-short', { content: `<p>${'a'.repeat(599)}</p>` }, true],
      [
        'link-admin',
        { content: `${content}<p><a href="/services/itineraries">edit</a></p>` },
        true,
      ],
      [
        'link-admin',
        { content: `${content}<p><a href="http://localhost:3000/dashboard">home</a></p>` },
        true,
      ],
    ])('fails %s alone', async (code, extra, cover) => {
      const saved = await addBlog(blog(extra), cover);
      expect(codesOf(saved)).toEqual([code]);
      expect((await storedQuality(placeBlogs, saved._id))?.issues).toEqual([code]);
    });

    it('inline images and javascript: links never reach the store: the sanitiser drops them', async () => {
      const saved = await addBlog(
        blog({ content: `${content}<img src="/x.jpg"><a href="javascript:alert(1)">x</a>` }),
      );
      expect(saved.content).not.toMatch(/<img|javascript:/);
      expect(codesOf(saved)).toEqual([]);
    });

    it('fixing the title through an update clears the rule', async () => {
      const saved = await addBlog(blog({ title: 'Too short' }));
      expect(codesOf(saved)).toEqual(['title-length']);
      const res = await sendForm(
        t.app,
        'POST',
        S.updateBlog,
        textParts({ id: saved._id, title: `${GOOD_TITLE} ${String(++n)}` }),
        auth,
      );
      expect(codesOf(blogSchema.parse(record(res)))).toEqual([]);
    });
  });

  // ── place details ──────────────────────────────────────────────────────────────────────────────

  describe('place details', () => {
    let ids: Ids;
    beforeAll(async () => {
      ids = await parents();
    });
    const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG'] as const;
    let month = 0;
    const add = async (
      extra: Record<string, string | undefined>,
      cover: boolean,
      alts: string[],
    ) => {
      const created = placeDetailsSchema.parse(
        record(
          await sendForm(
            t.app,
            'POST',
            S.addPlaceDetails,
            [
              ...textParts({
                ...ids,
                month: MONTHS[month++],
                description: `<p>${words(320)}</p>`,
                temperature: '{"min": 12, "max": 24}',
                bestTimeToVisit: '{"fromMonth": "OCT", "toMonth": "MAR"}',
                ...extra,
              }),
              ...(cover ? [imagePart('coverPhoto', jpeg)] : []),
            ],
            auth,
          ),
          201,
        ),
      );
      if (alts.length === 0) return created;
      return placeDetailsSchema.parse(
        record(
          await sendForm(
            t.app,
            'PUT',
            S.addPlaceDetailsGallery,
            [...textParts({ id: created._id }), ...files('images', alts)],
            auth,
          ),
        ),
      );
    };
    const FOUR = ['Lake', 'Fort', 'Market', 'Ghat'];

    it('passes complete place details, also in the single read', async () => {
      const saved = await add({}, true, FOUR);
      expect(codesOf(saved)).toEqual([]);
      const one = placeDetailsSchema.parse(
        record(await get(`${S.placeDetailsById}?id=${saved._id}`)),
      );
      expect(codesOf(one)).toEqual([]);
    });

    it.each<[QualityCode, Record<string, string | undefined>, boolean, string[]]>([
      [
        'description-short',
        { description: `<p><strong>${'a'.repeat(299)}</strong></p>` },
        true,
        FOUR,
      ],
      ['cover-missing', {}, false, FOUR],
      ['gallery-few', {}, true, FOUR.slice(0, 3)],
      ['alt-text-missing', {}, true, [...FOUR.slice(0, 3), '']],
      ['temperature-missing', { temperature: undefined }, true, FOUR],
      ['best-time-missing', { bestTimeToVisit: undefined }, true, FOUR],
    ])('fails %s alone', async (code, extra, cover, alts) => {
      const saved = await add(extra, cover, alts);
      expect(codesOf(saved)).toEqual([code]);
      expect((await storedQuality(placeDetails, saved._id))?.issues).toEqual([code]);
    });
  });

  // ── lists: the filter and the count ────────────────────────────────────────────────────────────

  describe('needsAttention', () => {
    it('filters each list to the records that fail a rule and counts them over the whole list', async () => {
      for (const [url, key, schema] of [
        [S.listItineraries, 'itineraries', itineraryListSchema],
        [S.listBlogs, 'blogs', blogListSchema],
        [S.listPlaceDetails, 'placeDetails', placeDetailsListSchema],
      ] as const) {
        const all = schema.parse(dataOf(await get(`${url}?limit=100`))) as Record<string, unknown>;
        const rows = all[key] as Quality[];
        const failing = rows.filter((row) => (row.quality?.issues.length ?? 0) > 0);
        expect(failing.length, key).toBeGreaterThan(0);
        expect(failing.length, key).toBeLessThan(rows.length);
        expect(all.needsAttention, key).toBe(failing.length);
        const filtered = schema.parse(
          dataOf(await get(`${url}?limit=100&needsAttention=true`)),
        ) as Record<string, unknown> & { pagination: { total: number } };
        expect((filtered[key] as Quality[]).map(codesOf), key).toEqual(failing.map(codesOf));
        expect(filtered.pagination.total, key).toBe(failing.length);
        expect(filtered.needsAttention, key).toBe(failing.length);
        // `false` is the spec's list, unfiltered.
        const unfiltered = schema.parse(
          dataOf(await get(`${url}?limit=100&needsAttention=false`)),
        ) as Record<string, unknown>;
        expect((unfiltered[key] as unknown[]).length, key).toBe(rows.length);
        // A page of the filtered list: newest first, like the list.
        const page = schema.parse(
          dataOf(await get(`${url}?limit=2&page=2&needsAttention=true`)),
        ) as Record<string, unknown>;
        expect((page[key] as Quality[]).map(codesOf), key).toEqual(
          failing.slice(2, 4).map(codesOf),
        );
      }
    });

    it('narrows a search too, and refuses a bad value with 400 at the field', async () => {
      const list = itineraryListSchema.parse(
        dataOf(await get(`${S.listItineraries}?search=quality%20trip&needsAttention=true`)),
      );
      expect(list.itineraries.every((row) => (row.quality?.issues.length ?? 0) > 0)).toBe(true);
      for (const url of [S.listItineraries, S.listBlogs, S.listPlaceDetails]) {
        const error = errorOf(await get(`${url}?needsAttention=maybe`), 400);
        expect(error.code).toBe('VALIDATION_ERROR');
        expect(error.details?.map((d) => d.path)).toContain('needsAttention');
      }
    });
  });

  // ── the sweep ──────────────────────────────────────────────────────────────────────────────────

  describe('sweep', () => {
    it('computes every row of an older rules version in batches, then has nothing left', async () => {
      const db = t.database.db;
      const stale = { qualityIssues: [] as string[], qualityVersion: 0 };
      await db.update(itineraries).set(stale);
      await db.update(placeDetails).set(stale);
      // A row written around the API (an old import): content the sanitiser would have refused.
      const ids = await parents();
      const legacy = await addBlog({
        ...ids,
        title: `${GOOD_TITLE} legacy`,
        content: `<p>${words(640)}</p>`,
      });
      await db.update(placeBlogs).set(stale);
      await db
        .update(placeBlogs)
        .set({
          content: `<p>${words(640)}</p><img src="/x.jpg"><a href="javascript:alert(1)">x</a>`,
        })
        .where(eq(placeBlogs.id, legacy._id));
      const counts = await Promise.all(
        [itineraries, placeBlogs, placeDetails].map(async (table) =>
          Number((await db.select({ n: sql<number>`count(*)` }).from(table))[0]?.n ?? 0),
        ),
      );
      const result = await t.app.services.quality.sweep({ batchSize: 3 });
      expect(result).toEqual({
        busy: false,
        updated: { itinerary: counts[0], blog: counts[1], 'place-details': counts[2] },
      });
      expect(await storedQuality(placeBlogs, legacy._id)).toEqual({
        issues: ['inline-alt-missing', 'link-javascript'],
        version: QUALITY_RULES_VERSION,
      });
      // The listed codes agree with what the rules say of each row now.
      const listed = itineraryListSchema.parse(dataOf(await get(`${S.listItineraries}?limit=100`)));
      expect(
        listed.itineraries.filter((row) => codesOf(row)?.includes('gallery-missing')).length,
      ).toBeGreaterThan(0);
      const again = await t.app.services.quality.sweep();
      expect(again).toEqual({
        busy: false,
        updated: { itinerary: 0, blog: 0, 'place-details': 0 },
      });
    });

    it('leaves the rows to the process that holds its lock', async () => {
      await t.database.db.update(itineraries).set({ qualityVersion: 0 });
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('safarnama:quality-sweep'))`);
        expect((await t.app.services.quality.sweep()).busy).toBe(true);
      });
      const after = await t.app.services.quality.sweep();
      expect(after.busy).toBe(false);
      expect(after.updated.itinerary).toBeGreaterThan(0);
    });
  });
});
