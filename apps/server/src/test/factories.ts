import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, type LoginRequest, type PermissionKey } from '@safarnama/contract';
import type { Database } from '../db/client.js';
import { countries, images, places, states } from '../db/schema/index.js';
import type { PasswordHasher } from '../lib/password.js';
import type { NewImage } from '../media/images.repo.js';
import { insertAdmin, type AdminRow } from '../modules/admins/admins.repo.js';
import { insertUserType, type UserTypeRow } from '../modules/roles/roles.repo.js';
import { body } from './harness.js';

const unique = () => randomBytes(4).toString('hex');

export const makeUserType = (
  db: Database,
  values: {
    name?: string;
    permissions?: PermissionKey[];
    isActive?: boolean;
    isSuperAdmin?: boolean;
  } = {},
): Promise<UserTypeRow> =>
  insertUserType(db, {
    name: values.name ?? `Role ${unique()}`,
    permissions: values.permissions ?? [],
    isActive: values.isActive ?? true,
    isSuperAdmin: values.isSuperAdmin ?? false,
  });

export interface MadeAdmin {
  admin: AdminRow;
  userType: UserTypeRow;
  email: string;
  password: string;
}

export const makeAdmin = async (
  db: Database,
  hasher: PasswordHasher,
  values: {
    email?: string;
    password?: string;
    permissions?: PermissionKey[];
    superAdmin?: boolean;
    isActive?: boolean;
    userType?: UserTypeRow;
  } = {},
): Promise<MadeAdmin> => {
  const userType =
    values.userType ??
    (await makeUserType(db, {
      permissions: values.permissions ?? [],
      isSuperAdmin: values.superAdmin ?? false,
    }));
  const email = values.email ?? `admin-${unique()}@example.com`;
  const password = values.password ?? `pw-${randomBytes(9).toString('base64url')}`;
  const admin = await insertAdmin(db, {
    name: `Admin ${unique()}`,
    email,
    passwordHash: await hasher.hash(password),
    userTypeId: userType.id,
    isActive: values.isActive ?? true,
  });
  return { admin, userType, email, password };
};

let ipCounter = 0;
/** A fresh client address per call, so one test's failures never throttle another's. */
export const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export const login = (
  app: FastifyInstance,
  data: LoginRequest | Record<string, unknown>,
  remoteAddress = '127.0.0.1',
) =>
  app.inject({
    method: 'POST',
    url: API_PATHS.auth.login,
    payload: { data },
    remoteAddress,
  });

/** Signs in through the API (Session mode) and answers the bearer token. */
export const loginAs = async (app: FastifyInstance, who: { email: string; password: string }) => {
  const res = await login(app, { email: who.email, password: who.password }, freshIp());
  if (res.statusCode !== 200) throw new Error(`loginAs failed: ${res.statusCode} ${res.body}`);
  const token = body<{ data: { token: string } }>(res).data.token;
  return { token, headers: { authorization: `Bearer ${token}` } };
};

/** Geography rows straight into the database (tests of other modules need parents). */
export const makeCountry = async (
  db: Database,
  values: { name?: string; shortName?: string; isActive?: boolean } = {},
) => {
  const [row] = await db
    .insert(countries)
    .values({
      name: values.name ?? `Country ${unique()}`,
      shortName: values.shortName ?? 'XX',
      isActive: values.isActive ?? true,
    })
    .returning();
  if (!row) throw new Error('makeCountry');
  return row;
};

export const makeState = async (
  db: Database,
  countryId: string,
  values: { name?: string; isActive?: boolean } = {},
) => {
  const [row] = await db
    .insert(states)
    .values({
      countryId,
      name: values.name ?? `State ${unique()}`,
      isActive: values.isActive ?? true,
    })
    .returning();
  if (!row) throw new Error('makeState');
  return row;
};

export const makePlace = async (
  db: Database,
  parents: { countryId: string; stateId: string },
  values: { name?: string; isActive?: boolean } = {},
) => {
  const [row] = await db
    .insert(places)
    .values({
      ...parents,
      name: values.name ?? `Place ${unique()}`,
      isActive: values.isActive ?? true,
    })
    .returning();
  if (!row) throw new Error('makePlace');
  return row;
};

/** A country with one state holding one place. */
export const makeGeography = async (db: Database) => {
  const country = await makeCountry(db);
  const state = await makeState(db, country.id);
  const place = await makePlace(db, { countryId: country.id, stateId: state.id });
  return { country, state, place };
};

/**
 * An `images` row with no stored file behind it: for tests of what reads the rows alone (lists,
 * counts, covers, galleries in a page). A 40×30 JPEG of 1000 bytes unless `values` say otherwise.
 */
export const makeImageRow = async (
  db: Database,
  values: Pick<NewImage, 'ownerType' | 'ownerId' | 'sortOrder'> & Partial<NewImage>,
) => {
  const [row] = await db
    .insert(images)
    .values({
      fileKey: `images/2026/01/${unique()}.jpg`,
      mimeType: 'image/jpeg',
      width: 40,
      height: 30,
      bytes: 1000,
      placeholder: '#808080',
      ...values,
    })
    .returning();
  if (!row) throw new Error('insert image returned nothing');
  return row;
};
