import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, IDEMPOTENCY_MESSAGES as M, countrySchema } from '@safarnama/contract';
import { adminActivities, countries, itineraries, userTypes } from '../db/schema/index.js';
import { errorOf, imagePart, record, textParts } from '../test/api.js';
import { loginAs, makeAdmin, makeGeography } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { makeJpeg, multipart, type FormPart } from '../test/images.js';

/** Issue 10 / SECURITY 21: a repeated create with the same Idempotency-Key creates once. */
describe('Idempotency-Key on creates', () => {
  let t: TestApp;
  let clock: Date;
  let auth: Record<string, string>;
  let other: Record<string, string>;
  let admin: Awaited<ReturnType<typeof makeAdmin>>;

  beforeAll(async () => {
    clock = new Date('2026-11-21T10:00:00Z');
    t = await createTestApp({ now: () => clock });
    admin = await makeAdmin(t.database.db, t.hasher, { superAdmin: true });
    auth = (await loginAs(t.app, admin)).headers;
    const second = await makeAdmin(t.database.db, t.hasher, { superAdmin: true });
    other = (await loginAs(t.app, second)).headers;
  });
  afterAll(() => t.close());

  const addRole = (name: string, key?: string, headers = auth) =>
    t.app.inject({
      method: 'POST',
      url: API_PATHS.manage.addUserType,
      headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { data: { name, description: 'Made by the idempotency test' } },
    });
  const rolesNamed = async (name: string) =>
    (await t.database.db.select({ n: count() }).from(userTypes).where(eq(userTypes.name, name)))[0]
      ?.n ?? 0;
  const auditCount = async () =>
    (await t.database.db.select({ n: count() }).from(adminActivities))[0]?.n ?? 0;

  it('answers a repeat with the first answer, marked as replayed, and creates one row', async () => {
    const audits = await auditCount();
    const first = await addRole('Trip planners', 'key-role-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await addRole('Trip planners', 'key-role-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await rolesNamed('Trip planners')).toBe(1);
    expect(await auditCount()).toBe(audits + 1); // the replay is not a second change
  });

  it('replays a long answer (sent as UTF-8 bytes) byte for byte', async () => {
    const { country, state, place } = await makeGeography(t.database.db);
    const title = 'Backwaters – ₹1,25,000 ’til Alleppey';
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: API_PATHS.service.createItinerary,
        headers: { ...auth, 'idempotency-key': 'key-long-itinerary' },
        payload: {
          data: {
            title,
            duration: '5 Days / 4 Nights',
            languages: ['English'],
            countryId: country.id,
            stateId: state.id,
            placeId: place.id,
            description: `<p>${'Houseboat nights – नाव पर रातें, ₹ per person. '.repeat(500)}</p>`,
          },
        },
      });
    const first = await create();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.body.length).toBeGreaterThan(16 * 1024);
    const again = await create();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const [n] = await t.database.db
      .select({ n: count() })
      .from(itineraries)
      .where(eq(itineraries.title, title));
    expect(n?.n).toBe(1);
  });

  it('refuses the same key with a different body (422) and changes nothing', async () => {
    expect((await addRole('Visa desk', 'key-role-2')).statusCode).toBe(201);
    const res = await addRole('Visa desk 2', 'key-role-2');
    expect(errorOf(res, 422)).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH', message: M.mismatch });
    expect(await rolesNamed('Visa desk 2')).toBe(0);
  });

  it('frees the key when the first attempt fails, so the corrected request can use it', async () => {
    const bad = await addRole('', 'key-role-3');
    expect(bad.statusCode).toBe(400);
    const good = await addRole('Hotel desk', 'key-role-3');
    expect(good.statusCode, good.body).toBe(201);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed key and ignores the header on routes that are not creates', async () => {
    for (const key of ['', 'has space', 'x'.repeat(256), 'naïve']) {
      expect(errorOf(await addRole('Bad key desk', key || ' '), 400).message).toBe(M.invalidKey);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: API_PATHS.manage.listUserTypes,
      headers: { ...auth, 'idempotency-key': 'has space' },
    });
    expect(list.statusCode).toBe(200);
  });

  it('two racing requests with one key create one row', async () => {
    const results = await Promise.all([
      addRole('Cruise desk', 'key-race'),
      addRole('Cruise desk', 'key-race'),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    // The loser sees the first answer replayed, or 409 while the first is still running.
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    expect(await rolesNamed('Cruise desk')).toBe(1);
  });

  it('treats the same multipart form sent twice (new boundary) as the same request', async () => {
    const jpeg = await makeJpeg(200, 150);
    const parts: FormPart[] = [
      ...textParts({ name: 'Sri Lanka', shortName: 'LK' }),
      imagePart('image', jpeg),
    ];
    const send = async (form: FormPart[]) => {
      const { payload, headers } = await multipart(form);
      return t.app.inject({
        method: 'POST',
        url: API_PATHS.service.addCountry,
        headers: { ...auth, ...headers, 'idempotency-key': 'key-country' },
        payload,
      });
    };
    const first = await send(parts);
    const created = countrySchema.parse(record(first, 201));
    const again = await send(parts);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(countrySchema.parse(record(again, 201))._id).toBe(created._id);
    const rows = await t.database.db
      .select({ n: count() })
      .from(countries)
      .where(eq(countries.name, 'Sri Lanka'));
    expect(rows[0]?.n).toBe(1);

    // Same key, another picture: a different request.
    const changed = await send([
      ...textParts({ name: 'Sri Lanka', shortName: 'LK' }),
      imagePart('image', await makeJpeg(210, 150)),
    ]);
    expect(errorOf(changed, 422).code).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('keeps keys per admin, and forgets them after 24 hours', async () => {
    expect((await addRole('Rail desk', 'shared-key')).statusCode).toBe(201);
    const otherAdmin = await addRole('Rail desk B', 'shared-key', other);
    expect(otherAdmin.statusCode, otherAdmin.body).toBe(201);
    expect(otherAdmin.headers['idempotent-replayed']).toBeUndefined();

    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 + 1000);
    auth = (await loginAs(t.app, admin)).headers; // the old session has gone idle
    const later = await addRole('Rail desk C', 'shared-key');
    expect(later.statusCode, later.body).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
  });
});
