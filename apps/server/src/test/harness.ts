import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppConfig, type AppDeps } from '../app.js';
import { openPostgres, type DatabaseHandle } from '../db/client.js';
import { createPasswordHasher, type PasswordHasher } from '../lib/password.js';
import { createLocalStorage, type StorageDriver } from '../media/storage.js';
import { createFromTemplate, dropDatabase, withDatabase } from './pg.js';

/**
 * A fresh database for one test file: `CREATE DATABASE … TEMPLATE` of the migrated template on
 * the suite's server (the embedded PostgreSQL, or TEST_DATABASE_URL's; see global-setup.ts).
 */
export const openTestDatabase = async (): Promise<DatabaseHandle> => {
  const pgTemplate = inject('pgTemplate');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await createFromTemplate(pgTemplate.url, name, pgTemplate.name);
  const handle = openPostgres(withDatabase(pgTemplate.url, name), { max: 5 });
  const close = handle.close;
  return {
    ...handle,
    close: async () => {
      await close();
      await dropDatabase(pgTemplate.url, name);
    },
  };
};

/** argon2id with light parameters: tests hash many passwords; verify reads params from the hash. */
export const TEST_ARGON2 = { memoryCost: 8192, timeCost: 1, parallelism: 1 };

/** Wraps a hasher and counts how many password checks actually ran. */
export const countingHasher = (inner: PasswordHasher = createPasswordHasher(TEST_ARGON2)) => {
  const counter = { verifies: 0 };
  const hasher: PasswordHasher = {
    hash: (password) => inner.hash(password),
    needsRehash: (hash) => inner.needsRehash(hash),
    verify: (hash, password) => {
      counter.verifies += 1;
      return inner.verify(hash, password);
    },
  };
  return { hasher, counter };
};

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  publicOrigin: 'http://localhost:3000',
  secureCookies: false,
  trustProxy: 0,
  logLevel: 'silent',
  webDist: undefined,
  ...overrides,
});

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  storage: StorageDriver;
  /** The temp directory behind the local storage (removed on close). */
  uploadsDir: string;
  hasher: PasswordHasher;
  counter: { verifies: number };
  close(): Promise<void>;
}

export interface TestAppOptions extends Omit<Partial<AppDeps>, 'config'> {
  /** The local storage root (default: a fresh temp dir, removed on close). */
  uploadsDir?: string;
  config?: Partial<AppConfig>;
}

/** buildApp on a fresh database, ready for `inject`. */
export const createTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const database = options.database ?? (await openTestDatabase());
  const { hasher, counter } = countingHasher();
  const ownUploads = options.uploadsDir === undefined;
  const uploadsDir = options.uploadsDir ?? (await mkdtemp(join(tmpdir(), 'safarnama-uploads-')));
  const storage = options.storage ?? createLocalStorage(uploadsDir);
  const app = await buildApp({
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    hasher,
    ...options,
    storage,
    database,
    config: testConfig(options.config),
  });
  // However the test ends the app (t.close() or app.close()), its temp uploads go with it.
  if (ownUploads) app.addHook('onClose', () => rm(uploadsDir, { recursive: true, force: true }));
  await app.ready();
  return {
    app,
    database,
    storage,
    uploadsDir,
    hasher,
    counter,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

/** Parses an injected response's JSON body. */
export const body = <T = Record<string, unknown>>(res: LightMyRequestResponse): T =>
  JSON.parse(res.body) as T;
