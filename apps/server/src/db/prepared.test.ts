import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.js';
import type { DatabaseHandle, Executor } from './client.js';
import { reuse } from './prepared.js';
import { countries } from './schema/index.js';

/**
 * `reuse`: a statement is built once per database, and inside transactions once per pooled
 * connection on node-postgres (each PGlite transaction has a client of its own), and it always
 * runs in the transaction it was asked from (it sees that transaction's uncommitted rows).
 */
describe('reused statements (db/prepared.ts)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  let builds = 0;
  const countryName = (db: Executor) => {
    builds++;
    return db
      .select({ name: countries.name })
      .from(countries)
      .where(eq(countries.id, sql.placeholder('id')))
      .prepare('prepared_test_country_name');
  };

  it('builds once per database', () => {
    builds = 0;
    const first = reuse(database.db, 'prepared_test_country_name', countryName);
    expect(reuse(database.db, 'prepared_test_country_name', countryName)).toBe(first);
    expect(builds).toBe(1);
  });

  it('inside transactions: once per pooled connection, run on the transaction that asks', async () => {
    builds = 0;
    // One transaction after the other: node-postgres's pool hands the same idle connection out.
    for (const name of ['Prepared Kerala', 'Prepared Goa', 'Prepared Sikkim']) {
      await database.db.transaction(async (tx) => {
        const [country] = await tx
          .insert(countries)
          .values({ name, shortName: name.slice(-3).toUpperCase() })
          .returning({ id: countries.id });
        // Uncommitted: only this transaction's connection can see it.
        const [row] = await reuse(tx, 'prepared_test_country_name', countryName).execute({
          id: country?.id,
        });
        expect(row?.name).toBe(name);
      });
    }
    expect(builds).toBe(database.driver === 'postgres' ? 1 : 3);
  });
});
