import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.js';
import { ensureSuperAdminRole } from '../modules/roles/roles.repo.js';
import { adminDatabaseUrl, dropDatabase, quoteIdent, withDatabase } from './pg.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite mode: path of a migrated data directory tarball to clone per test file. */
    pgliteTemplate: string | null;
    /** PostgreSQL mode: the server URL and the name of a migrated template database. */
    pgTemplate: { url: string; name: string } | null;
  }
}

/** Migrates one database and keeps it as the template every test file clones. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `safarnama_tpl_${randomBytes(4).toString('hex')}`;
    const admin = openPostgres(adminDatabaseUrl(url), { max: 1 });
    await admin.pool.query(`create database ${quoteIdent(name)}`);
    await admin.close();
    const template = openPostgres(withDatabase(url, name), { max: 1 });
    await template.migrate();
    await ensureSuperAdminRole(template.db);
    await template.close();
    project.provide('pgTemplate', { url, name });
    project.provide('pgliteTemplate', null);
    return async () => {
      await dropDatabase(url, name);
    };
  }
  const db = await openPglite();
  await db.migrate();
  await ensureSuperAdminRole(db.db);
  const dump = await db.client.dumpDataDir('none');
  await db.close();
  const file = join(
    tmpdir(),
    `safarnama-test-${process.pid}-${randomBytes(4).toString('hex')}.tar`,
  );
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', null);
  return async () => {
    await rm(file, { force: true });
  };
}
