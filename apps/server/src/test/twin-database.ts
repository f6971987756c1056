import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../db/client.js';
import { openTestDatabase } from './harness.js';
import { createFromTemplate, dropDatabase, withDatabase } from './pg.js';

/**
 * Two handles on ONE fresh test database, as two server processes would have: on PostgreSQL
 * (`npm run test:pg`) two separate pools, so their statements really run concurrently; on PGlite
 * (one connection per database) the same handle twice. `close` ends both and drops the database.
 */
export const openTwinDatabases = async (): Promise<{
  a: DatabaseHandle;
  b: DatabaseHandle;
  separatePools: boolean;
  close: () => Promise<void>;
}> => {
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    await createFromTemplate(pgTemplate.url, name, pgTemplate.name);
    const url = withDatabase(pgTemplate.url, name);
    const a = openPostgres(url, { max: 5 });
    const b = openPostgres(url, { max: 5 });
    return {
      a,
      b,
      separatePools: true,
      close: async () => {
        await Promise.all([a.close(), b.close()]);
        await dropDatabase(pgTemplate.url, name);
      },
    };
  }
  const one = await openTestDatabase();
  return { a: one, b: one, separatePools: false, close: () => one.close() };
};
