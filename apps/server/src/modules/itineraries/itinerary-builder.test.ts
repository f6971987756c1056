import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  ITINERARY_MESSAGES as M,
  homepageSettingsSchema,
  itineraryListSchema,
  itinerarySchema,
  revisionListSchema,
  type Itinerary,
  type ItineraryInput,
} from '@safarnama/contract';
import { places } from '../../db/schema/index.js';
import {
  dataOf,
  errorOf,
  imageKeys,
  imagePart,
  record,
  sendForm,
  textParts,
} from '../../test/api.js';
import { makeGeography, makePlace } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';
import { signedInWith } from '../../test/manage.js';

/**
 * Issue 22: the itinerary builder's fields (days with places, meals, stay, transfer and image;
 * highlights, inclusions, exclusions; price bands and GST; fromPrice) and the clone, through the
 * API on a real database.
 */
const S = API_PATHS.service;
const T = API_PATHS.itineraryTools;
type Headers = Record<string, string>;
type Ids = { countryId: string; stateId: string; placeId: string };

describe('itinerary builder API (issue 22)', () => {
  let t: TestApp;
  let auth: Headers;
  let jpeg: Buffer;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
    jpeg = await makeJpeg(320, 240);
  });
  afterAll(() => t.close());

  const parents = async (): Promise<Ids & { place2: string }> => {
    const { country, state, place } = await makeGeography(t.database.db);
    const second = await makePlace(t.database.db, { countryId: country.id, stateId: state.id });
    // Coordinates as the place form stores them (Munnar, Alleppey).
    await t.database.db
      .update(places)
      .set({ latitude: 10.0889, longitude: 77.0595 })
      .where(eq(places.id, place.id));
    await t.database.db
      .update(places)
      .set({ latitude: 9.4981, longitude: 76.3388 })
      .where(eq(places.id, second.id));
    return { countryId: country.id, stateId: state.id, placeId: place.id, place2: second.id };
  };
  const input = (ids: Ids, extra: Partial<ItineraryInput> = {}): ItineraryInput => ({
    title: `Kerala Backwaters ${String(++n)}`,
    duration: '5 Days / 4 Nights',
    languages: ['English', 'Hindi'],
    pricePerPerson: 50000,
    groupSize: 6,
    countryId: ids.countryId,
    stateId: ids.stateId,
    placeId: ids.placeId,
    ...extra,
  });
  const create = (data: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url: S.createItinerary, headers, payload: { data } });
  const created = async (data: unknown) => itinerarySchema.parse(record(await create(data), 201));
  const update = (id: string, data: unknown) =>
    t.app.inject({ method: 'PUT', url: S.updateItinerary(id), headers: auth, payload: { data } });
  const get = async (id: string): Promise<Itinerary> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${S.listItineraries}?limit=100`,
      headers: auth,
    });
    const found = itineraryListSchema
      .parse(dataOf(res))
      .itineraries.find((item) => item._id === id);
    if (!found) throw new Error(`itinerary ${id} not listed`);
    return found;
  };
  const clone = (id: string, headers = auth) =>
    t.app.inject({ method: 'POST', url: T.clone(id), headers });
  const addGallery = async (id: string, count: number) =>
    itinerarySchema.parse(
      record(
        await sendForm(
          t.app,
          'PATCH',
          S.itineraryGallery(id),
          [
            ...textParts({ itineraryId: id }),
            ...Array.from({ length: count }, (_, i) =>
              imagePart('images', jpeg, `g${String(i)}.jpg`),
            ),
            ...Array.from({ length: count }, (_, i) => ({
              name: `altTexts[${String(i)}]`,
              value: `Houseboat ${String(i + 1)}`,
            })),
          ],
          auth,
        ),
      ),
    );
  const fieldErrors = (res: Awaited<ReturnType<typeof create>>) =>
    (errorOf(res, 400).details ?? []).map((d) => d.path);

  it('stores and answers every day field, the lists, bands, GST and fromPrice; a list read agrees', async () => {
    const ids = await parents();
    const saved = await created(
      input(ids, {
        months: ['JUN', 'JUL', 'AUG', 'DEC'],
        dailyItinerary: [
          {
            title: 'Day 1',
            description: 'Arrive in Kochi, drive up to the hills.',
            placeIds: [ids.placeId, ids.place2],
            meals: ['dinner', 'breakfast'],
            stay: 'Tea estate bungalow',
            transfer: 'Private car from Kochi airport',
          },
          { title: 'Day 2', description: 'Houseboat', meals: ['breakfast', 'lunch', 'dinner'] },
        ],
        highlights: ['Overnight houseboat', 'Tea tasting'],
        inclusions: ['All meals on the houseboat'],
        exclusions: ['Flights', 'Tips'],
        priceBands: [
          {
            months: ['JUN', 'JUL', 'AUG'],
            minGroupSize: 1,
            maxGroupSize: 2,
            pricePerPerson: 40000,
          },
          {
            months: ['JUN', 'JUL', 'AUG'],
            minGroupSize: 3,
            maxGroupSize: 6,
            pricePerPerson: 35000,
          },
          { months: ['DEC'], minGroupSize: 1, maxGroupSize: 6, pricePerPerson: 125000 },
        ],
        gst: { rate: 5, included: false },
      }),
    );
    const [day1, day2] = saved.dailyItinerary;
    expect(day1).toMatchObject({
      placeIds: [ids.placeId, ids.place2],
      meals: ['dinner', 'breakfast'],
      stay: 'Tea estate bungalow',
      transfer: 'Private car from Kochi airport',
      imageId: null,
    });
    expect(day1?.places?.map((p) => [p._id, p.latitude, p.longitude])).toEqual([
      [ids.placeId, 10.0889, 77.0595],
      [ids.place2, 9.4981, 76.3388],
    ]);
    expect(day2).toMatchObject({ placeIds: [], places: [], stay: '', transfer: '' });
    expect(saved.highlights).toEqual(['Overnight houseboat', 'Tea tasting']);
    expect(saved.inclusions).toEqual(['All meals on the houseboat']);
    expect(saved.exclusions).toEqual(['Flights', 'Tips']);
    expect(saved.priceBands).toHaveLength(3);
    expect(saved.gst).toEqual({ rate: 5, included: false });
    // The cheapest: 35,000 for 3–6 people in the monsoon, plus 5 % GST.
    expect(saved.fromPrice).toBe(36750);
    expect((await get(saved._id)).fromPrice).toBe(36750);
  });

  it('fromPrice: the base where no band covers a month or size, GST included as set', async () => {
    const ids = await parents();
    const partly = await created(
      input(ids, {
        pricePerPerson: 30000,
        groupSize: 4,
        months: [],
        priceBands: [{ months: ['JAN'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 45000 }],
        gst: { rate: 18, included: true },
      }),
    );
    // The base applies in the eleven other months; GST is already in the price.
    expect(partly.fromPrice).toBe(30000);
    const plain = await created(input(ids, { pricePerPerson: 125000 }));
    expect(plain.fromPrice).toBe(125000);
    expect(plain.gst).toEqual({ rate: 0, included: true });
    expect(plain.priceBands).toEqual([]);
  });

  it('refuses bad builder input with the field named, and writes nothing', async () => {
    const ids = await parents();
    const cases: [Partial<ItineraryInput> | Record<string, unknown>, string][] = [
      [
        {
          dailyItinerary: [{ title: 'Day 1', placeIds: ['0190a3a4-5b6c-7d8e-9f00-112233445566'] }],
        },
        'dailyItinerary.0.placeIds.0',
      ],
      [
        { dailyItinerary: [{ title: 'Day 1', placeIds: ['not-a-place'] }] },
        'dailyItinerary.0.placeIds.0',
      ],
      [{ dailyItinerary: [{ title: 'Day 1', meals: ['brunch'] }] }, 'dailyItinerary.0.meals.0'],
      [
        { dailyItinerary: [{ title: 'Day 1', meals: ['lunch', 'lunch'] }] },
        'dailyItinerary.0.meals',
      ],
      [
        { dailyItinerary: [{ title: 'Day 1', imageId: '0190a3a4-5b6c-7d8e-9f00-112233445566' }] },
        'dailyItinerary.0.imageId',
      ],
      [{ dailyItinerary: [{ title: 'Day 1', stay: 'x'.repeat(201) }] }, 'dailyItinerary.0.stay'],
      [
        {
          priceBands: [{ months: ['JAN'], minGroupSize: 5, maxGroupSize: 2, pricePerPerson: 100 }],
        },
        'priceBands.0.maxGroupSize',
      ],
      [
        { priceBands: [{ months: ['JAN'], minGroupSize: 1, maxGroupSize: 2, pricePerPerson: -1 }] },
        'priceBands.0.pricePerPerson',
      ],
      [
        { priceBands: [{ months: [], minGroupSize: 1, maxGroupSize: 2, pricePerPerson: 1 }] },
        'priceBands.0.months',
      ],
      [
        { priceBands: [{ months: ['XYZ'], minGroupSize: 1, maxGroupSize: 2, pricePerPerson: 1 }] },
        'priceBands.0.months.0',
      ],
      [
        {
          priceBands: [
            { months: ['JAN', 'FEB'], minGroupSize: 1, maxGroupSize: 4, pricePerPerson: 100 },
            { months: ['FEB'], minGroupSize: 4, maxGroupSize: 8, pricePerPerson: 90 },
          ],
        },
        'priceBands.1.months',
      ],
      [{ gst: { rate: 29, included: true } }, 'gst.rate'],
      [{ gst: { rate: -1, included: false } }, 'gst.rate'],
      [{ gst: { rate: 5 } }, 'gst.included'],
      [{ highlights: [''] }, 'highlights.0'],
      [{ inclusions: ['<b>Meals</b>'] }, 'inclusions.0'],
    ];
    for (const [extra, path] of cases) {
      const res = await create(input(ids, extra as Partial<ItineraryInput>));
      expect(fieldErrors(res), JSON.stringify(extra)).toContain(path);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `${S.listItineraries}?placeId=${ids.placeId}`,
      headers: auth,
    });
    expect(itineraryListSchema.parse(dataOf(res)).itineraries).toEqual([]);
  });

  it("an update without the builder's fields keeps them; with them, replaces them; a day's image comes from the gallery", async () => {
    const ids = await parents();
    const saved = await created(
      input(ids, {
        highlights: ['Sunrise at Top Station'],
        priceBands: [{ months: ['MAY'], minGroupSize: 1, maxGroupSize: 6, pricePerPerson: 20000 }],
        gst: { rate: 12, included: false },
      }),
    );
    // A spec client: the spec's fields only.
    const specOnly = input(ids, { title: saved.title, pricePerPerson: 60000 });
    const kept = itinerarySchema.parse(record(await update(saved._id, specOnly)));
    expect(kept.pricePerPerson).toBe(60000);
    expect(kept.highlights).toEqual(['Sunrise at Top Station']);
    expect(kept.priceBands).toHaveLength(1);
    expect(kept.gst).toEqual({ rate: 12, included: false });

    const withGallery = await addGallery(saved._id, 2);
    const imageId = withGallery.gallery[1]?._id ?? '';
    const replaced = itinerarySchema.parse(
      record(
        await update(saved._id, {
          ...specOnly,
          dailyItinerary: [{ title: 'Day 1', imageId }],
          highlights: [],
          priceBands: [],
          gst: { rate: 0, included: true },
        }),
      ),
    );
    expect(replaced.dailyItinerary[0]?.imageId).toBe(imageId);
    expect(replaced.highlights).toEqual([]);
    expect(replaced.fromPrice).toBe(60000);

    // Another itinerary's image is not this one's.
    const other = await created(input(ids));
    const otherImage = (await addGallery(other._id, 1)).gallery[0]?._id ?? '';
    const refused = await update(saved._id, {
      ...specOnly,
      dailyItinerary: [{ title: 'Day 1', imageId: otherImage }],
    });
    expect(errorOf(refused, 400).details).toEqual([
      { path: 'dailyItinerary.0.imageId', message: M.dayImageNotInGallery },
    ]);

    // The day's image is in use (issue 24): removing it from the gallery is refused, naming the
    // day; with force it goes and the day shows none.
    const inUse = await t.app.inject({
      method: 'DELETE',
      url: S.itineraryGalleryImage(saved._id, imageId),
      headers: auth,
    });
    expect(inUse.statusCode, inUse.body).toBe(409);
    expect((await get(saved._id)).dailyItinerary[0]?.imageId).toBe(imageId);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${S.itineraryGalleryImage(saved._id, imageId)}?force=true`,
      headers: auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get(saved._id)).dailyItinerary[0]?.imageId).toBeNull();
  });

  it('a place that a day visits cannot be deleted: the itinerary is named as its dependant', async () => {
    const ids = await parents();
    const visited = await makePlace(t.database.db, {
      countryId: ids.countryId,
      stateId: ids.stateId,
    });
    const saved = await created(
      input(ids, { dailyItinerary: [{ title: 'Day 1', placeIds: [visited.id] }] }),
    );
    const res = await t.app.inject({
      method: 'DELETE',
      url: S.deletePlace(visited.id),
      headers: auth,
    });
    const error = errorOf(res, 409);
    expect(error.data).toEqual({
      dependants: [{ kind: 'itinerary', count: 1, items: [{ _id: saved._id, name: saved.title }] }],
    });
  });

  it('a place a day visits that is deleted later drops out of the answer', async () => {
    const ids = await parents();
    const extra = await makePlace(t.database.db, {
      countryId: ids.countryId,
      stateId: ids.stateId,
    });
    const saved = await created(
      input(ids, { dailyItinerary: [{ title: 'Day 1', placeIds: [extra.id, ids.placeId] }] }),
    );
    await t.database.db.delete(places).where(eq(places.id, extra.id));
    const day = (await get(saved._id)).dailyItinerary[0];
    expect(day?.placeIds).toEqual([ids.placeId]);
  });

  it('the homepage packages read fromPrice', async () => {
    const ids = await parents();
    const saved = await created(
      input(ids, {
        pricePerPerson: 80000,
        metaTitle: 'Kerala backwaters by houseboat, five days',
        priceBands: [{ months: ['JAN'], minGroupSize: 1, maxGroupSize: 6, pricePerPerson: 50000 }],
        gst: { rate: 5, included: false },
      }),
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: S.homepageSettings,
      headers: auth,
      payload: {
        data: {
          trendingDestinations: [],
          trendingActivities: [],
          tourPackages: [{ _id: saved._id, displayOrder: 1 }],
          blogs: [],
          isActive: true,
        },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: S.homepageSettings, headers: auth });
    const settings = homepageSettingsSchema.parse(record(res));
    expect(settings.tourPackages[0]).toMatchObject({
      _id: saved._id,
      pricePerPerson: 80000,
      fromPrice: 52500,
    });
  });

  describe('clone-itinerary', () => {
    it('makes an inactive "Copy of <title>" with everything, and a gallery of its own files', async () => {
      const ids = await parents();
      const source = await created(
        input(ids, {
          dailyItinerary: [
            { title: 'Day 1', placeIds: [ids.placeId], meals: ['lunch'], stay: 'Houseboat' },
            { title: 'Day 2', description: 'Back to Kochi' },
          ],
          faqs: [{ question: 'Is it safe for children?', answer: 'Yes, with life jackets.' }],
          highlights: ['Sunset cruise'],
          inclusions: ['Meals'],
          exclusions: ['Flights'],
          priceBands: [
            { months: ['OCT'], minGroupSize: 1, maxGroupSize: 6, pricePerPerson: 45000 },
          ],
          gst: { rate: 5, included: true },
        }),
      );
      const withGallery = await addGallery(source._id, 2);
      const sourceImage = withGallery.gallery[0]?._id ?? '';
      const sourceFull = itinerarySchema.parse(
        record(
          await update(source._id, {
            ...input(ids, { title: source.title }),
            dailyItinerary: [
              {
                title: 'Day 1',
                placeIds: [ids.placeId],
                meals: ['lunch'],
                stay: 'Houseboat',
                imageId: sourceImage,
              },
              { title: 'Day 2', description: 'Back to Kochi' },
            ],
            faqs: [{ question: 'Is it safe for children?', answer: 'Yes, with life jackets.' }],
          }),
        ),
      );

      const res = await clone(source._id);
      const copy = itinerarySchema.parse(record(res, 201));
      expect(body<{ message: string }>(res).message).toBe(M.cloned);
      expect(copy._id).not.toBe(source._id);
      expect(copy.title).toBe(`Copy of ${source.title}`);
      expect(copy.isActive).toBe(false);
      expect(copy.version).toBe(1);
      expect(copy.faqs).toEqual(sourceFull.faqs);
      expect(copy.highlights).toEqual(['Sunset cruise']);
      expect(copy.inclusions).toEqual(['Meals']);
      expect(copy.exclusions).toEqual(['Flights']);
      expect(copy.priceBands).toEqual(sourceFull.priceBands);
      expect(copy.gst).toEqual({ rate: 5, included: true });
      expect(copy.fromPrice).toBe(sourceFull.fromPrice);
      expect(copy.gallery.map((g) => g.altText)).toEqual(['Houseboat 1', 'Houseboat 2']);
      const sourceKeys = sourceFull.gallery.flatMap((g) => imageKeys(g));
      const copyKeys = copy.gallery.flatMap((g) => imageKeys(g));
      expect(copyKeys.some((key) => sourceKeys.includes(key))).toBe(false);
      // The day's image is the copy's own image, in the same place of the gallery.
      expect(copy.dailyItinerary[0]?.imageId).toBe(copy.gallery[0]?._id);
      expect(copy.dailyItinerary.map((d) => d.placeIds)).toEqual([[ids.placeId], []]);

      // A second copy gets a name of its own.
      const again = itinerarySchema.parse(record(await clone(source._id), 201));
      expect(again.title).toBe(`Copy of ${source.title} (2)`);

      // Deleting the source leaves the copy's images whole.
      const gone = await t.app.inject({
        method: 'DELETE',
        url: S.deleteItinerary(source._id),
        headers: auth,
      });
      expect(gone.statusCode, gone.body).toBe(200);
      for (const key of sourceKeys) expect(existsSync(join(t.uploadsDir, key)), key).toBe(false);
      for (const key of copyKeys) expect(existsSync(join(t.uploadsDir, key)), key).toBe(true);
      expect((await get(copy._id)).gallery).toHaveLength(2);

      // The copy has a history of its own: one create.
      const history = await t.app.inject({
        method: 'GET',
        url: `${API_PATHS.revisions.list}?entity=itinerary&id=${copy._id}`,
        headers: auth,
      });
      expect(revisionListSchema.parse(dataOf(history)).revisions.map((r) => r.action)).toEqual([
        'create',
      ]);
    });

    it('answers 404 for an unknown or malformed id, 403 without create permission', async () => {
      errorOf(await clone('0190a3a4-5b6c-7d8e-9f00-112233445566'), 404);
      errorOf(await clone('nope'), 404);
      const ids = await parents();
      const source = await created(input(ids));
      const viewer = await signedInWith(t.database.db, t.hasher, ['itineraries.view']);
      errorOf(await clone(source._id, viewer.headers), 403);
    });
  });

  it('restoring a version whose day visits a place deleted since answers 409 naming the place', async () => {
    const ids = await parents();
    const extra = await makePlace(t.database.db, {
      countryId: ids.countryId,
      stateId: ids.stateId,
    });
    const saved = await created(
      input(ids, { dailyItinerary: [{ title: 'Day 1', placeIds: [extra.id] }] }),
    );
    record(
      await update(saved._id, {
        ...input(ids, { title: saved.title }),
        dailyItinerary: [{ title: 'Day 1' }],
      }),
    );
    await t.database.db.delete(places).where(eq(places.id, extra.id));
    const history = revisionListSchema.parse(
      dataOf(
        await t.app.inject({
          method: 'GET',
          url: `${API_PATHS.revisions.list}?entity=itinerary&id=${saved._id}`,
          headers: auth,
        }),
      ),
    );
    const first = history.revisions.at(-1);
    if (!first) throw new Error('no revision');
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.revisions.restore(first._id),
      headers: auth,
    });
    const error = errorOf(res, 409);
    expect(error.data).toEqual({ missing: [{ kind: 'place', id: extra.id }] });
  });
});
