import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { createFromTemplate, dropDatabase, withDatabase } from '../test/pg.js';
import { openPostgres, rowsOf } from './client.js';

/** Several nodes starting at once on an empty PostgreSQL database: one migrates, the rest wait. */
describe.skipIf(!inject('pgTemplate'))('migrations from several processes at once', () => {
  it('apply once, and every process starts on the migrated schema', async () => {
    const template = inject('pgTemplate');
    if (!template) return;
    const name = `test_${randomBytes(6).toString('hex')}`;
    await createFromTemplate(template.url, name, 'template0');
    const url = withDatabase(template.url, name);
    const nodes = [1, 2, 3].map(() => openPostgres(url, { max: 3 }));
    try {
      await Promise.all(nodes.map((node) => node.migrate()));
      const [first] = nodes;
      if (!first) throw new Error('no node');
      const applied = rowsOf(
        await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      const files = rowsOf(
        await first.db.execute(
          sql`select count(*)::int as n from information_schema.tables where table_name = 'admin_users'`,
        ),
      );
      expect(Number(applied[0]?.n)).toBeGreaterThan(5);
      expect(Number(files[0]?.n)).toBe(1);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await dropDatabase(template.url, name);
    }
  }, 60_000);
});
