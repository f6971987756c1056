import { and, desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  GEOGRAPHY_MESSAGES as M,
  countrySchema,
  paginationSchema,
  placeSchema,
  stateSchema,
  type Country,
  type PermissionKey,
  type Place,
  type State,
} from '@safarnama/contract';
import { adminActivities, images, places } from '../../db/schema/index.js';
import {
  anyListQueryBelow500,
  errorOf,
  expectFiles,
  imagePart,
  record,
  sendForm,
  storedFiles,
  textParts,
} from '../../test/api.js';
import { makeCountry, makePlace, makeState } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { signedInWith } from '../../test/manage.js';
import {
  HTML_AS_JPG,
  SVG_WITH_SCRIPT,
  makeJpeg,
  makePng,
  type FormPart,
} from '../../test/images.js';

const S = API_PATHS.service;

describe('geography API', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
    jpeg = await makeJpeg(400, 300);
  });
  afterAll(() => t.close());

  const post = (url: string, parts: FormPart[], headers = auth) =>
    sendForm(t.app, 'POST', url, parts, headers);
  const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers });
  const addCountry = async (fields: Record<string, string>, extra: FormPart[] = []) =>
    countrySchema.parse(record(await post(S.addCountry, [...textParts(fields), ...extra]), 201));
  const addState = async (fields: Record<string, string>) =>
    stateSchema.parse(record(await post(S.addState, textParts(fields)), 201));
  const addPlace = async (fields: Record<string, string>) =>
    placeSchema.parse(record(await post(S.addPlace, textParts(fields)), 201));
  const list = async <K extends string>(
    url: string,
    key: K,
    query: Record<string, string> = {},
  ) => {
    const res = await get(`${url}?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = body<{ data: Record<K, { name: string }[]> & { pagination: unknown } }>(res).data;
    return { items: data[key], names: data[key].map((i) => i.name), pagination: data.pagination };
  };

  describe('countries', () => {
    it('adds a country with its flag: 201, data.data, short name upper-cased, files stored', async () => {
      const res = await post(S.addCountry, [
        ...textParts({ name: '  India ', shortName: 'in' }),
        imagePart('image', jpeg),
      ]);
      expect(body(res)).toMatchObject({ status: 201, success: true, message: M.countryAdded });
      const country = countrySchema.parse(record(res, 201));
      expect(country).toMatchObject({ name: 'India', shortName: 'IN', isActive: true });
      expect(country.image?.mimeType).toBe('image/jpeg');
      expectFiles(t.uploadsDir, country.image, true);
    });

    it('refuses a duplicate name whatever its case (409)', async () => {
      await addCountry({ name: 'Nepal', shortName: 'NP' });
      const err = errorOf(
        await post(S.addCountry, textParts({ name: ' NEPAL ', shortName: 'NP' })),
        409,
      );
      expect(err).toMatchObject({ code: 'CONFLICT', message: M.duplicateCountry });
    });

    it('validates the fields with their paths', async () => {
      const err = errorOf(
        await post(S.addCountry, textParts({ name: '  ', shortName: 'INDIA', isActive: 'maybe' })),
        400,
      );
      expect(err.details?.map((d) => d.path).sort()).toEqual(['isActive', 'name', 'shortName']);
      const unknown = errorOf(
        await post(S.addCountry, textParts({ name: 'X', shortName: 'XX', flag: 'y' })),
        400,
      );
      expect(unknown.details).toEqual([{ path: 'flag', message: 'Unknown field' }]);
      // JSON is not this route's content type.
      const json = await t.app.inject({
        method: 'POST',
        url: S.addCountry,
        headers: auth,
        payload: { data: { name: 'X', shortName: 'XX' } },
      });
      expect(json.statusCode).toBe(415);
    });

    it('refuses files that are not images (415) and keeps nothing', async () => {
      const before = await storedFiles(t.uploadsDir);
      for (const [data, name, type] of [
        [HTML_AS_JPG, 'x.jpg', 'image/jpeg'],
        [SVG_WITH_SCRIPT, 'x.svg', 'image/svg+xml'],
      ] as const) {
        const res = await post(S.addCountry, [
          ...textParts({ name: `Bad ${name}`, shortName: 'BD' }),
          imagePart('image', data, name, type),
        ]);
        expect(res.statusCode, res.body).toBe(415);
      }
      // None of the refused countries was stored (a random hex name may still contain 'bad').
      const bad = (await list(S.listCountries, 'countries', { search: 'Bad' })).items;
      expect(bad.filter((c) => c.name.startsWith('Bad '))).toEqual([]);
      expect(await storedFiles(t.uploadsDir)).toEqual(before);
      // Two flags at once: 400, nothing kept.
      const two = await post(S.addCountry, [
        ...textParts({ name: 'Twice', shortName: 'TW' }),
        imagePart('image', jpeg),
        imagePart('image', jpeg),
      ]);
      expect(errorOf(two, 400).details?.[0]?.path).toBe('image');
      expect(await storedFiles(t.uploadsDir)).toEqual(before);
    });

    it('updates only the fields sent; a new image replaces the old one and its files go', async () => {
      const country = await addCountry({ name: 'Sri Lanka', shortName: 'LK' }, [
        imagePart('image', jpeg),
      ]);
      const renamed = countrySchema.parse(
        record(await post(S.updateCountry, textParts({ id: country.id, name: 'Sri Lanka ' }))),
      );
      expect(renamed).toMatchObject({ name: 'Sri Lanka', shortName: 'LK', isActive: true });
      expect(renamed.image?._id).toBe(country.image?._id);

      const png = await makePng(120, 90);
      const res = await post(S.updateCountry, [
        ...textParts({ id: country.id, isActive: 'false' }),
        imagePart('image', png, 'flag.png', 'image/png'),
      ]);
      expect(body(res)).toMatchObject({ message: M.countryUpdated });
      const updated = countrySchema.parse(record(res));
      expect(updated.isActive).toBe(false);
      expect(updated.image?.mimeType).toBe('image/png');
      expectFiles(t.uploadsDir, country.image, false);
      expectFiles(t.uploadsDir, updated.image, true);
      const rows = await t.database.db.select().from(images).where(eq(images.ownerId, country.id));
      expect(rows).toHaveLength(1);
      // Fields not sent keep their value (an inactive country stays inactive).
      const again = countrySchema.parse(
        record(await post(S.updateCountry, textParts({ id: country.id, shortName: 'sl' }))),
      );
      expect(again).toMatchObject({ name: 'Sri Lanka', shortName: 'SL', isActive: false });
    });

    it('answers 404 for an unknown or malformed id, 409 for a rename onto another name', async () => {
      await addCountry({ name: 'Bhutan', shortName: 'BT' });
      const other = await addCountry({ name: 'Maldives', shortName: 'MV' });
      for (const id of ['0190a6e4-0000-7000-8000-000000000000', 'nope', "1' or '1'='1"]) {
        expect(
          errorOf(await post(S.updateCountry, textParts({ id, name: 'Z' })), 404).message,
        ).toBe(M.countryNotFound);
      }
      expect(
        errorOf(await post(S.updateCountry, textParts({ id: other.id, name: 'bhutan' })), 409)
          .message,
      ).toBe(M.duplicateCountry);
      expect(
        errorOf(await post(S.updateCountry, textParts({ name: 'x' })), 400).details?.[0]?.path,
      ).toBe('id');
    });
  });

  describe('states and places', () => {
    let country: Country;
    let otherCountry: Country;

    beforeAll(async () => {
      country = await addCountry({ name: 'Hindustan', shortName: 'HI' });
      otherCountry = await addCountry({ name: 'Bharatvarsh', shortName: 'BV' });
    });

    it('adds a state with its country named; unknown country → 400 at countryId', async () => {
      const state = await addState({ name: 'Goa', countryId: country.id });
      expect(state.country).toEqual({ _id: country.id, name: 'Hindustan', shortName: 'HI' });
      for (const countryId of ['0190a6e4-0000-7000-8000-000000000000', 'not-a-uuid']) {
        const err = errorOf(await post(S.addState, textParts({ name: 'Lost', countryId })), 400);
        expect(err.details).toEqual([{ path: 'countryId', message: M.countryNotFound }]);
      }
    });

    it('keeps state names unique per country, case-insensitively', async () => {
      await addState({ name: 'Kerala', countryId: country.id });
      const err = errorOf(
        await post(S.addState, textParts({ name: 'KERALA', countryId: country.id })),
        409,
      );
      expect(err.message).toBe(M.duplicateState);
      await addState({ name: 'Kerala', countryId: otherCountry.id });
    });

    it('adds a place only under a state of the given country', async () => {
      const state = await addState({ name: 'Punjab', countryId: country.id });
      const place = await addPlace({
        name: 'Amritsar',
        countryId: country.id,
        stateId: state.id,
        shortDescription: ' Golden Temple ',
      });
      expect(place).toMatchObject({
        shortDescription: 'Golden Temple',
        country: { _id: country.id, name: 'Hindustan' },
        state: { _id: state.id, name: 'Punjab' },
      });
      const wrong = errorOf(
        await post(
          S.addPlace,
          textParts({ name: 'X', countryId: otherCountry.id, stateId: state.id }),
        ),
        400,
      );
      expect(wrong.details).toEqual([{ path: 'stateId', message: M.stateNotInCountry }]);
      const unknown = errorOf(
        await post(S.addPlace, textParts({ name: 'X', countryId: 'x', stateId: 'y' })),
        400,
      );
      expect(unknown.details?.map((d) => d.message).sort()).toEqual([
        M.countryNotFound,
        M.stateNotFound,
      ]);
      const dup = errorOf(
        await post(
          S.addPlace,
          textParts({ name: 'amritsar', countryId: country.id, stateId: state.id }),
        ),
        409,
      );
      expect(dup.message).toBe(M.duplicatePlace);
    });

    it('moving a state to another country moves its places with it', async () => {
      const state = await addState({ name: 'Sikkim', countryId: country.id });
      const place = await addPlace({ name: 'Gangtok', countryId: country.id, stateId: state.id });
      const moved = stateSchema.parse(
        record(await post(S.updateState, textParts({ id: state.id, countryId: otherCountry.id }))),
      );
      expect(moved.country._id).toBe(otherCountry.id);
      const [row] = await t.database.db.select().from(places).where(eq(places.id, place.id));
      expect(row?.countryId).toBe(otherCountry.id);
      // A same-named state in the target country: 409; an unknown country: 400.
      await addState({ name: 'Tripura', countryId: country.id });
      const twin = await addState({ name: 'Tripura', countryId: otherCountry.id });
      expect(
        errorOf(await post(S.updateState, textParts({ id: twin.id, countryId: country.id })), 409)
          .message,
      ).toBe(M.duplicateState);
      expect(
        errorOf(await post(S.updateState, textParts({ id: twin.id, countryId: 'nope' })), 400)
          .details,
      ).toEqual([{ path: 'countryId', message: M.countryNotFound }]);
    });

    it('moves a place to another state only within the right country', async () => {
      const a = await addState({ name: 'Assam', countryId: country.id });
      const b = await addState({ name: 'Mizoram', countryId: country.id });
      const c = await addState({ name: 'Manipur', countryId: otherCountry.id });
      const place = await addPlace({
        name: 'Guwahati',
        countryId: country.id,
        stateId: a.id,
        shortDescription: 'Tea',
        isActive: 'false',
      });
      const moved = placeSchema.parse(
        record(await post(S.updatePlace, textParts({ id: place.id, stateId: b.id }))),
      );
      expect(moved.state).toEqual({ _id: b.id, name: 'Mizoram' });
      expect(moved).toMatchObject({ shortDescription: 'Tea', isActive: false });
      // State of another country while the country stays: 400.
      expect(
        errorOf(await post(S.updatePlace, textParts({ id: place.id, stateId: c.id })), 400).details,
      ).toEqual([{ path: 'stateId', message: M.stateNotInCountry }]);
      const both = placeSchema.parse(
        record(
          await post(
            S.updatePlace,
            textParts({ id: place.id, stateId: c.id, countryId: otherCountry.id }),
          ),
        ),
      );
      expect(both.country._id).toBe(otherCountry.id);
      expect(
        errorOf(await post(S.updatePlace, textParts({ id: 'x', name: 'y' })), 404).message,
      ).toBe(M.placeNotFound);
    });
  });

  describe('place coordinates (issue 22)', () => {
    let country: Country;
    let state: State;
    let seq = 0;
    const fieldsOf = (extra: Record<string, string>) => ({
      name: `Point ${String((seq += 1))}`,
      countryId: country.id,
      stateId: state.id,
      ...extra,
    });
    const update = (id: string, extra: Record<string, string>) =>
      post(S.updatePlace, textParts({ id, ...extra }));
    const stored = async (id: string) => {
      const [row] = await t.database.db.select().from(places).where(eq(places.id, id));
      return { latitude: row?.latitude, longitude: row?.longitude };
    };
    const fieldErrors = (res: Parameters<typeof errorOf>[0]) =>
      errorOf(res, 400).details?.map(({ path, message }) => ({ path, message }));

    beforeAll(async () => {
      country = await addCountry({ name: 'Coordinatia', shortName: 'CO' });
      state = await addState({ name: 'Meridian', countryId: country.id });
    });

    it('saves both and answers them on add, get-all-places and get-all-active-places', async () => {
      const place = await addPlace(
        fieldsOf({ name: 'Hampi', latitude: ' 15.335 ', longitude: '76.46' }),
      );
      expect(place).toMatchObject({ latitude: 15.335, longitude: 76.46 });
      expect(await stored(place.id)).toEqual({ latitude: 15.335, longitude: 76.46 });
      const listed = (await list(S.listPlaces, 'places', { search: 'Hampi' })).items;
      expect(placeSchema.array().parse(listed)[0]).toMatchObject({
        latitude: 15.335,
        longitude: 76.46,
      });
      const active = (
        await list(S.activePlaces, 'places', { countryId: country.id, stateId: state.id })
      ).items;
      expect(
        placeSchema
          .array()
          .parse(active)
          .find((p) => p.id === place.id),
      ).toMatchObject({
        latitude: 15.335,
        longitude: 76.46,
      });
      // The edges of the ranges are places too.
      const corner = await addPlace(fieldsOf({ latitude: '-90', longitude: '180' }));
      expect(corner).toMatchObject({ latitude: -90, longitude: 180 });
    });

    it('answers null for a place without a location (none sent, or both empty)', async () => {
      expect(await addPlace(fieldsOf({}))).toMatchObject({ latitude: null, longitude: null });
      expect(await addPlace(fieldsOf({ latitude: '', longitude: '' }))).toMatchObject({
        latitude: null,
        longitude: null,
      });
    });

    it('refuses a coordinate out of range or not a number with 400 at the field, saving nothing', async () => {
      const cases: [Record<string, string>, string, string][] = [
        [{ latitude: '90.5', longitude: '10' }, 'latitude', 'Latitude must be between -90 and 90'],
        [{ latitude: '-91', longitude: '10' }, 'latitude', 'Latitude must be between -90 and 90'],
        [
          { latitude: '10', longitude: '180.01' },
          'longitude',
          'Longitude must be between -180 and 180',
        ],
        [
          { latitude: '10', longitude: '-200' },
          'longitude',
          'Longitude must be between -180 and 180',
        ],
        [{ latitude: 'north', longitude: '10' }, 'latitude', 'Latitude must be a number'],
        [{ latitude: '10', longitude: '1e2' }, 'longitude', 'Longitude must be a number'],
      ];
      for (const [coordinates, path, message] of cases) {
        const name = `Refused ${path} ${coordinates[path] ?? ''}`;
        const res = await post(S.addPlace, textParts(fieldsOf({ name, ...coordinates })));
        expect(fieldErrors(res), JSON.stringify(coordinates)).toEqual([{ path, message }]);
        expect((await list(S.listPlaces, 'places', { search: name })).items).toEqual([]);
      }
    });

    it('refuses one coordinate without the other with 400 on the missing one', async () => {
      expect(fieldErrors(await post(S.addPlace, textParts(fieldsOf({ latitude: '12' }))))).toEqual([
        { path: 'longitude', message: 'Longitude is required when latitude is given' },
      ]);
      expect(
        fieldErrors(await post(S.addPlace, textParts(fieldsOf({ latitude: '', longitude: '77' })))),
      ).toEqual([{ path: 'latitude', message: 'Latitude is required when longitude is given' }]);
      const place = await addPlace(fieldsOf({ latitude: '10', longitude: '20' }));
      expect(fieldErrors(await update(place.id, { longitude: '21' }))).toEqual([
        { path: 'latitude', message: 'Latitude is required when longitude is given' },
      ]);
      expect(await stored(place.id)).toEqual({ latitude: 10, longitude: 20 });
    });

    it('update: absent keeps the stored pair, two numbers replace it, empty clears both', async () => {
      const place = await addPlace(fieldsOf({ latitude: '27.1751', longitude: '78.0421' }));
      const renamed = placeSchema.parse(
        record(await update(place.id, { shortDescription: 'Marble' })),
      );
      expect(renamed).toMatchObject({
        shortDescription: 'Marble',
        latitude: 27.1751,
        longitude: 78.0421,
      });
      const moved = placeSchema.parse(
        record(await update(place.id, { latitude: '-33.8568', longitude: '151.2153' })),
      );
      expect(moved).toMatchObject({ latitude: -33.8568, longitude: 151.2153 });
      // The audit entry of the update carries the coordinates' before and after.
      const [entry] = await t.database.db
        .select()
        .from(adminActivities)
        .where(and(eq(adminActivities.entityId, place.id), eq(adminActivities.action, 'update')))
        .orderBy(desc(adminActivities.createdAt))
        .limit(1);
      expect(entry?.changes).toMatchObject({
        latitude: { from: 27.1751, to: -33.8568 },
        longitude: { from: 78.0421, to: 151.2153 },
      });
      // '' in one field (the other absent) or in both clears the pair.
      const cleared = placeSchema.parse(record(await update(place.id, { latitude: '' })));
      expect(cleared).toMatchObject({ latitude: null, longitude: null });
      expect(await stored(place.id)).toEqual({ latitude: null, longitude: null });
      await update(place.id, { latitude: '1', longitude: '2' });
      const again = placeSchema.parse(
        record(await update(place.id, { latitude: '', longitude: '' })),
      );
      expect(again).toMatchObject({ latitude: null, longitude: null, shortDescription: 'Marble' });
    });
  });

  describe('active lists', () => {
    it('leave out everything under an inactive country or state, sorted by name', async () => {
      const db = t.database.db;
      const on = await makeCountry(db, { name: 'Zz Active Land' });
      const off = await makeCountry(db, { name: 'Zz Dormant Land', isActive: false });
      const s1 = await makeState(db, on.id, { name: 'Beta State' });
      const s2 = await makeState(db, on.id, { name: 'Alpha State' });
      const sOff = await makeState(db, on.id, { name: 'Closed State', isActive: false });
      const sUnderOff = await makeState(db, off.id, { name: 'Orphan State' });
      await makePlace(db, { countryId: on.id, stateId: s1.id }, { name: 'Yellow' });
      await makePlace(db, { countryId: on.id, stateId: s1.id }, { name: 'Blue' });
      await makePlace(
        db,
        { countryId: on.id, stateId: s1.id },
        { name: 'Hidden', isActive: false },
      );
      await makePlace(db, { countryId: on.id, stateId: sOff.id }, { name: 'Behind closed' });
      await makePlace(db, { countryId: off.id, stateId: sUnderOff.id }, { name: 'Behind dormant' });

      const active = await list(S.activeCountries, 'countries');
      expect(active.names).toContain('Zz Active Land');
      expect(active.names).not.toContain('Zz Dormant Land');
      expect(active.names).toEqual([...active.names].sort((a, b) => (a < b ? -1 : 1)));

      expect((await list(S.activeStates, 'states', { countryId: on.id })).names).toEqual([
        'Alpha State',
        'Beta State',
      ]);
      expect((await list(S.activeStates, 'states', { countryId: off.id })).names).toEqual([]);
      expect((await list(S.activeStates, 'states', { countryId: 'garbage' })).names).toEqual([]);
      expect(
        (await list(S.activePlaces, 'places', { countryId: on.id, stateId: s1.id })).names,
      ).toEqual(['Blue', 'Yellow']);
      expect(
        (await list(S.activePlaces, 'places', { countryId: on.id, stateId: sOff.id })).names,
      ).toEqual([]);
      expect(
        (await list(S.activePlaces, 'places', { countryId: off.id, stateId: sUnderOff.id })).names,
      ).toEqual([]);
      // A state asked for under the wrong country has no places either.
      expect(
        (await list(S.activePlaces, 'places', { countryId: off.id, stateId: s1.id })).names,
      ).toEqual([]);
      expect(s2).toBeDefined();
      // The query names are required.
      expect((await get(S.activeStates)).statusCode).toBe(400);
      expect((await get(`${S.activePlaces}?countryId=${on.id}`)).statusCode).toBe(400);
    });
  });

  describe('paged search', () => {
    it('finds by name (and places by state or country name), newest first, paged', async () => {
      const db = t.database.db;
      const country = await makeCountry(db, { name: 'Qatarland' });
      const state = await makeState(db, country.id, { name: 'Doha Province' });
      for (let i = 0; i < 12; i++) {
        await makePlace(db, { countryId: country.id, stateId: state.id }, { name: `Oasis ${i}` });
      }
      const page1 = await list(S.listPlaces, 'places', { search: 'oasis', limit: '5' });
      expect(page1.names).toEqual(['Oasis 11', 'Oasis 10', 'Oasis 9', 'Oasis 8', 'Oasis 7']);
      expect(paginationSchema.parse(page1.pagination)).toEqual({
        total: 12,
        page: 1,
        limit: 5,
        totalPages: 3,
        hasPrevPage: false,
        hasNextPage: true,
      });
      const page3 = await list(S.listPlaces, 'places', { search: 'oasis', limit: '5', page: '3' });
      expect(page3.names).toEqual(['Oasis 1', 'Oasis 0']);
      expect(
        (await list(S.listPlaces, 'places', { search: 'doha prov' })).pagination,
      ).toMatchObject({ total: 12 });
      expect(
        (await list(S.listPlaces, 'places', { search: 'QATARLAND' })).pagination,
      ).toMatchObject({ total: 12 });
      const placeItem = (await list(S.listPlaces, 'places', { search: 'Oasis 3' }))
        .items[0] as Place;
      expect(placeItem).toMatchObject({
        country: { name: 'Qatarland' },
        state: { name: 'Doha Province' },
      });

      const states = await list(S.listStates, 'states', { search: 'qatarland' });
      expect(states.names).toEqual(['Doha Province']);
      expect((states.items[0] as State).country.name).toBe('Qatarland');
      expect((await list(S.listCountries, 'countries', { search: 'atarl' })).names).toEqual([
        'Qatarland',
      ]);
      // LIKE wildcards are literal.
      await makeCountry(db, { name: '100% Pure' });
      expect((await list(S.listCountries, 'countries', { search: '%' })).names).toEqual([
        '100% Pure',
      ]);
      expect((await list(S.listCountries, 'countries', { search: '_' })).names).toEqual([]);
      // Bad paging is a 400, not a 500.
      expect((await get(`${S.listCountries}?page=0`)).statusCode).toBe(400);
      expect((await get(`${S.listCountries}?limit=1000`)).statusCode).toBe(400);
      expect((await get(`${S.listCountries}?sort=name`)).statusCode).toBe(400);
    });
  });

  describe('access', () => {
    it('answers 401 anonymous, 403 without the key, and lets the key alone through', async () => {
      const noKeys = (await signedInWith(t.database.db, t.hasher, [])).headers;
      const c = await makeCountry(t.database.db);
      const s = await makeState(t.database.db, c.id);
      const p = await makePlace(t.database.db, { countryId: c.id, stateId: s.id });
      let n = 0;
      const routes: [string, string, PermissionKey, () => FormPart[]][] = [
        [
          'POST',
          S.addCountry,
          'geography.create',
          () => textParts({ name: `Acc ${++n}`, shortName: 'AC' }),
        ],
        ['POST', S.updateCountry, 'geography.update', () => textParts({ id: c.id })],
        ['GET', S.listCountries, 'geography.view', () => []],
        ['GET', S.activeCountries, 'geography.view', () => []],
        [
          'POST',
          S.addState,
          'geography.create',
          () => textParts({ name: `Acc ${++n}`, countryId: c.id }),
        ],
        ['POST', S.updateState, 'geography.update', () => textParts({ id: s.id })],
        ['GET', S.listStates, 'geography.view', () => []],
        ['GET', `${S.activeStates}?countryId=${c.id}`, 'geography.view', () => []],
        [
          'POST',
          S.addPlace,
          'geography.create',
          () => textParts({ name: `Acc ${++n}`, countryId: c.id, stateId: s.id }),
        ],
        ['POST', S.updatePlace, 'geography.update', () => textParts({ id: p.id })],
        ['GET', S.listPlaces, 'geography.view', () => []],
        ['GET', `${S.activePlaces}?countryId=${c.id}&stateId=${s.id}`, 'geography.view', () => []],
      ];
      for (const [method, url, key, parts] of routes) {
        const call = (headers: Record<string, string>) =>
          method === 'GET' ? get(url, headers) : post(url, parts(), headers);
        expect((await call({})).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(noKeys)).statusCode, `${method} ${url}`).toBe(403);
        const res = await call((await signedInWith(t.database.db, t.hasher, [key])).headers);
        expect(res.statusCode, `${method} ${url} with ${key}: ${res.body}`).toBeLessThan(300);
      }
    });
  });

  describe('never a 500', () => {
    it('property: any list query answers 2xx/4xx', async () => {
      await anyListQueryBelow500(t.app, {
        urls: [S.listCountries, S.listStates, S.listPlaces, S.activeStates, S.activePlaces],
        headers: auth,
        keys: ['page', 'limit', 'search', 'countryId', 'stateId'],
        values: fc.oneof(
          fc.string({ maxLength: 250 }),
          fc.integer().map(String),
          fc.constant('%_\\'),
        ),
        numRuns: 120,
      });
    });

    it('property: any add form answers 2xx/4xx', async () => {
      const c = await makeCountry(t.database.db);
      const s = await makeState(t.database.db, c.id);
      const text = fc.oneof(
        fc.string({ maxLength: 120 }),
        fc.constantFrom(
          c.id,
          s.id,
          'true',
          'false',
          '',
          ' ',
          'IN',
          '0190a6e4-0000-7000-8000-000000000000',
          '12.5',
          '-181',
          '1e400',
        ),
      );
      const fields = fc.dictionary(
        fc.oneof(
          fc.constantFrom(
            'name',
            'shortName',
            'isActive',
            'countryId',
            'stateId',
            'shortDescription',
            'id',
            'latitude',
            'longitude',
          ),
          fc.string({ minLength: 1, maxLength: 8 }),
        ),
        text,
        { maxKeys: 6 },
      );
      const urls = [
        S.addCountry,
        S.addState,
        S.addPlace,
        S.updateCountry,
        S.updateState,
        S.updatePlace,
      ];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...urls), fields, async (url, f) => {
          const res = await post(url, textParts(f));
          expect(res.statusCode, res.body).toBeLessThan(500);
        }),
        { numRuns: 120 },
      );
    });
  });
});
