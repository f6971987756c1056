import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, countrySchema } from '@safarnama/contract';
import { rowsOf } from '../db/client.js';
import { adminUsers, countries, itineraries } from '../db/schema/index.js';
import { imagePart, record, sendForm, storedFiles, textParts } from '../test/api.js';
import { loginAs, makeAdmin } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { makeJpeg } from '../test/images.js';
import { BackupError, TRANSIENT_TABLES, restoreBackup, writeBackup } from './backup.js';

const SECRET = 'backup-test-app-secret-with-enough-length';

/** Every row of every public table, as JSON text, for before/after comparisons. */
const snapshot = async (t: TestApp): Promise<Record<string, string[]>> => {
  const tables = rowsOf(
    await t.database.db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  ).map((r) => String(r.name));
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    if (TRANSIENT_TABLES.has(table)) continue; // counters written while the test runs
    const rows = rowsOf(
      await t.database.db.execute(sql.raw(`select row_to_json(t)::text as j from "${table}" t`)),
    ).map((r) => String(r.j));
    out[table] = rows.sort();
  }
  return out;
};

describe('backup and restore', () => {
  let t: TestApp;
  let dir: string;
  let auth: Record<string, string>;

  const addCountry = async (name: string, shortName: string) =>
    countrySchema.parse(
      record(
        await sendForm(
          t.app,
          'POST',
          API_PATHS.service.addCountry,
          [...textParts({ name, shortName }), imagePart('image', await makeJpeg(200, 150))],
          auth,
        ),
        201,
      ),
    );

  beforeAll(async () => {
    t = await createTestApp();
    dir = await mkdtemp(join(tmpdir(), 'safarnama-backup-'));
    // The command's embedded database runs as another user when the tests run as root.
    await chmod(dir, 0o711);
    const admin = await makeAdmin(t.database.db, t.hasher, { superAdmin: true });
    auth = (await loginAs(t.app, admin)).headers;
    await addCountry('India', 'IN');
    await addCountry('Nepal', 'NP');
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('round-trips every table and every file, undoing later changes', async () => {
    const before = await snapshot(t);
    const filesBefore = await storedFiles(t.uploadsDir);
    expect(filesBefore.length).toBeGreaterThan(0);
    const out = join(dir, 'round-trip.jsonl.gz');

    const summary = await writeBackup({
      database: t.database,
      storage: t.storage,
      out,
      appSecret: SECRET,
    });
    expect(summary.tables.countries).toBe(2);
    expect(summary.files).toBe(filesBefore.length);

    // Later changes: a country deleted with its files, another added, an admin renamed.
    await t.database.db.delete(countries).where(eq(countries.name, 'India'));
    for (const key of filesBefore.slice(0, 2)) await t.storage.delete(key);
    await addCountry('Bhutan', 'BT');
    await t.database.db.update(adminUsers).set({ name: 'Changed after backup' });
    expect(await snapshot(t)).not.toEqual(before);

    const result = await restoreBackup({
      database: t.database,
      storage: t.storage,
      file: out,
      appSecret: SECRET,
    });
    expect(result.secretMatches).toBe(true);
    expect(result.removedFiles).toBeGreaterThan(0); // Bhutan's flag
    expect(await snapshot(t)).toEqual(before);
    expect(await storedFiles(t.uploadsDir)).toEqual(filesBefore);
    // The foreign keys are back and enforced.
    await expect(
      t.database.db.execute(
        sql`insert into states (name, country_id) values ('Orphan', '00000000-0000-7000-8000-000000000000')`,
      ),
    ).rejects.toThrow();
  });

  it('says when the backup was made under another APP_SECRET', async () => {
    const out = join(dir, 'other-secret.jsonl.gz');
    await writeBackup({ database: t.database, storage: t.storage, out, appSecret: SECRET });
    const result = await restoreBackup({
      database: t.database,
      storage: t.storage,
      file: out,
      appSecret: `${SECRET}-rotated`,
    });
    expect(result.secretMatches).toBe(false);
  });

  it('refuses a truncated, damaged or foreign file and changes nothing', async () => {
    const out = join(dir, 'good.jsonl.gz');
    await writeBackup({ database: t.database, storage: t.storage, out });
    const lines = gunzipSync(await readFile(out))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    const before = await snapshot(t);

    const cases: [string, string, RegExp][] = [
      ['truncated', lines.slice(0, -1).join('\n'), /incomplete/],
      ['not json', [...lines.slice(0, 3), '{oops', ...lines.slice(3)].join('\n'), /damaged/],
      ['extra row', [...lines.slice(0, 2), lines[2], ...lines.slice(2)].join('\n'), /damaged/],
      ['foreign', '{"hello":"world"}\n', /not a Safarnama backup/],
    ];
    for (const [name, text, message] of cases) {
      const file = join(dir, `${name.replace(' ', '-')}.jsonl.gz`);
      await writeFile(file, gzipSync(text));
      await expect(
        restoreBackup({ database: t.database, storage: t.storage, file }),
        name,
      ).rejects.toThrow(message);
    }
    await writeFile(join(dir, 'plain.txt'), 'not gzip at all');
    await expect(
      restoreBackup({ database: t.database, storage: t.storage, file: join(dir, 'plain.txt') }),
    ).rejects.toBeInstanceOf(BackupError);
    expect(await snapshot(t)).toEqual(before);
  });

  it('rolls the whole database back when a row cannot be restored', async () => {
    const out = join(dir, 'bad-row.jsonl.gz');
    await writeBackup({ database: t.database, storage: t.storage, out });
    const before = await snapshot(t);
    // A state pointing at a country that is not in the backup: re-adding the keys fails.
    const lines = gunzipSync(await readFile(out))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    const at = lines.findIndex((l) => l.startsWith('{"table":"states"'));
    const columns = (JSON.parse(lines[at] ?? '{}') as { columns: string[] }).columns;
    const row = Object.fromEntries(columns.map((c) => [c, null])) as Record<string, unknown>;
    Object.assign(row, {
      id: '0190f0f0-0000-7000-8000-000000000001',
      name: 'Nowhere',
      country_id: '0190f0f0-0000-7000-8000-0000000000ff',
      is_active: true,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    lines.splice(at + 1, 0, JSON.stringify({ row }));
    const end = JSON.parse(lines.at(-1) ?? '{}') as { tables: Record<string, number> };
    end.tables.states = (end.tables.states ?? 0) + 1;
    lines[lines.length - 1] = JSON.stringify(end);
    const file = join(dir, 'bad-row-edited.jsonl.gz');
    await writeFile(file, gzipSync(lines.join('\n')));

    await expect(
      restoreBackup({ database: t.database, storage: t.storage, file }),
    ).rejects.toThrow();
    expect(await snapshot(t)).toEqual(before);
  });

  it('keeps generated columns computed (they are not in the file)', async () => {
    const out = join(dir, 'generated.jsonl.gz');
    await writeBackup({ database: t.database, storage: t.storage, out });
    const lines = gunzipSync(await readFile(out))
      .toString('utf8')
      .split('\n');
    const header = lines.find((l) => l.startsWith('{"table":"itineraries"'));
    const generated = rowsOf(
      await t.database.db.execute(sql`
        select column_name as name from information_schema.columns
        where table_name = 'itineraries' and is_generated = 'ALWAYS'`),
    ).map((r) => String(r.name));
    expect(generated.length).toBeGreaterThan(0);
    for (const column of generated) expect(header).not.toContain(`"${column}"`);
    expect(itineraries).toBeDefined();
  });

  // The command starts its own embedded PostgreSQL on the empty data dir.
  it('works as a command: restore into an empty data dir, then back up again', async () => {
    const out = join(dir, 'for-cli.jsonl.gz');
    const summary = await writeBackup({ database: t.database, storage: t.storage, out });
    const dataDir = join(dir, 'cli-data');
    const cli = fileURLToPath(new URL('./backup-cli.ts', import.meta.url));
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], {
        cwd: dirname(cli),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '9', INIT_CWD: dir },
        timeout: 60_000,
      });

    // Not a terminal and no --yes: nothing happens.
    await expect(run('restore', out)).rejects.toMatchObject({
      stdout: expect.stringContaining('Nothing was changed') as unknown,
    });
    const restored = await run('restore', 'for-cli.jsonl.gz', '--yes');
    expect(restored.stdout).toContain(`${summary.files} files`);
    const again = await run('backup', '--out', 'from-cli.jsonl.gz');
    expect(again.stdout).toContain('Backup of');
    const text = gunzipSync(await readFile(join(dir, 'from-cli.jsonl.gz'))).toString('utf8');
    const end = JSON.parse(text.trimEnd().split('\n').at(-1) ?? '{}') as unknown;
    expect(end).toEqual({ end: true, ...summary });
  }, 90_000);
});
