import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  COVERAGE_MESSAGES as M,
  MONTH_CODES,
  coverageListSchema,
  dashboardSchema,
  itinerarySchema,
  type CoverageList,
  type MonthCode,
} from '@safarnama/contract';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { imagePart, record, sendForm, textParts } from '../../test/api.js';
import { makeCountry, makePlace, makeState } from '../../test/factories.js';
import { signedInWith } from '../../test/manage.js';
import { makeJpeg } from '../../test/images.js';

const S = API_PATHS.service;

/** A description long enough for the quality rules (300 visible characters and more). */
const LONG =
  '<p>' +
  'Goa in this month is warm and bright, with calm seas, open beach shacks and festivals in the old quarter of Panaji. '.repeat(
    4,
  ) +
  '</p>';

describe('content coverage API', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let jpeg: Buffer;
  let geo: {
    countryId: string;
    otherCountryId: string;
    northId: string;
    southId: string;
    alpha: string;
    beta: string;
    gamma: string;
    inactive: string;
    abroad: string;
  };
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
    jpeg = await makeJpeg(400, 300);
    const db = t.database.db;
    const country = await makeCountry(db, { name: 'Coverland' });
    const other = await makeCountry(db, { name: 'Elsewhere' });
    const north = await makeState(db, country.id, { name: 'North' });
    const south = await makeState(db, country.id, { name: 'South' });
    const abroadState = await makeState(db, other.id, { name: 'Far' });
    const at = (stateId: string, countryId = country.id) => ({ countryId, stateId });
    geo = {
      countryId: country.id,
      otherCountryId: other.id,
      northId: north.id,
      southId: south.id,
      beta: (await makePlace(db, at(north.id), { name: 'Beta Bay' })).id,
      alpha: (await makePlace(db, at(north.id), { name: 'alpha Hills' })).id,
      gamma: (await makePlace(db, at(south.id), { name: 'Gamma Fort' })).id,
      inactive: (await makePlace(db, at(south.id), { name: 'Closed Cove', isActive: false })).id,
      abroad: (await makePlace(db, at(abroadState.id, other.id), { name: 'Abroad' })).id,
    };
  });
  afterAll(() => t.close());

  const grid = (query = '', headers = auth) =>
    t.app.inject({ method: 'GET', url: `${API_PATHS.contentCoverage}${query}`, headers });
  const gridOf = async (query = ''): Promise<CoverageList> => {
    const res = await grid(query);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ message: string }>(res).message).toBe(M.fetched);
    return coverageListSchema.parse(body<{ data: unknown }>(res).data);
  };
  const parentsOf = (placeId: string) => {
    if (placeId === geo.abroad) {
      throw new Error('not used abroad');
    }
    const stateId = placeId === geo.gamma || placeId === geo.inactive ? geo.southId : geo.northId;
    return { countryId: geo.countryId, stateId, placeId };
  };

  /** Place details as a complete month has them: text, weather, best time, cover, 4 pictures. */
  const completeMonth = async (placeId: string, month: MonthCode) => {
    const res = await sendForm(
      t.app,
      'POST',
      S.addPlaceDetails,
      [
        ...textParts({
          ...parentsOf(placeId),
          month,
          description: LONG,
          temperature: '{"min": 20, "max": 31}',
          bestTimeToVisit: '{"fromMonth":"NOV","toMonth":"FEB"}',
        }),
        imagePart('coverPhoto', jpeg),
      ],
      auth,
    );
    const details = record<{ id: string }>(res, 201);
    const gallery = await sendForm(
      t.app,
      'PUT',
      S.addPlaceDetailsGallery,
      [
        ...textParts({ id: details.id }),
        ...[0, 1, 2, 3].map((i) => imagePart('images', jpeg, `g${i}.jpg`)),
        ...[0, 1, 2, 3].map((i) => ({ name: `altTexts[${i}]`, value: `Picture ${i + 1}` })),
      ],
      auth,
    );
    expect(gallery.statusCode, gallery.body).toBe(200);
    return details.id;
  };
  /** Place details with a few words and nothing else: they fail the quality rules. */
  const thinMonth = async (placeId: string, month: MonthCode) => {
    const res = await sendForm(
      t.app,
      'POST',
      S.addPlaceDetails,
      textParts({ ...parentsOf(placeId), month, description: '<p>Nice.</p>' }),
      auth,
    );
    return record<{ id: string }>(res, 201).id;
  };
  const itinerary = async (placeId: string, isActive: boolean) => {
    const res = await t.app.inject({
      method: 'POST',
      url: S.createItinerary,
      headers: auth,
      payload: {
        data: {
          ...parentsOf(placeId),
          title: `Coverage trip ${++n}`,
          duration: '3 Days / 2 Nights',
          languages: ['English'],
          pricePerPerson: 9000,
          isActive,
        },
      },
    });
    return itinerarySchema.parse(record(res, 201));
  };
  const blog = async (placeId: string) => {
    const res = await sendForm(
      t.app,
      'POST',
      S.addBlog,
      textParts({ ...parentsOf(placeId), title: `Coverage guide ${++n}`, status: 'draft' }),
      auth,
    );
    expect(res.statusCode, res.body).toBe(201);
  };

  let alphaJan: string;
  let alphaFeb: string;

  it('draws every active place by name with twelve missing months before any content', async () => {
    const all = await gridOf(`?countryId=${geo.countryId}`);
    expect(all.places.map((p) => p.name)).toEqual(['alpha Hills', 'Beta Bay', 'Gamma Fort']);
    for (const place of all.places) {
      expect(place.months.map((m) => m.month)).toEqual([...MONTH_CODES]);
      expect(place.months.every((m) => m.state === 'missing')).toBe(true);
      expect(place).toMatchObject({ complete: 0, blogCount: 0, activeItineraryCount: 0 });
    }
    expect(all.places[0]).toMatchObject({
      country: { _id: geo.countryId, name: 'Coverland' },
      state: { _id: geo.northId, name: 'North' },
    });
    expect(all.totals).toEqual({
      complete: 0,
      incomplete: 0,
      missing: 36,
      cells: 36,
      percentComplete: 0,
    });
    expect(all.pagination).toMatchObject({ total: 3, page: 1 });
  });

  it('tells complete, incomplete and missing months apart, with the failing rules', async () => {
    alphaJan = await completeMonth(geo.alpha, 'JAN');
    alphaFeb = await thinMonth(geo.alpha, 'FEB');
    await thinMonth(geo.gamma, 'JAN');
    const all = await gridOf(`?countryId=${geo.countryId}`);
    const alpha = all.places.find((p) => p._id === geo.alpha);
    expect(alpha?.months[0]).toEqual({ month: 'JAN', state: 'complete', placeDetailsId: alphaJan });
    expect(alpha?.months[1]).toMatchObject({
      month: 'FEB',
      state: 'incomplete',
      placeDetailsId: alphaFeb,
    });
    expect(alpha?.months[1]?.issues).toEqual(
      expect.arrayContaining(['description-short', 'cover-missing']),
    );
    expect(alpha?.months[2]).toEqual({ month: 'MAR', state: 'missing' });
    expect(alpha?.complete).toBe(1);
    expect(all.monthTotals[0]).toEqual({ month: 'JAN', complete: 1, incomplete: 1, missing: 1 });
    expect(all.monthTotals[1]).toEqual({ month: 'FEB', complete: 0, incomplete: 1, missing: 2 });
    expect(all.monthTotals[11]).toEqual({ month: 'DEC', complete: 0, incomplete: 0, missing: 3 });
    expect(all.totals).toEqual({
      complete: 1,
      incomplete: 2,
      missing: 33,
      cells: 36,
      percentComplete: 2.8,
    });
  });

  it('counts the blogs and only the active itineraries of each place', async () => {
    await blog(geo.beta);
    await blog(geo.beta);
    await itinerary(geo.beta, true);
    await itinerary(geo.beta, false);
    const beta = (await gridOf(`?stateId=${geo.northId}&search=beta`)).places;
    expect(beta).toHaveLength(1);
    expect(beta[0]).toMatchObject({ name: 'Beta Bay', blogCount: 2, activeItineraryCount: 1 });
  });

  it('filters by country, state and name; totals follow the filter, not the page', async () => {
    const north = await gridOf(`?stateId=${geo.northId}&limit=1`);
    expect(north.places.map((p) => p.name)).toEqual(['alpha Hills']);
    expect(north.pagination).toMatchObject({ total: 2, totalPages: 2 });
    expect(north.totals).toMatchObject({ complete: 1, incomplete: 1, cells: 24 });
    const second = await gridOf(`?stateId=${geo.northId}&limit=1&page=2`);
    expect(second.places.map((p) => p.name)).toEqual(['Beta Bay']);
    expect(second.totals).toEqual(north.totals);

    const abroad = await gridOf(`?countryId=${geo.otherCountryId}`);
    expect(abroad.places.map((p) => p.name)).toEqual(['Abroad']);
    // A state of another country selects nothing.
    expect(
      (await gridOf(`?countryId=${geo.otherCountryId}&stateId=${geo.northId}`)).places,
    ).toEqual([]);
    expect((await gridOf(`?countryId=${geo.countryId}&search=gam`)).places[0]?.name).toBe(
      'Gamma Fort',
    );
  });

  it('leaves inactive places out', async () => {
    const south = await gridOf(`?stateId=${geo.southId}`);
    expect(south.places.map((p) => p.name)).toEqual(['Gamma Fort']);
  });

  it('answers an empty page for unknown or malformed filters, 400 for a bad page size', async () => {
    for (const query of [
      '?countryId=00000000-0000-4000-8000-000000000000',
      '?stateId=not-a-uuid',
      '?countryId=1%27%20or%201%3D1',
    ]) {
      const empty = await gridOf(query);
      expect(empty.places).toEqual([]);
      expect(empty.totals).toMatchObject({ cells: 0, percentComplete: 0 });
      expect(empty.monthTotals).toHaveLength(12);
    }
    for (const query of ['?limit=0', '?limit=101', '?page=0', '?colour=red']) {
      const res = await grid(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(body<{ success: boolean }>(res).success).toBe(false);
    }
  });

  it('needs place-details.view', async () => {
    expect((await grid('', {})).statusCode).toBe(401);
    const viewer = await signedInWith(t.database.db, t.hasher, ['itineraries.view']);
    expect((await grid('', viewer.headers)).statusCode).toBe(403);
    const reader = await signedInWith(t.database.db, t.hasher, ['place-details.view']);
    expect((await grid('', reader.headers)).statusCode).toBe(200);
  });

  it('puts a coverage card on the dashboard of an admin who reads place details', async () => {
    const withCard = await signedInWith(t.database.db, t.hasher, [
      'dashboard.view',
      'place-details.view',
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: S.dashboard,
      headers: withCard.headers,
    });
    const dashboard = dashboardSchema.parse(record(res));
    const everyPlace = await gridOf('');
    expect(dashboard.coverage?.totals).toEqual(everyPlace.totals);
    const emptiest = dashboard.coverage?.emptiestPlaces ?? [];
    expect(emptiest.length).toBeLessThanOrEqual(5);
    // Places with nothing at all come before the one with a complete month.
    expect(emptiest.map((p) => p.name)).not.toContain('Closed Cove');
    const alpha = emptiest.find((p) => p.placeId === geo.alpha);
    if (alpha)
      expect(alpha).toEqual({
        placeId: geo.alpha,
        name: 'alpha Hills',
        complete: 1,
        incomplete: 1,
        missing: 10,
      });
    expect(emptiest[0]).toMatchObject({ complete: 0 });

    const without = await signedInWith(t.database.db, t.hasher, ['dashboard.view']);
    const plain = dashboardSchema.parse(
      record(await t.app.inject({ method: 'GET', url: S.dashboard, headers: without.headers })),
    );
    expect(plain.coverage).toBeUndefined();
  });
});
