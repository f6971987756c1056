import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  DEPENDANT_SAMPLE_SIZE,
  GEOGRAPHY_MESSAGES as M,
  countrySchema,
  dependantsErrorSchema,
  inUseMessage,
  placeSchema,
  stateSchema,
  type DependantGroup,
} from '@safarnama/contract';
import {
  adminActivities,
  countries,
  homepageDestinations,
  images,
  itineraries,
  placeBlogs,
  placeDetails,
  places,
  states,
} from '../../db/schema/index.js';
import { errorOf, expectFiles, imagePart, record, sendForm, textParts } from '../../test/api.js';
import { makeCountry, makePlace, makeState } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { signedInWith } from '../../test/manage.js';
import { makeJpeg } from '../../test/images.js';

const S = API_PATHS.service;
const unique = () => randomBytes(4).toString('hex');

describe('deleting countries, states and places (issue 20)', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
    jpeg = await makeJpeg(400, 300);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const del = (url: string, headers = auth) => t.app.inject({ method: 'DELETE', url, headers });
  const withImage = async (url: string, fields: Record<string, string>) =>
    record(
      await sendForm(t.app, 'POST', url, [...textParts(fields), imagePart('image', jpeg)], auth),
      201,
    );
  const refusal = (res: Awaited<ReturnType<typeof del>>) => {
    const err = errorOf(res, 409);
    expect(err.code).toBe('CONFLICT');
    const parsed = dependantsErrorSchema.parse(body(res));
    return { message: parsed.message, dependants: parsed.data?.dependants ?? [] };
  };
  const entriesOf = (id: string) =>
    db()
      .select()
      .from(adminActivities)
      .where(and(eq(adminActivities.entityId, id), eq(adminActivities.action, 'delete')));
  const imageRows = (ownerId: string) =>
    db().select().from(images).where(eq(images.ownerId, ownerId));

  const content = async (parents: { countryId: string; stateId: string; placeId: string }) => {
    const [details] = await db()
      .insert(placeDetails)
      .values([
        { ...parents, month: 'MAR' },
        { ...parents, month: 'JAN' },
      ])
      .returning();
    const [blog] = await db()
      .insert(placeBlogs)
      .values({ ...parents, title: `Blog ${unique()}`, slug: `blog-${unique()}` })
      .returning();
    const [tour] = await db()
      .insert(itineraries)
      .values({
        ...parents,
        title: `Tour ${unique()}`,
        duration: '3 Days',
        languages: ['English'],
      })
      .returning();
    if (!details || !blog || !tour) throw new Error('content');
    return { blog, tour };
  };

  it('deletes an unused country with its flag: row, image rows and files gone, audit entry', async () => {
    const country = countrySchema.parse(
      await withImage(S.addCountry, { name: `Gone ${unique()}`, shortName: 'GN' }),
    );
    expectFiles(t.uploadsDir, country.image, true);

    const res = await del(S.deleteCountry(country._id));
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({
      status: 200,
      success: true,
      message: M.countryDeleted,
      data: { _id: country._id, id: country._id },
    });
    expect(await db().select().from(countries).where(eq(countries.id, country._id))).toEqual([]);
    expect(await imageRows(country._id)).toEqual([]);
    expectFiles(t.uploadsDir, country.image, false);
    const [entry] = await entriesOf(country._id);
    expect(entry).toMatchObject({
      entityType: 'country',
      summary: `Deleted country '${country.name}'`,
    });
    // Gone is gone: a second delete is 404.
    expect(errorOf(await del(S.deleteCountry(country._id)), 404).message).toBe(M.countryNotFound);
  });

  it('deletes an unused state and an unused place with their pictures', async () => {
    const country = await makeCountry(db());
    const state = stateSchema.parse(
      await withImage(S.addState, { name: `S ${unique()}`, countryId: country.id }),
    );
    const other = await makeState(db(), country.id);
    const place = placeSchema.parse(
      await withImage(S.addPlace, {
        name: `P ${unique()}`,
        countryId: country.id,
        stateId: other.id,
      }),
    );

    expect(body(await del(S.deletePlace(place._id)))).toMatchObject({
      message: M.placeDeleted,
      data: { _id: place._id, id: place._id },
    });
    expectFiles(t.uploadsDir, place.image, false);
    expect(await imageRows(place._id)).toEqual([]);
    expect(await db().select().from(places).where(eq(places.id, place._id))).toEqual([]);
    expect(await entriesOf(place._id)).toHaveLength(1);

    expect(body(await del(S.deleteState(state._id)))).toMatchObject({ message: M.stateDeleted });
    expectFiles(t.uploadsDir, state.image, false);
    expect(await db().select().from(states).where(eq(states.id, state._id))).toEqual([]);
    expect(await entriesOf(state._id)).toHaveLength(1);
  });

  it('refuses a country in use with every kind, full counts and the first names; nothing changes', async () => {
    const country = await makeCountry(db());
    const names = ['Goa', 'Assam', 'Kerala', 'Bihar', 'Delhi', 'Punjab'];
    const made = [];
    for (const name of names) made.push(await makeState(db(), country.id, { name }));
    const goa = made[0];
    if (!goa) throw new Error('state');
    const place = await makePlace(
      db(),
      { countryId: country.id, stateId: goa.id },
      { name: 'Panaji' },
    );
    const { blog, tour } = await content({
      countryId: country.id,
      stateId: goa.id,
      placeId: place.id,
    });
    const byName = [...made].sort((a, b) => a.name.localeCompare(b.name));

    const { message, dependants } = refusal(await del(S.deleteCountry(country.id)));
    const expected: DependantGroup[] = [
      {
        kind: 'state',
        count: 6,
        items: byName.slice(0, DEPENDANT_SAMPLE_SIZE).map((s) => ({ _id: s.id, name: s.name })),
      },
      { kind: 'place', count: 1, items: [{ _id: place.id, name: 'Panaji' }] },
      {
        kind: 'placeDetails',
        count: 2,
        items: [
          { _id: expect.any(String) as string, name: 'Panaji (January)' },
          { _id: expect.any(String) as string, name: 'Panaji (March)' },
        ],
      },
      { kind: 'blog', count: 1, items: [{ _id: blog.id, name: blog.title }] },
      { kind: 'itinerary', count: 1, items: [{ _id: tour.id, name: tour.title }] },
    ];
    expect(dependants).toEqual(expected);
    expect(message).toBe(
      'This country is used by 6 states, 1 place, 2 place details records, 1 blog and 1 itinerary: delete or change them first.',
    );
    expect(message).toBe(inUseMessage('country', dependants));
    // Nothing changed, nothing recorded.
    expect(await db().select().from(countries).where(eq(countries.id, country.id))).toHaveLength(1);
    expect(await db().select().from(states).where(eq(states.countryId, country.id))).toHaveLength(
      6,
    );
    expect(await entriesOf(country.id)).toEqual([]);
  });

  it('refuses a state with its places and their content, a place with its content', async () => {
    const country = await makeCountry(db());
    const state = await makeState(db(), country.id);
    const place = await makePlace(db(), { countryId: country.id, stateId: state.id });
    const { blog } = await content({ countryId: country.id, stateId: state.id, placeId: place.id });

    const ofState = refusal(await del(S.deleteState(state.id)));
    expect(ofState.dependants.map((g) => [g.kind, g.count])).toEqual([
      ['place', 1],
      ['placeDetails', 2],
      ['blog', 1],
      ['itinerary', 1],
    ]);
    expect(ofState.message).toMatch(/^This state is used by 1 place, 2 place details records/);

    const ofPlace = refusal(await del(S.deletePlace(place.id)));
    expect(ofPlace.dependants.map((g) => [g.kind, g.count])).toEqual([
      ['placeDetails', 2],
      ['blog', 1],
      ['itinerary', 1],
    ]);
    expect(ofPlace.dependants[1]?.items).toEqual([{ _id: blog.id, name: blog.title }]);
    expect(await db().select().from(places).where(eq(places.id, place.id))).toHaveLength(1);
  });

  it('refuses a place the homepage shows, and deletes it once it is taken off', async () => {
    const country = await makeCountry(db());
    const state = await makeState(db(), country.id);
    const place = await makePlace(db(), { countryId: country.id, stateId: state.id });
    await db().insert(homepageDestinations).values({ placeId: place.id, position: 1 });

    const { message, dependants } = refusal(await del(S.deletePlace(place.id)));
    expect(dependants).toEqual([
      {
        kind: 'homepage',
        count: 1,
        items: [{ _id: 'trendingDestinations', name: 'Trending Destinations' }],
      },
    ]);
    expect(message).toBe(
      'This place is used by the homepage (Trending Destinations): delete or change them first.',
    );

    await db().delete(homepageDestinations).where(eq(homepageDestinations.placeId, place.id));
    expect((await del(S.deletePlace(place.id))).statusCode).toBe(200);
    // Then the state and the country, now unused.
    expect((await del(S.deleteState(state.id))).statusCode).toBe(200);
    expect((await del(S.deleteCountry(country.id))).statusCode).toBe(200);
  });

  it('answers 404 for unknown or malformed ids, 403 without geography.delete, 401 signed out', async () => {
    const unknown = '0190a0a0-0000-7000-8000-00000000dead';
    for (const [url, message] of [
      [S.deleteCountry, M.countryNotFound],
      [S.deleteState, M.stateNotFound],
      [S.deletePlace, M.placeNotFound],
    ] as const) {
      expect(errorOf(await del(url(unknown)), 404).message).toBe(message);
      expect(errorOf(await del(url('not-a-uuid')), 404).message).toBe(message);
    }

    const country = await makeCountry(db());
    const editor = await signedInWith(db(), t.hasher, [
      'geography.view',
      'geography.create',
      'geography.update',
    ]);
    for (const url of [S.deleteCountry, S.deleteState, S.deletePlace]) {
      expect(errorOf(await del(url(country.id), editor.headers), 403).code).toBe('FORBIDDEN');
    }
    expect(
      (await t.app.inject({ method: 'DELETE', url: S.deleteCountry(country.id) })).statusCode,
    ).toBe(401);
    expect(await db().select().from(countries).where(eq(countries.id, country.id))).toHaveLength(1);

    const deleter = await signedInWith(db(), t.hasher, ['geography.delete']);
    expect((await del(S.deleteCountry(country.id), deleter.headers)).statusCode).toBe(200);
  });

  it('never orphans a state added while the country is being deleted (the row lock)', async () => {
    const country = await makeCountry(db());
    let settled = false;
    const pending = await db().transaction(async (tx) => {
      // The insert holds the foreign key's lock on the country until this transaction commits.
      await tx.insert(states).values({ countryId: country.id, name: 'Late state' });
      const request = del(S.deleteCountry(country.id)).finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(settled).toBe(false); // the delete waits for the lock
      return { request };
    });
    const { dependants } = refusal(await pending.request);
    expect(dependants).toEqual([
      {
        kind: 'state',
        count: 1,
        items: [{ _id: expect.any(String) as string, name: 'Late state' }],
      },
    ]);
    expect(await db().select().from(countries).where(eq(countries.id, country.id))).toHaveLength(1);
  });

  it('makes a state added while the delete runs wait, then refuses it (400, no orphan)', async () => {
    const country = countrySchema.parse(
      await withImage(S.addCountry, { name: `Racing ${unique()}`, shortName: 'RC' }),
    );
    const done: string[] = [];
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const { deleting, adding } = await db().transaction(async (tx) => {
      // Holding the flag's row stops the delete after it locked the country, before it commits.
      await tx.execute(sql`select id from images where owner_id = ${country._id} for update`);
      const deleting = del(S.deleteCountry(country._id)).finally(() => done.push('delete'));
      await sleep(300);
      const adding = sendForm(
        t.app,
        'POST',
        S.addState,
        textParts({ name: 'Racing state', countryId: country._id }),
        auth,
      ).finally(() => done.push('add'));
      await sleep(300);
      expect(done).toEqual([]); // both wait: the delete for the image row, the add for the country
      return { deleting, adding };
    });
    expect((await deleting).statusCode).toBe(200);
    expect(errorOf(await adding, 400).details).toEqual([
      { path: 'countryId', message: M.countryNotFound },
    ]);
    // Both answered (in either order: the add's refusal and the delete's answer race to the wire).
    expect([...done].sort()).toEqual(['add', 'delete']);
    expect(await db().select().from(states).where(eq(states.name, 'Racing state'))).toEqual([]);
  });

  it('refuses with 409, not 500, when a reference the check does not list holds the row', async () => {
    const country = await makeCountry(db());
    await db().execute(
      sql`create table test_country_refs (country_id uuid references countries(id) on delete restrict)`,
    );
    try {
      await db().execute(sql`insert into test_country_refs values (${country.id})`);
      const { message, dependants } = refusal(await del(S.deleteCountry(country.id)));
      expect(dependants).toEqual([]);
      expect(message).toBe(inUseMessage('country', []));
      expect(await db().select().from(countries).where(eq(countries.id, country.id))).toHaveLength(
        1,
      );
      expect(await entriesOf(country.id)).toEqual([]);
    } finally {
      await db().execute(sql`drop table test_country_refs`);
    }
  });
});
