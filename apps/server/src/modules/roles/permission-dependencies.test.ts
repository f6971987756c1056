import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  MANAGE_MESSAGES as M,
  type Profile,
  type UserTypePermissions,
} from '@safarnama/contract';
import { userTypes } from '../../db/schema/index.js';
import { errorOf, record } from '../../test/api.js';
import { makeGeography, makeUserType } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { fakeRealtime, postData, signedInWith } from '../../test/manage.js';

const S = API_PATHS.service;
const P = API_PATHS.manage;

/**
 * Issue 20: a key whose form picks from another module's list grants that list's view too
 * (PERMISSION_DEPENDENCIES), so a role with "Itineraries · Create" alone can fill the form.
 */
describe('permission dependencies', () => {
  let t: TestApp;
  let su: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ realtime: fakeRealtime().realtime });
    su = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>, query?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers, ...(query ? { query } : {}) });
  const names = (res: Awaited<ReturnType<typeof get>>, key: string) => {
    expect(res.statusCode, res.body).toBe(200);
    return body<{ data: Record<string, { name: string }[]> }>(res).data[key]?.map((r) => r.name);
  };

  it('lets a role with only itineraries.create read the pickers and create an itinerary', async () => {
    const { country, state, place } = await makeGeography(t.database.db);
    const creator = await signedInWith(t.database.db, t.hasher, ['itineraries.create']);
    const h = creator.headers;

    expect(names(await get(S.activeCountries, h), 'countries')).toContain(country.name);
    expect(names(await get(S.activeStates, h, { countryId: country.id }), 'states')).toEqual([
      state.name,
    ]);
    expect(
      names(await get(S.activePlaces, h, { countryId: country.id, stateId: state.id }), 'places'),
    ).toEqual([place.name]);
    expect((await get(API_PATHS.imageLibraries.base, h)).statusCode).toBe(200);
    expect((await get(S.listItineraries, h)).statusCode).toBe(200);

    const created = await postData(
      t.app,
      S.createItinerary,
      {
        title: 'Dependency trip',
        duration: '3 Days / 2 Nights',
        languages: ['English'],
        countryId: country.id,
        stateId: state.id,
        placeId: place.id,
      },
      h,
    );
    expect(created.statusCode, created.body).toBe(201);

    // The profile lists the implied keys, in the contract's order.
    const profile = record<Profile>(await get(API_PATHS.auth.profile, h));
    expect(profile.permissions).toEqual([
      'geography.view',
      'itineraries.view',
      'itineraries.create',
      'image-libraries.view',
    ]);

    // What it does not imply stays refused.
    expect((await get(S.listBlogs, h)).statusCode).toBe(403);
    expect((await get(S.listPlaceDetails, h)).statusCode).toBe(403);
    const country2 = await postData(t.app, S.addCountry, { name: 'Nope', shortName: 'NP' }, h);
    expect(country2.statusCode).toBe(403);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: S.deleteItinerary(record<{ _id: string }>(created, 201)._id),
      headers: h,
    });
    expect(remove.statusCode).toBe(403);
  });

  it('keeps the geography lists closed to a role whose keys do not need them', async () => {
    const reader = await signedInWith(t.database.db, t.hasher, ['itineraries.view', 'blogs.view']);
    expect((await get(S.listItineraries, reader.headers)).statusCode).toBe(200);
    expect((await get(S.activeCountries, reader.headers)).statusCode).toBe(403);
    expect((await get(API_PATHS.imageLibraries.base, reader.headers)).statusCode).toBe(403);
    const profile = record<Profile>(await get(API_PATHS.auth.profile, reader.headers));
    expect(profile.permissions).toEqual(['blogs.view', 'itineraries.view']);
  });

  it('grants the homepage editor the lists its pickers read, and a disabled role nothing', async () => {
    const editor = await signedInWith(t.database.db, t.hasher, ['homepage.update']);
    for (const url of [S.activeCountries, S.listItineraries, S.listBlogs, S.homepageSettings]) {
      expect((await get(url, editor.headers)).statusCode, url).toBe(200);
    }
    await t.database.db
      .update(userTypes)
      .set({ isActive: false })
      .where(eq(userTypes.id, editor.userType.id));
    expect((await get(S.activeCountries, editor.headers)).statusCode).toBe(403);
  });

  it('shows a role with what its keys need and stores what was chosen', async () => {
    const target = await makeUserType(t.database.db, { permissions: ['blogs.create'] });
    const url = `${API_PATHS.auth.userTypePermissions}?type=${target.id}`;
    expect(record<UserTypePermissions>(await get(url, su)).permissions).toEqual([
      'geography.view',
      'blogs.view',
      'blogs.create',
    ]);

    const saved = await postData(
      t.app,
      P.saveUserTypePermissions,
      { type: target.id, permissions: ['place-details.create'] },
      su,
    );
    expect(record<UserTypePermissions>(saved).permissions).toEqual([
      'geography.view',
      'place-details.view',
      'place-details.create',
      'image-libraries.view',
    ]);
    const [row] = await t.database.db.select().from(userTypes).where(eq(userTypes.id, target.id));
    expect(row?.permissions).toEqual(['place-details.create']);
  });

  it('applies the ceiling to what the keys grant, needs included', async () => {
    // Stored before the dependencies existed: itineraries.create alone.
    const target = await makeUserType(t.database.db, { permissions: ['itineraries.create'] });
    const editor = await signedInWith(t.database.db, t.hasher, [
      'roles.view',
      'roles.update',
      'dashboard.view',
    ]);
    const save = (permissions: string[]) =>
      postData(t.app, P.saveUserTypePermissions, { type: target.id, permissions }, editor.headers);

    // Sending the keys as shown (needs included) changes only dashboard.view: allowed.
    const shown = record<UserTypePermissions>(
      await get(`${API_PATHS.auth.userTypePermissions}?type=${target.id}`, editor.headers),
    ).permissions;
    const ok = await save([...shown, 'dashboard.view']);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(record<UserTypePermissions>(ok).permissions).toEqual(['dashboard.view', ...shown]);
    // So does sending the chosen keys without their needs: the role grants the same.
    const chosen = await save(['itineraries.create']);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(record<UserTypePermissions>(chosen).permissions).toEqual(shown);

    // Withdrawing a needed key the editor does not hold is withdrawing what the role grants.
    const withdraw = await save(['dashboard.view', 'itineraries.view']);
    expect(errorOf(withdraw, 403).message).toBe(M.permissionCeiling);
  });
});
