import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import {
  API_PATHS,
  CSV_MESSAGES as M,
  EXPORT_COLUMNS,
  EXPORT_ENTITIES,
  type CsvApplied,
  type CsvDryRun,
} from '@safarnama/contract';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { sendForm, textParts } from '../../test/api.js';
import { makeCountry, makePlace, makeState } from '../../test/factories.js';
import { signedInWith } from '../../test/manage.js';
import { adminActivities, itineraries, places, revisions } from '../../db/schema/index.js';

const file = (text: string | Buffer, name = 'data.csv') => ({
  name: 'file',
  data: typeof text === 'string' ? Buffer.from(text, 'utf8') : text,
  filename: name,
  type: 'text/csv',
});

describe('CSV export and import API', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let geo: { countryId: string; stateId: string; otherStateId: string; placeId: string };

  const dryRun = (entity: string, parts: Parameters<typeof sendForm>[3], headers = auth) =>
    sendForm(t.app, 'POST', API_PATHS.importCsv.dryRun(entity), parts, headers);
  const apply = (entity: string, parts: Parameters<typeof sendForm>[3], headers = auth) =>
    sendForm(t.app, 'POST', API_PATHS.importCsv.apply(entity), parts, headers);
  const exportCsv = (entity: string, query = '', headers = auth) =>
    t.app.inject({ method: 'GET', url: `${API_PATHS.exportCsv(entity)}${query}`, headers });
  const rowsOf = (text: string) => parse(text.replace(/^\uFEFF/, '')) as string[][];
  const placeCount = async () =>
    Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(places))[0]?.n);

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
    const db = t.database.db;
    const country = await makeCountry(db, { name: 'Bharat', shortName: 'IN' });
    const state = await makeState(db, country.id, { name: 'Goa' });
    const other = await makeState(db, country.id, { name: 'Kerala' });
    const place = await makePlace(
      db,
      { countryId: country.id, stateId: state.id },
      { name: 'Panaji' },
    );
    geo = { countryId: country.id, stateId: state.id, otherStateId: other.id, placeId: place.id };
  });
  afterAll(async () => {
    await t.close();
  });

  describe('export', () => {
    it('writes a BOM, the header, RFC 4180 quoting, numbers unquoted and neutralised formulas', async () => {
      const db = t.database.db;
      const hostile = ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tTab'];
      for (const [i, name] of hostile.entries()) {
        await db.insert(places).values({
          ...geo,
          placeId: undefined,
          name: `${name} ${String(i)}`,
          shortDescription: 'Beaches, "churches" and\nmarkets ₹ हिंदी',
          latitude: 15.5 + i,
          longitude: -73.8,
        } as never);
      }
      const res = await exportCsv('places');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="places-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const text = res.body;
      expect(text).toContain('\r\n');
      const rows = rowsOf(text);
      expect(rows[0]).toEqual([...EXPORT_COLUMNS.places]);
      const names = rows.slice(1).map((r) => r[1]);
      expect(names).toContain(`'=HYPERLINK("http://x") 0`);
      expect(names).toContain(`'+1 1`);
      expect(names).toContain(`'-2+3 2`);
      expect(names).toContain(`'@SUM(A1) 3`);
      expect(names).toContain(`'\tTab 4`);
      // Quoting on the wire: quotes doubled, the line break inside the quotes; numbers bare.
      expect(text).toContain('"Beaches, ""churches"" and\nmarkets ₹ हिंदी"');
      expect(text).toMatch(/,15\.5,-73\.8,true,/);
      // Negative numbers are numbers, not formulas.
      expect(text).not.toContain("'-73.8");
    });

    it('applies the list filter (search) and refuses what the list refuses', async () => {
      const res = await exportCsv('places', '?search=panaji');
      const rows = rowsOf(res.body);
      expect(rows.slice(1).map((r) => r[1])).toEqual(['Panaji']);
      expect((await exportCsv('places', '?page=2')).statusCode).toBe(400);
      expect((await exportCsv('places', '?bogus=1')).statusCode).toBe(400);
      const limited = await signedInWith(t.database.db, t.hasher, ['itineraries.view']);
      expect((await exportCsv('places', '', limited.headers)).statusCode).toBe(403);
      expect((await exportCsv('itineraries', '', limited.headers)).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: API_PATHS.exportCsv('places') })).statusCode,
      ).toBe(401);
    });

    it('streams every row across keyset batches, newest first, also gzip-compressed', async () => {
      const db = t.database.db;
      const values = Array.from({ length: 2345 }, (_, i) => ({
        countryId: geo.countryId,
        stateId: geo.stateId,
        placeId: geo.placeId,
        title: `Trip ${String(i).padStart(5, '0')}`,
        duration: '3 days',
        languages: ['English' as const],
        pricePerPerson: 12500 + i,
        // Same created_at for many rows: the keyset must still visit each exactly once.
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 100))),
      }));
      for (let i = 0; i < values.length; i += 500) {
        await db.insert(itineraries).values(values.slice(i, i + 500));
      }
      const res = await t.app.inject({
        method: 'GET',
        url: API_PATHS.exportCsv('itineraries'),
        headers: { ...auth, 'accept-encoding': 'gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      const text = gunzipSync(res.rawPayload).toString('utf8');
      const rows = rowsOf(text).slice(1);
      expect(rows).toHaveLength(2345);
      expect(new Set(rows.map((r) => r[0])).size).toBe(2345);
      const price = EXPORT_COLUMNS.itineraries.indexOf('Price per person');
      expect(text).toMatch(/,English,12500,public,/);
      expect(rows.every((r) => /^\d+$/.test(r[price] ?? ''))).toBe(true);
      // placeId filter of the list: an unknown place selects nothing.
      const none = await exportCsv('itineraries', `?placeId=${geo.countryId}`);
      expect(rowsOf(none.body)).toHaveLength(1);
    });

    it('has an export for every list, with the header the contract names', async () => {
      for (const entity of EXPORT_ENTITIES) {
        const res = await exportCsv(entity);
        expect(res.statusCode, entity).toBe(200);
        expect(rowsOf(res.body)[0], entity).toEqual([...EXPORT_COLUMNS[entity]]);
      }
      const admins = await exportCsv('admins');
      expect(admins.body).not.toMatch(/argon2|\$argon/);
    });
  });

  describe('import of places', () => {
    it('dry run: create, update by name within its state, errors naming the column; nothing written', async () => {
      const before = await placeCount();
      const csv = [
        'Name,Country,State,Short description,Latitude,Longitude,Active',
        'Calangute,Bharat,Goa,"Beach, north",15.54,73.76,yes',
        'panaji,IN,goa,Capital,,,true',
        'Kochi,Bharat,Nowhere,,,,',
        'Munnar,Bharat,Kerala,,95,10,maybe',
        'Calangute,Bharat,Goa,again,,,',
      ].join('\r\n');
      const res = await dryRun('places', [file(csv)]);
      expect(res.statusCode).toBe(200);
      const run = body<{ data: CsvDryRun }>(res).data;
      expect(run.mapping).toMatchObject({
        Name: 'name',
        Country: 'country',
        State: 'state',
        Active: 'isActive',
      });
      expect(run).toMatchObject({ total: 5, creates: 4, updates: 1, invalid: 3 });
      expect(run.rows[0]).toMatchObject({ line: 2, action: 'create', errors: [] });
      expect(run.rows[1]).toMatchObject({ line: 3, action: 'update', id: geo.placeId, errors: [] });
      expect(run.rows[2]?.errors).toEqual([
        { column: 'State', field: 'state', message: M.notFound('State', 'Nowhere') },
      ]);
      expect(run.rows[3]?.errors.map((e) => e.column).sort()).toEqual(['Active', 'Latitude']);
      expect(run.rows[4]?.errors).toEqual([
        { column: 'Name', field: 'name', message: M.duplicateRow(2) },
      ]);
      expect(await placeCount()).toBe(before);
    });

    it('apply with a bad row writes nothing; fixed, it writes all in one go with audit entries', async () => {
      const db = t.database.db;
      const before = await placeCount();
      const bad = 'Name,Country,State\nMargao,Bharat,Goa\nAlleppey,Bharat,Atlantis\n';
      const refused = await apply('places', [file(bad)]);
      expect(refused.statusCode).toBe(400);
      expect(body(refused)).toMatchObject({ message: M.hasErrors(1) });
      expect(JSON.stringify(body(refused))).toContain('line 3: State');
      expect(await placeCount()).toBe(before);
      const fixed =
        'Name,Country,State,Short description\nMargao,Bharat,Goa,South\nAlleppey,Bharat,Kerala,Backwaters\npanaji,Bharat,Goa,The capital\n';
      const res = await apply('places', [file(fixed)]);
      expect(res.statusCode).toBe(201);
      expect(body<{ data: CsvApplied }>(res).data).toMatchObject({
        total: 3,
        created: 2,
        updated: 1,
      });
      expect(await placeCount()).toBe(before + 2);
      const [panaji] = await db.select().from(places).where(eq(places.id, geo.placeId));
      expect(panaji?.shortDescription).toBe('The capital');
      const entries = await db
        .select()
        .from(adminActivities)
        .where(eq(adminActivities.entityType, 'place'));
      expect(entries.map((e) => e.summary)).toEqual(
        expect.arrayContaining([
          "Created place 'Margao'",
          "Created place 'Alleppey'",
          "Updated place 'panaji'",
          'Imported places from a CSV file',
        ]),
      );
      const update = entries.find((e) => e.summary === "Updated place 'panaji'");
      expect(update?.changes).toMatchObject({ shortDescription: { to: 'The capital' } });
      // The same file again: rows match by name within their state, so nothing is created twice.
      const again = await apply('places', [file(fixed)]);
      expect(body<{ data: CsvApplied }>(again).data).toMatchObject({ created: 0, updated: 3 });
      expect(await placeCount()).toBe(before + 2);
    });

    it('an Idempotency-Key replays the first apply', async () => {
      const csv = 'Name,Country,State\nBaga,Bharat,Goa\n';
      const headers = { ...auth, 'idempotency-key': 'csv-import-baga-1' };
      const first = await apply('places', [file(csv)], headers);
      const second = await apply('places', [file(csv)], headers);
      expect(first.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(body(second)).toEqual(body(first));
    });

    it('exports and imports back: every row an update, no errors', async () => {
      const exported = await exportCsv('places');
      const run = body<{ data: CsvDryRun }>(
        await dryRun('places', [file(exported.rawPayload)]),
      ).data;
      expect(run.invalid).toBe(0);
      expect(run.creates).toBe(0);
      expect(run.updates).toBe(run.total);
      expect(run.mapping['Created at']).toBe('');
      // The neutralised names come back with their quote: an update of the name, not a new place.
      expect(run.rows.every((r) => r.id !== null)).toBe(true);
    });

    it('an adjusted mapping, and the bad files: binary, encoding, not CSV, too large, mapping', async () => {
      const csv = 'Ort,Land,Bundesland\nAnjuna,Bharat,Goa\n';
      const guessed = await dryRun('places', [file(csv)]);
      expect(guessed.statusCode).toBe(400);
      expect(body(guessed)).toMatchObject({ message: M.nothingMapped });
      const mapping = JSON.stringify({ Ort: 'name', Land: 'country', Bundesland: 'state' });
      const mapped = await dryRun('places', [file(csv), ...textParts({ mapping })]);
      expect(body<{ data: CsvDryRun }>(mapped).data).toMatchObject({ creates: 1, invalid: 0 });

      const expect400 = async (parts: Parameters<typeof sendForm>[3], message: string | RegExp) => {
        const res = await dryRun('places', parts);
        expect(res.statusCode).toBe(400);
        expect(String(body<{ message: string }>(res).message)).toMatch(message);
      };
      await expect400(
        [file(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))],
        M.notCsv,
      );
      await expect400(
        [file(Buffer.from([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0xc3, 0x28, 0x0a]))],
        /UTF-8/,
      );
      await expect400([file('Name,Country,State\n"Open,Bharat,Goa\n')], /not valid CSV at line/);
      await expect400([file('Name,Country,State\n')], M.empty);
      await expect400([file('Name,Country\nA,Bharat\n')], M.requiredUnmapped('State'));
      await expect400(
        [file(csv), ...textParts({ mapping: JSON.stringify({ Nope: 'name' }) })],
        M.unknownHeader('Nope'),
      );
      await expect400(
        [file(csv), ...textParts({ mapping: JSON.stringify({ Ort: 'password' }) })],
        M.unknownField('password'),
      );
      await expect400([file(csv), ...textParts({ mapping: '[1' })], M.badMapping);
      await expect400([...textParts({ mapping })], M.fileRequired);
      // UTF-16 with its BOM is read.
      const utf16 = Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from('Name,Country,State\nVagator,Bharat,Goa\n', 'utf16le'),
      ]);
      expect(body<{ data: CsvDryRun }>(await dryRun('places', [file(utf16)])).data.creates).toBe(1);
      // Over 10 MB: 413 and nothing read further.
      const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x61);
      const tooBig = await dryRun('places', [file(big)]);
      expect(tooBig.statusCode).toBe(413);
      expect(body(tooBig)).toMatchObject({ message: M.tooLarge });
    });

    it('needs the create permission, and update for a row that updates', async () => {
      const viewer = await signedInWith(t.database.db, t.hasher, ['geography.view']);
      const csv = 'Name,Country,State\nPanaji,Bharat,Goa\nNew One,Bharat,Goa\n';
      expect((await dryRun('places', [file(csv)], viewer.headers)).statusCode).toBe(403);
      const creator = await signedInWith(t.database.db, t.hasher, ['geography.create']);
      const run = body<{ data: CsvDryRun }>(
        await dryRun('places', [file(csv)], creator.headers),
      ).data;
      expect(run.rows[0]?.errors[0]?.message).toBe(M.noUpdatePermission);
      expect(run.rows[1]?.errors).toEqual([]);
    });
  });

  describe('import of itineraries', () => {
    it('validates with the itinerary schema, writes revisions and quality codes, all or nothing', async () => {
      const db = t.database.db;
      const header =
        'Title,Duration,Type,Group size,Languages,Price per person,Visibility,Months,Country,State,Place,Meta title';
      const bad = [
        header,
        'Goa Escape,4 days,leisure,2,"English, Hindi","₹12,500",public,"Dec, JAN",Bharat,Goa,Panaji,Escape',
        'Broken,,Space,x,Klingon,-5,public,Smarch,Bharat,Goa,Panaji,',
      ].join('\n');
      const run = body<{ data: CsvDryRun }>(await dryRun('itineraries', [file(bad)])).data;
      expect(run.rows[0]?.errors).toEqual([]);
      const columns = run.rows[1]?.errors.map((e) => e.column) ?? [];
      expect(columns).toEqual(
        expect.arrayContaining([
          'Duration',
          'Type',
          'Group size',
          'Languages',
          'Price per person',
          'Months',
        ]),
      );
      const countBefore = (await db.select({ id: itineraries.id }).from(itineraries)).length;
      expect((await apply('itineraries', [file(bad)])).statusCode).toBe(400);
      expect((await db.select({ id: itineraries.id }).from(itineraries)).length).toBe(countBefore);

      const good =
        bad.split('\n').slice(0, 2).join('\n') +
        '\nPrivate Trip,2 days,,,English,0,private,,Bharat,Goa,Panaji,Dropped when private\n';
      const res = await apply('itineraries', [file(good)]);
      expect(res.statusCode).toBe(201);
      expect(body<{ data: CsvApplied }>(res).data).toMatchObject({ created: 2, updated: 0 });
      const [escape] = await db
        .select()
        .from(itineraries)
        .where(eq(itineraries.title, 'Goa Escape'));
      expect(escape).toMatchObject({
        type: 'Leisure',
        languages: ['English', 'Hindi'],
        pricePerPerson: 12500,
        months: ['JAN', 'DEC'],
        metaTitle: 'Escape',
        version: 1,
      });
      expect(escape?.qualityIssues.length).toBeGreaterThan(0);
      const [secret] = await db
        .select()
        .from(itineraries)
        .where(eq(itineraries.title, 'Private Trip'));
      expect(secret?.metaTitle).toBe('');
      const revs = await db
        .select()
        .from(revisions)
        .where(
          and(eq(revisions.entityType, 'itinerary'), eq(revisions.entityId, escape?.id ?? '')),
        );
      expect(revs).toMatchObject([{ version: 1, action: 'create' }]);

      // An update by title within its place keeps what the file does not set and raises the version.
      const update =
        'Title,Duration,Languages,Country,State,Place\ngoa escape,5 days,English,Bharat,Goa,Panaji\n';
      const updated = await apply('itineraries', [file(update)]);
      expect(body<{ data: CsvApplied }>(updated).data).toMatchObject({ created: 0, updated: 1 });
      const [after] = await db
        .select()
        .from(itineraries)
        .where(eq(itineraries.id, escape?.id ?? ''));
      expect(after).toMatchObject({
        duration: '5 days',
        pricePerPerson: 12500,
        languages: ['English'],
        version: 2,
      });
      const revs2 = await db
        .select()
        .from(revisions)
        .where(eq(revisions.entityId, escape?.id ?? ''));
      expect(revs2.map((r) => r.version).sort()).toEqual([1, 2]);
      expect(revs2.find((r) => r.version === 2)?.changedFields).toEqual(
        expect.arrayContaining(['duration', 'languages']),
      );
    });
  });
});
