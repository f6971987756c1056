import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  MONTH_CODES,
  TOUR_TYPES,
  dashboardSchema,
  type Dashboard,
  type MonthCode,
  type TourType,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import {
  homepageDestinations,
  homepagePackages,
  imageLibraries,
  itineraries,
  placeBlogs,
  placeDetails,
} from '../../db/schema/index.js';
import { errorOf, record } from '../../test/api.js';
import {
  loginAs,
  makeAdmin,
  makeCountry,
  makeImageRow,
  makePlace,
  makeState,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

type Place = Awaited<ReturnType<typeof makePlace>>;

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

const addImages = async (db: Database, ownerType: string, ownerId: string, n: number) => {
  for (let i = 0; i < n; i++) await makeImageRow(db, { ownerType, ownerId, sortOrder: i });
};

const addItinerary = async (
  db: Database,
  place: Place,
  values: {
    title: string;
    type: TourType;
    visibility: 'public' | 'private';
    isActive: boolean;
    months: MonthCode[];
    metaTitle?: string;
    metaDescription?: string;
    minute: number;
  },
) => {
  const [row] = await db
    .insert(itineraries)
    .values({
      title: values.title,
      duration: '3 Days / 2 Nights',
      type: values.type,
      languages: ['English'],
      visibility: values.visibility,
      isActive: values.isActive,
      months: values.months,
      metaTitle: values.metaTitle ?? '',
      metaDescription: values.metaDescription ?? '',
      countryId: place.countryId,
      stateId: place.stateId,
      placeId: place.id,
      createdAt: at(values.minute),
    })
    .returning();
  if (!row) throw new Error('addItinerary');
  return row;
};

describe('dashboard API', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const get = (headers: Record<string, string> = auth) =>
    t.app.inject({ method: 'GET', url: API_PATHS.service.dashboard, headers });

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await makeAdmin(t.database.db, t.hasher, { permissions: ['dashboard.view'] });
    auth = (await loginAs(t.app, admin)).headers;
  });
  afterAll(() => t.close());

  it('answers 401 without a session and 403 without dashboard.view', async () => {
    errorOf(await get({}), 401);
    const other = await makeAdmin(t.database.db, t.hasher, { permissions: ['itineraries.view'] });
    errorOf(await get((await loginAs(t.app, other)).headers), 403);
  });

  it('answers zeros on a fresh install, every type and month listed', async () => {
    const d = dashboardSchema.parse(record<Dashboard>(await get()));
    expect(d.counts).toEqual({
      itineraries: { active: 0, inactive: 0 },
      places: { active: 0, inactive: 0 },
      countries: 0,
      states: 0,
      blogs: { draft: 0, published: 0 },
      imageLibraries: { active: 0, inactive: 0 },
      images: 0,
    });
    expect(d.homepage).toEqual({
      places: 0,
      packages: 0,
      blogs: 0,
      limits: { places: 6, packages: 8, blogs: 3 },
    });
    expect(d.gaps).toEqual({
      placesMissingMonths: [],
      itinerariesWithoutGallery: { count: 0, items: [] },
      publicItinerariesWithoutSeo: { count: 0, items: [] },
    });
    expect(d.itinerariesByType).toEqual(TOUR_TYPES.map((type) => ({ type, count: 0 })));
    expect(d.itinerariesByMonth.map((m) => [m.month, m.count])).toEqual(
      MONTH_CODES.map((m) => [m, 0]),
    );
    expect(d.itinerariesByMonth[0]?.name).toBe('January');
  });

  it('counts a known data set exactly', async () => {
    const db = t.database.db;
    const india = await makeCountry(db);
    const nepal = await makeCountry(db, { isActive: false });
    const kerala = await makeState(db, india.id);
    const goa = await makeState(db, india.id);
    const bagmati = await makeState(db, nepal.id);
    const alpha = await makePlace(
      db,
      { countryId: india.id, stateId: kerala.id },
      { name: 'Alpha' },
    );
    const bravo = await makePlace(
      db,
      { countryId: india.id, stateId: kerala.id },
      { name: 'Bravo' },
    );
    const charlie = await makePlace(
      db,
      { countryId: india.id, stateId: goa.id },
      { name: 'Charlie' },
    );
    const delta = await makePlace(
      db,
      { countryId: nepal.id, stateId: bagmati.id },
      { name: 'Delta', isActive: false },
    );
    const details = (place: Place, months: readonly MonthCode[], status = 'active' as const) =>
      months.length
        ? db.insert(placeDetails).values(
            months.map((month) => ({
              countryId: place.countryId,
              stateId: place.stateId,
              placeId: place.id,
              month,
              status,
            })),
          )
        : Promise.resolve();
    await details(alpha, MONTH_CODES); // complete: not a gap
    await details(bravo, ['JAN', 'FEB', 'MAR']); // 9 missing
    await details(delta, ['JAN']); // inactive place: not listed
    // Charlie has none: 12 missing.

    const [lib1, lib2] = await db
      .insert(imageLibraries)
      .values([{ title: 'One' }, { title: 'Two' }, { title: 'Three', status: 'inactive' }])
      .returning();
    if (!lib1 || !lib2) throw new Error('libraries');
    await addImages(db, 'image-library', lib1.id, 3);
    await addImages(db, 'image-library', lib2.id, 1);

    const blog = (title: string, status: 'draft' | 'published') => ({
      title,
      slug: title.toLowerCase(),
      countryId: india.id,
      stateId: kerala.id,
      placeId: alpha.id,
      status,
    });
    await db
      .insert(placeBlogs)
      .values([blog('B1', 'draft'), blog('B2', 'draft'), blog('B3', 'published')]);

    const seo = { metaTitle: 'Title', metaDescription: 'Description' };
    const i1 = await addItinerary(db, alpha, {
      title: 'I1',
      type: 'Adventure',
      visibility: 'public',
      isActive: true,
      months: ['JAN', 'FEB'],
      ...seo,
      minute: 1,
    });
    const i2 = await addItinerary(db, alpha, {
      title: 'I2',
      type: 'Adventure',
      visibility: 'public',
      isActive: true,
      months: ['FEB'],
      metaDescription: 'only a description',
      minute: 2,
    });
    const i3 = await addItinerary(db, bravo, {
      title: 'I3',
      type: 'Beach',
      visibility: 'private',
      isActive: false,
      months: [],
      minute: 3,
    });
    const i4 = await addItinerary(db, bravo, {
      title: 'I4',
      type: 'Honeymoon',
      visibility: 'public',
      isActive: false,
      months: ['JAN', 'DEC'],
      metaTitle: 'only a title',
      minute: 4,
    });
    const i5 = await addItinerary(db, charlie, {
      title: 'I5',
      type: 'Beach',
      visibility: 'public',
      isActive: true,
      months: ['MAR'],
      ...seo,
      minute: 5,
    });
    await addImages(db, 'itinerary-gallery', i1.id, 2); // not library images
    await addImages(db, 'itinerary-gallery', i4.id, 1);

    await db.insert(homepageDestinations).values([
      { placeId: alpha.id, position: 0 },
      { placeId: bravo.id, position: 1 },
    ]);
    await db.insert(homepagePackages).values([{ itineraryId: i1.id, displayOrder: 0 }]);

    const d = dashboardSchema.parse(record<Dashboard>(await get()));
    expect(d.counts).toEqual({
      itineraries: { active: 3, inactive: 2 },
      places: { active: 3, inactive: 1 },
      countries: 2,
      states: 3,
      blogs: { draft: 2, published: 1 },
      imageLibraries: { active: 2, inactive: 1 },
      images: 4,
    });
    expect(d.homepage).toMatchObject({ places: 2, packages: 1, blogs: 0 });
    expect(d.gaps.placesMissingMonths).toEqual([
      { placeId: charlie.id, name: 'Charlie', missingMonths: 12 },
      { placeId: bravo.id, name: 'Bravo', missingMonths: 9 },
    ]);
    const ref = (row: { id: string; title: string }) => ({ _id: row.id, title: row.title });
    expect(d.gaps.itinerariesWithoutGallery).toEqual({
      count: 3,
      items: [ref(i5), ref(i3), ref(i2)],
    });
    expect(d.gaps.publicItinerariesWithoutSeo).toEqual({ count: 2, items: [ref(i4), ref(i2)] });
    const byType = Object.fromEntries(d.itinerariesByType.map((r) => [r.type, r.count]));
    expect(byType).toEqual({
      ...Object.fromEntries(TOUR_TYPES.map((type) => [type, 0])),
      Adventure: 2,
      Beach: 2,
      Honeymoon: 1,
    });
    expect(d.itinerariesByType.map((r) => r.type)).toEqual([...TOUR_TYPES]);
    const byMonth = Object.fromEntries(d.itinerariesByMonth.map((r) => [r.month, r.count]));
    expect(byMonth).toEqual({
      ...Object.fromEntries(MONTH_CODES.map((m) => [m, 0])),
      JAN: 2,
      FEB: 2,
      MAR: 1,
      DEC: 1,
    });
  });

  it('lists at most 10 places and 5 itineraries per gap', async () => {
    const db = t.database.db;
    const country = await makeCountry(db);
    const state = await makeState(db, country.id);
    for (let i = 0; i < 12; i++) {
      const place = await makePlace(db, { countryId: country.id, stateId: state.id });
      await addItinerary(db, place, {
        title: `Bulk ${i}`,
        type: 'Leisure',
        visibility: 'public',
        isActive: true,
        months: [],
        minute: 100 + i,
      });
    }
    const d = record<Dashboard>(await get());
    expect(d.gaps.placesMissingMonths).toHaveLength(10);
    expect(d.gaps.placesMissingMonths.every((p) => p.missingMonths === 12)).toBe(true);
    expect(d.gaps.itinerariesWithoutGallery.items).toHaveLength(5);
    expect(d.gaps.itinerariesWithoutGallery.items[0]?.title).toBe('Bulk 11');
    expect(d.gaps.itinerariesWithoutGallery.count).toBe(15);
  });
});
