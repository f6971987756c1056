import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client.js';
import { findBinaries, openEmbeddedCluster } from '../db/embedded-postgres.js';
import { ensureSuperAdminRole } from '../modules/roles/roles.repo.js';
import { adminDatabaseUrl, dropDatabase, quoteIdent, withDatabase } from './pg.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server URL and the name of a migrated template database every test file copies. */
    pgTemplate: { url: string; name: string };
    /** True when the server is the embedded PostgreSQL the suite started itself. */
    embeddedServer: boolean;
  }
}

/**
 * Migrates one database and keeps it as the template every test file clones. The server is
 * TEST_DATABASE_URL's (`npm run test:pg`), else the embedded default: a PostgreSQL cluster from
 * the npm binaries, made for this run in a temp folder (no fsync) and stopped at the end.
 */
export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const bin = await findBinaries();
    if (!bin) throw new Error('No embedded PostgreSQL for this platform: set TEST_DATABASE_URL');
    const dataDir = await mkdtemp(join(tmpdir(), 'safarnama-test-db-'));
    // As root the cluster runs as another user, who must be able to pass through (mkdtemp: 0700).
    await chmod(dataDir, 0o711);
    const cluster = await openEmbeddedCluster(bin, {
      dataDir,
      say: (line) => process.stderr.write(`${line}\n`),
      unsafeNoSync: true,
      settings: { max_connections: 300 },
    });
    url = cluster.url();
    stopEmbedded = async () => {
      await cluster.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  const name = `safarnama_tpl_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(adminDatabaseUrl(url), { max: 1 });
  await admin.pool.query(`create database ${quoteIdent(name)}`);
  await admin.close();
  const template = openPostgres(withDatabase(url, name), { max: 1 });
  await template.migrate();
  await ensureSuperAdminRole(template.db);
  await template.close();
  project.provide('pgTemplate', { url, name });
  project.provide('embeddedServer', Boolean(stopEmbedded));
  return async () => {
    await dropDatabase(url, name);
    await stopEmbedded?.();
  };
}
