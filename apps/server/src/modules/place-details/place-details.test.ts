import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  GEOGRAPHY_MESSAGES as G,
  IMAGE_LIBRARY_MESSAGES,
  PLACE_DETAILS_MESSAGES as M,
  placeDetailsSchema,
  type PermissionKey,
  type PlaceDetails,
} from '@safarnama/contract';
import { placeDetails as placeDetailsTable } from '../../db/schema/index.js';
import {
  anyListQueryBelow500,
  errorOf,
  expectFiles,
  imageKeys,
  imagePart,
  record,
  sendForm,
  storedFiles,
  textParts,
} from '../../test/api.js';
import { makeCountry, makeGeography, makePlace, makeState } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { signedInWith } from '../../test/manage.js';
import {
  HTML_AS_JPG,
  makeGifJsPolyglot,
  makeJpeg,
  makePng,
  type FormPart,
} from '../../test/images.js';
import { insertLibrary } from '../image-libraries/image-libraries.repo.js';

const S = API_PATHS.service;
const XSS =
  '<p onclick="alert(1)">Beaches <strong>and</strong> forts</p><script>alert(1)</script>' +
  '<a href="javascript:alert(1)">x</a><img src=x onerror="alert(1)">' +
  '<iframe srcdoc="<script>alert(1)</script>"></iframe><p style="background:url(x)">y</p>';
const XSS_CLEAN =
  '<p>Beaches <strong>and</strong> forts</p><a rel="noopener noreferrer nofollow">x</a><p>y</p>';

describe('place details API', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let jpeg: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
    jpeg = await makeJpeg(400, 300);
    png = await makePng(200, 150);
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, parts: FormPart[], headers = auth) =>
    sendForm(t.app, method, url, parts, headers);
  const add = (fields: Record<string, string | undefined>, extra: FormPart[] = []) =>
    send('POST', S.addPlaceDetails, [...textParts(fields), ...extra]);
  const added = async (fields: Record<string, string | undefined>, extra: FormPart[] = []) =>
    placeDetailsSchema.parse(record(await add(fields, extra), 201));
  const update = (fields: Record<string, string | undefined>, extra: FormPart[] = []) =>
    send('PATCH', S.updatePlaceDetails, [...textParts(fields), ...extra]);
  const getOne = async (id: string) =>
    placeDetailsSchema.parse(
      record(
        await t.app.inject({ method: 'GET', url: `${S.placeDetailsById}?id=${id}`, headers: auth }),
      ),
    );
  const addGallery = (id: string, files: Buffer[], alts: string[] = [], headers = auth) =>
    send(
      'PUT',
      S.addPlaceDetailsGallery,
      [
        ...textParts({ id }),
        ...files.map((f, i) => imagePart('images', f, `g${i}.jpg`)),
        ...alts.map((value, i) => ({ name: `altTexts[${i}]`, value })),
      ],
      headers,
    );
  const removeGallery = (data: unknown, headers = auth) =>
    t.app.inject({
      method: 'DELETE',
      url: S.removePlaceDetailsGallery,
      headers,
      payload: { data },
    });
  const parents = async () => {
    const { country, state, place } = await makeGeography(t.database.db);
    return { countryId: country.id, stateId: state.id, placeId: place.id };
  };
  const library = (title = 'Monsoon shots') => insertLibrary(t.database.db, { title });

  describe('add', () => {
    it('adds a month with cover, objects from JSON text, names and the library title', async () => {
      const ids = await parents();
      const lib = await library();
      const res = await add(
        {
          ...ids,
          month: 'JAN',
          description: XSS,
          imageLibraryId: lib.id,
          temperature: '{"min": 12, "max": 24}',
          location: '{"latitude": 15.5, "longitude": 73.8, "address": " Panaji "}',
          bestTimeToVisit: '{"fromMonth":"NOV","toMonth":"FEB"}',
        },
        [imagePart('coverPhoto', jpeg)],
      );
      expect(body(res)).toMatchObject({ status: 201, success: true, message: M.added });
      const details = placeDetailsSchema.parse(record(res, 201));
      expect(details).toMatchObject({
        ...ids,
        month: 'JAN',
        description: XSS_CLEAN,
        imageLibraryId: lib.id,
        imageLibrary: { _id: lib.id, title: 'Monsoon shots' },
        temperature: { min: 12, max: 24 },
        location: { latitude: 15.5, longitude: 73.8, address: 'Panaji' },
        bestTimeToVisit: { fromMonth: 'NOV', toMonth: 'FEB', note: '' },
        status: 'active',
        gallery: [],
      });
      expect(details.place.name).toMatch(/^Place /);
      expectFiles(t.uploadsDir, details.coverPhoto, true);
      // The stored row holds the clean HTML too.
      const [row] = await t.database.db
        .select()
        .from(placeDetailsTable)
        .where(eq(placeDetailsTable.id, details.id));
      expect(row?.description).toBe(XSS_CLEAN);
    });

    it('leaves optional parts empty; an empty imageLibraryId is none', async () => {
      const details = await added({ ...(await parents()), month: 'FEB', imageLibraryId: '' });
      expect(details).toMatchObject({
        description: '',
        imageLibraryId: null,
        imageLibrary: null,
        temperature: null,
        location: null,
        bestTimeToVisit: null,
        coverPhoto: null,
      });
    });

    it('answers 409 for a second record of the same place and month, also when both race', async () => {
      const ids = await parents();
      await added({ ...ids, month: 'MAR' });
      expect(errorOf(await add({ ...ids, month: 'MAR' }), 409).message).toBe(M.duplicate);

      const race = await parents();
      const before = await storedFiles(t.uploadsDir);
      const results = await Promise.all([
        add({ ...race, month: 'APR' }, [imagePart('coverPhoto', jpeg)]),
        add({ ...race, month: 'APR' }, [imagePart('coverPhoto', jpeg)]),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      // The loser's cover files were removed again: only the winner's remain.
      const won = results.find((r) => r.statusCode === 201);
      if (!won) throw new Error('no 201');
      const winner = placeDetailsSchema.parse(record(won, 201));
      const after = await storedFiles(t.uploadsDir);
      expect(after.filter((f) => !before.includes(f)).sort()).toEqual(
        imageKeys(winner.coverPhoto).sort(),
      );
    });

    it('checks the parents: place in state, state in country, all known (400)', async () => {
      const a = await parents();
      const b = await parents();
      const wrongPlace = errorOf(await add({ ...a, placeId: b.placeId, month: 'MAY' }), 400);
      expect(wrongPlace.details).toEqual([{ path: 'placeId', message: G.placeNotInState }]);
      const wrongState = errorOf(await add({ ...a, stateId: b.stateId, month: 'MAY' }), 400);
      expect(wrongState.details).toContainEqual({ path: 'stateId', message: G.stateNotInCountry });
      const unknown = errorOf(
        await add({
          countryId: 'x',
          stateId: a.stateId,
          placeId: '0190a6e4-0000-7000-8000-000000000000',
          month: 'MAY',
        }),
        400,
      );
      expect(unknown.details).toEqual(
        expect.arrayContaining([
          { path: 'countryId', message: G.countryNotFound },
          { path: 'placeId', message: G.placeNotFound },
        ]),
      );
      const badLibrary = errorOf(
        await add({ ...a, month: 'MAY', imageLibraryId: '0190a6e4-0000-7000-8000-000000000000' }),
        400,
      );
      expect(badLibrary.details).toEqual([
        { path: 'imageLibraryId', message: IMAGE_LIBRARY_MESSAGES.notFound },
      ]);
    });

    it('answers bad JSON and bad objects with a field error at that field', async () => {
      const ids = await parents();
      const cases: [Record<string, string>, string, string | RegExp][] = [
        [{ temperature: '{min: 12' }, 'temperature', 'Must be valid JSON'],
        [{ location: 'null' }, 'location', /./],
        [{ bestTimeToVisit: '' }, 'bestTimeToVisit', 'Must be valid JSON'],
        [{ temperature: '{"min": 30, "max": 10}' }, 'temperature.min', /cannot be above/],
        [{ location: '{"latitude": 99, "longitude": 0}' }, 'location.latitude', /./],
        [
          { bestTimeToVisit: '{"fromMonth":"January","toMonth":"FEB"}' },
          'bestTimeToVisit.fromMonth',
          /./,
        ],
        [
          { temperature: '{"min": 1, "max": 2, "evil": true}' },
          'temperature.evil',
          'Unknown field',
        ],
        [{ month: 'January' }, 'month', /./],
      ];
      for (const [fields, path, message] of cases) {
        const err = errorOf(await add({ ...ids, month: 'JUN', ...fields }), 400);
        expect(err.details?.[0]?.path, JSON.stringify(fields)).toBe(path);
        expect(err.details?.[0]?.message).toMatch(message);
      }
    });

    it('refuses a cover that is not an image (415) and keeps no file or row', async () => {
      const ids = await parents();
      const before = await storedFiles(t.uploadsDir);
      for (const data of [HTML_AS_JPG, makeGifJsPolyglot()]) {
        const res = await add({ ...ids, month: 'JUL' }, [imagePart('coverPhoto', data)]);
        expect(res.statusCode, res.body).toBe(415);
      }
      expect(await storedFiles(t.uploadsDir)).toEqual(before);
      expect((await add({ ...ids, month: 'JUL' })).statusCode).toBe(201);
    });
  });

  describe('update', () => {
    let details: PlaceDetails;
    beforeAll(async () => {
      const lib = await library('Winter');
      details = await added(
        {
          ...(await parents()),
          month: 'AUG',
          description: '<p>Old</p>',
          imageLibraryId: lib.id,
          temperature: '{"min":1,"max":2}',
          status: 'inactive',
        },
        [imagePart('coverPhoto', jpeg)],
      );
    });

    it('needs imageLibraryId on every update; empty clears it and nothing else changes', async () => {
      const missing = errorOf(await update({ id: details.id, month: 'SEP' }), 400);
      expect(missing.details?.[0]?.path).toBe('imageLibraryId');
      const res = await update({ id: details.id, imageLibraryId: '' });
      expect(body(res)).toMatchObject({ message: M.updated });
      const cleared = placeDetailsSchema.parse(record(res));
      expect(cleared).toMatchObject({
        imageLibraryId: null,
        imageLibrary: null,
        month: 'AUG',
        description: '<p>Old</p>',
        temperature: { min: 1, max: 2 },
        status: 'inactive',
      });
      expect(cleared.coverPhoto?._id).toBe(details.coverPhoto?._id);
    });

    it('changes the fields sent, sanitises the description, sets status only when sent', async () => {
      const lib = await library('Summer');
      const updated = placeDetailsSchema.parse(
        record(
          await update({
            id: details.id,
            imageLibraryId: lib.id,
            description: XSS,
            location: '{"latitude":1,"longitude":2}',
            status: 'active',
          }),
        ),
      );
      expect(updated).toMatchObject({
        imageLibrary: { _id: lib.id, title: 'Summer' },
        description: XSS_CLEAN,
        location: { latitude: 1, longitude: 2, address: '' },
        temperature: { min: 1, max: 2 },
        status: 'active',
      });
      const same = placeDetailsSchema.parse(
        record(await update({ id: details.id, imageLibraryId: lib.id })),
      );
      expect(same.status).toBe('active');
      const bad = errorOf(
        await update({ id: details.id, imageLibraryId: '', temperature: '[' }),
        400,
      );
      expect(bad.details?.[0]?.path).toBe('temperature');
      // Parents are not editable here.
      const parentsSent = errorOf(
        await update({ id: details.id, imageLibraryId: '', placeId: details.placeId }),
        400,
      );
      expect(parentsSent.details).toEqual([{ path: 'placeId', message: 'Unknown field' }]);
    });

    it('replaces the cover only with a real file; the old files are deleted', async () => {
      const current = await getOne(details.id);
      // A text value (e.g. the old URL) and an empty file input change nothing.
      const kept = placeDetailsSchema.parse(
        record(
          await update({ id: details.id, imageLibraryId: '' }, [
            { name: 'coverPhoto', value: current.coverPhoto?.url ?? '' },
          ]),
        ),
      );
      expect(kept.coverPhoto?._id).toBe(current.coverPhoto?._id);
      const empty = placeDetailsSchema.parse(
        record(
          await update({ id: details.id, imageLibraryId: '' }, [
            {
              name: 'coverPhoto',
              data: Buffer.alloc(0),
              filename: '',
              type: 'application/octet-stream',
            },
          ]),
        ),
      );
      expect(empty.coverPhoto?._id).toBe(current.coverPhoto?._id);
      expectFiles(t.uploadsDir, current.coverPhoto, true);

      const replaced = placeDetailsSchema.parse(
        record(
          await update({ id: details.id, imageLibraryId: '' }, [
            imagePart('coverPhoto', png, 'c.png', 'image/png'),
          ]),
        ),
      );
      expect(replaced.coverPhoto?.mimeType).toBe('image/png');
      expectFiles(t.uploadsDir, current.coverPhoto, false);
      expectFiles(t.uploadsDir, replaced.coverPhoto, true);
    });

    it('answers 409 when the new month is taken, 404 for an unknown record', async () => {
      const ids = {
        countryId: details.countryId,
        stateId: details.stateId,
        placeId: details.placeId,
      };
      await added({ ...ids, month: 'OCT' });
      expect(
        errorOf(await update({ id: details.id, imageLibraryId: '', month: 'OCT' }), 409).message,
      ).toBe(M.duplicate);
      for (const id of ['0190a6e4-0000-7000-8000-000000000000', 'zzz']) {
        expect(errorOf(await update({ id, imageLibraryId: '' }), 404).message).toBe(M.notFound);
      }
    });
  });

  describe('gallery', () => {
    it("appends images with alt texts, removes chosen ones (files gone), refuses other records' ids", async () => {
      const details = await added({ ...(await parents()), month: 'NOV' });
      const first = placeDetailsSchema.parse(
        record(await addGallery(details.id, [jpeg, png], ['Fort', ' Beach '])),
      );
      expect(first.gallery.map((g) => [g.altText, g.order])).toEqual([
        ['Fort', 0],
        ['Beach', 1],
      ]);
      const res = await addGallery(details.id, [jpeg], ['Market']);
      expect(body(res)).toMatchObject({ message: M.galleryUpdated });
      const second = placeDetailsSchema.parse(record(res));
      expect(second.gallery.map((g) => g.altText)).toEqual(['Fort', 'Beach', 'Market']);
      expect((await getOne(details.id)).gallery.map((g) => g.altText)).toEqual([
        'Fort',
        'Beach',
        'Market',
      ]);

      const other = await added({ ...(await parents()), month: 'NOV' });
      const otherWithImage = placeDetailsSchema.parse(record(await addGallery(other.id, [jpeg])));
      const foreign = otherWithImage.gallery[0]?._id ?? '';
      const err = errorOf(
        await removeGallery({ id: details.id, imageIds: [second.gallery[0]?._id, foreign] }),
        400,
      );
      expect(err.details).toEqual([{ path: 'imageIds[1]', message: M.unknownImage }]);
      expect((await getOne(details.id)).gallery).toHaveLength(3);

      const gone = second.gallery[1];
      if (!gone) throw new Error('gallery image missing');
      const removedRes = await removeGallery({ id: details.id, imageIds: [gone._id] });
      expect(body(removedRes)).toMatchObject({ message: M.imageRemoved });
      const after = placeDetailsSchema.parse(record(removedRes));
      expect(after.gallery.map((g) => g.altText)).toEqual(['Fort', 'Market']);
      expectFiles(t.uploadsDir, gone, false);
      expectFiles(t.uploadsDir, after.gallery[0] ?? null, true);
      // The other record's gallery was not touched.
      expect((await getOne(other.id)).gallery).toHaveLength(1);
    });

    it('validates the upload: alt text ≤ 100, at least one image, images only, a known record', async () => {
      const details = await added({ ...(await parents()), month: 'DEC' });
      const before = await storedFiles(t.uploadsDir);
      const long = errorOf(
        await addGallery(details.id, [jpeg, jpeg], ['ok', 'x'.repeat(101)]),
        400,
      );
      expect(long.details).toEqual([
        { path: 'altTexts[1]', message: expect.stringMatching(/100/) },
      ]);
      expect(errorOf(await addGallery(details.id, []), 400).details).toEqual([
        { path: 'images', message: M.noImages },
      ]);
      expect((await addGallery(details.id, [HTML_AS_JPG])).statusCode).toBe(415);
      expect(
        errorOf(await addGallery('0190a6e4-0000-7000-8000-000000000000', [jpeg]), 404).message,
      ).toBe(M.notFound);
      expect(await storedFiles(t.uploadsDir)).toEqual(before);
      expect((await getOne(details.id)).gallery).toEqual([]);
      // The JSON body of the removal is strict.
      expect(
        errorOf(await removeGallery({ id: details.id, imageIds: [] }), 400).details?.[0]?.path,
      ).toBe('imageIds');
      expect(
        errorOf(await removeGallery({ id: details.id, imageIds: ['x'], more: 1 }), 400).details?.[0]
          ?.message,
      ).toBe('Unknown field');
      expect(errorOf(await removeGallery({ id: 'nope', imageIds: ['x'] }), 404).message).toBe(
        M.notFound,
      );
    });
  });

  describe('get and list', () => {
    it('get by id: 404 unknown, 400 without id', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${S.placeDetailsById}?id=nope`,
        headers: auth,
      });
      expect(errorOf(res, 404).message).toBe(M.notFound);
      expect(
        (await t.app.inject({ method: 'GET', url: S.placeDetailsById, headers: auth })).statusCode,
      ).toBe(400);
    });

    it('searches by place name and month (code or name), newest first, paged', async () => {
      const db = t.database.db;
      const country = await makeCountry(db);
      const state = await makeState(db, country.id);
      const zanzibar = await makePlace(
        db,
        { countryId: country.id, stateId: state.id },
        { name: 'Zanzibar Coast' },
      );
      for (const month of ['JAN', 'FEB', 'MAR']) {
        await added({ countryId: country.id, stateId: state.id, placeId: zanzibar.id, month });
      }
      const search = async (q: string, extra = '') => {
        const res = await t.app.inject({
          method: 'GET',
          url: `${S.listPlaceDetails}?search=${encodeURIComponent(q)}${extra}`,
          headers: auth,
        });
        expect(res.statusCode, res.body).toBe(200);
        return body<{
          data: {
            placeDetails: PlaceDetails[];
            pagination: { total: number; hasNextPage: boolean };
          };
        }>(res).data;
      };
      const byName = await search('zanzibar');
      expect(byName.placeDetails.map((d) => d.month)).toEqual(['MAR', 'FEB', 'JAN']);
      expect(byName.placeDetails[0]).toMatchObject({
        place: { name: 'Zanzibar Coast' },
        country: { name: country.name },
        state: { name: state.name },
      });
      const paged = await search('zanzibar', '&limit=2&page=1');
      expect(paged.placeDetails).toHaveLength(2);
      expect(paged.pagination).toMatchObject({ total: 3, hasNextPage: true });
      expect((await search('february')).placeDetails.map((d) => d.place.name)).toContain(
        'Zanzibar Coast',
      );
      // Other records may match 'feb' by a (random) place name; this place matches by month only.
      expect(
        (await search('feb')).placeDetails
          .filter((d) => d.placeId === zanzibar.id)
          .map((d) => d.month),
      ).toEqual(['FEB']);
      expect((await search('%')).placeDetails).toEqual([]);
    });

    it('follows a state moved to another country', async () => {
      const ids = await parents();
      const details = await added({ ...ids, month: 'JAN' });
      const target = await makeCountry(t.database.db);
      const res = await send(
        'POST',
        S.updateState,
        textParts({ id: ids.stateId, countryId: target.id }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((await getOne(details.id)).country).toEqual({ _id: target.id, name: target.name });
    });
  });

  describe('access', () => {
    it('answers 401 anonymous, 403 without the key, and lets the key alone through', async () => {
      const noKeys = (await signedInWith(t.database.db, t.hasher, [])).headers;
      const ids = await parents();
      const details = await added({ ...ids, month: 'MAY' });
      const withImage = placeDetailsSchema.parse(
        record(await addGallery(details.id, [jpeg, jpeg])),
      );
      const imageIds = withImage.gallery.map((g) => g._id);
      const routes: [
        string,
        string,
        PermissionKey,
        (h: Record<string, string>) => Promise<{ statusCode: number; body: string }>,
      ][] = [
        [
          'POST',
          S.addPlaceDetails,
          'place-details.create',
          (h) => send('POST', S.addPlaceDetails, textParts({ ...ids, month: 'AUG' }), h),
        ],
        [
          'GET',
          S.listPlaceDetails,
          'place-details.view',
          (h) => t.app.inject({ method: 'GET', url: S.listPlaceDetails, headers: h }),
        ],
        [
          'GET',
          S.placeDetailsById,
          'place-details.view',
          (h) =>
            t.app.inject({
              method: 'GET',
              url: `${S.placeDetailsById}?id=${details.id}`,
              headers: h,
            }),
        ],
        [
          'PATCH',
          S.updatePlaceDetails,
          'place-details.update',
          (h) =>
            send(
              'PATCH',
              S.updatePlaceDetails,
              textParts({ id: details.id, imageLibraryId: '' }),
              h,
            ),
        ],
        [
          'PUT',
          S.addPlaceDetailsGallery,
          'place-details.update',
          (h) => addGallery(details.id, [jpeg], [], h),
        ],
        [
          'DELETE',
          S.removePlaceDetailsGallery,
          'place-details.delete',
          (h) => removeGallery({ id: details.id, imageIds: imageIds.slice(0, 1) }, h),
        ],
      ];
      for (const [method, url, key, call] of routes) {
        expect((await call({})).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(noKeys)).statusCode, `${method} ${url}`).toBe(403);
        const res = await call((await signedInWith(t.database.db, t.hasher, [key])).headers);
        expect(res.statusCode, `${method} ${url} with ${key}: ${res.body}`).toBeLessThan(300);
      }
    });
  });

  describe('never a 500', () => {
    it('property: any list query or add/update form answers 2xx/4xx', async () => {
      const ids = await parents();
      await anyListQueryBelow500(t.app, {
        urls: [S.listPlaceDetails, S.placeDetailsById],
        headers: auth,
        keys: ['page', 'limit', 'search', 'id'],
      });
      const text = fc.oneof(
        fc.string({ maxLength: 100 }),
        fc.json({ maxDepth: 2 }),
        fc.constantFrom(
          ids.countryId,
          ids.stateId,
          ids.placeId,
          'JAN',
          'SEP',
          '',
          'active',
          '{"min":1,"max":2}',
        ),
      );
      const fields = fc.record(
        {
          id: text,
          countryId: text,
          stateId: text,
          placeId: text,
          month: text,
          description: text,
          imageLibraryId: text,
          temperature: text,
          location: text,
          bestTimeToVisit: text,
          status: text,
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(fc.boolean(), fields, async (isAdd, f) => {
          const { id, ...rest } = f;
          const res = isAdd ? await add(rest) : await update({ ...f, id: id ?? '' });
          expect(res.statusCode, res.body).toBeLessThan(500);
        }),
        { numRuns: 100 },
      );
    });
  });
});
