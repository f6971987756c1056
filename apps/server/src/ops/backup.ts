import { createHmac } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type DatabaseHandle, type Executor } from '../db/client.js';
import type { StorageDriver } from '../media/storage.js';

/**
 * Backup and restore (issue 10): one gzip file of JSON lines holding every table of the `public`
 * schema (read in one repeatable-read snapshot) and every stored file, for PGlite and PostgreSQL
 * alike, with no external tool:
 *
 *   {"format":"safarnama-backup",…header}      the version, the applied migrations, a fingerprint
 *   {"table":"countries","columns":[…]}        then one {"row":{…}} line per row
 *   {"file":"images/…","data":"<base64>"}      one line per stored file
 *   {"end":true,"tables":{…counts},"files":n}  a backup without this line is refused
 *
 * Restore checks the whole file first (end line, counts, same migrations), writes the missing
 * files, then replaces every table in ONE transaction (foreign keys dropped, tables truncated,
 * rows loaded with json_populate_recordset, keys re-added and so re-checked): it either all
 * happens or nothing does. Files the restored database does not know are deleted last.
 */
export const BACKUP_FORMAT = 'safarnama-backup';
export const BACKUP_VERSION = 1;
const BATCH = 500;
/** Working state of a running system, not data: never backed up, emptied by a restore. */
export const TRANSIENT_TABLES: ReadonlySet<string> = new Set([
  'socket_io_attachments',
  'rate_limit_counters',
]);

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  driver: DatabaseHandle['driver'];
  /** Hashes of the applied drizzle migrations, oldest first. */
  migrations: string[];
  /** HMAC of a constant under APP_SECRET: tells whether sealed secrets will open after restore. */
  secretFingerprint: string | null;
}

export interface BackupSummary {
  tables: Record<string, number>;
  files: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export const secretFingerprint = (appSecret: string): string =>
  createHmac('sha256', appSecret).update('safarnama-backup-fingerprint').digest('hex').slice(0, 16);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Base tables of the public schema, by name. */
const listTables = async (db: Executor): Promise<string[]> =>
  rowsOf(
    await db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'
      order by table_name`),
  ).map((r) => String(r.name));

/** Columns that take values (generated columns are computed again on insert). */
const listColumns = async (db: Executor, table: string): Promise<string[]> =>
  rowsOf(
    await db.execute(sql`
      select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
      order by ordinal_position`),
  ).map((r) => String(r.name));

const appliedMigrations = async (db: Executor): Promise<string[]> =>
  rowsOf(
    await db.execute(sql`select hash from drizzle.__drizzle_migrations order by created_at, id`),
  ).map((r) => String(r.hash));

/** Writes the backup to `out` (via `out.partial`, renamed when complete). */
export const writeBackup = async (options: {
  database: DatabaseHandle;
  /** The stored files to include; omitted = the rows only (the engine move, db/open-database.ts). */
  storage?: StorageDriver;
  out: string;
  appSecret?: string;
  now?: () => Date;
}): Promise<BackupSummary> => {
  const { database, storage, out } = options;
  const db: Database = database.db;
  const summary: BackupSummary = { tables: {}, files: 0 };

  async function* lines(tx: Executor): AsyncGenerator<string> {
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      driver: database.driver,
      migrations: await appliedMigrations(tx),
      secretFingerprint: options.appSecret ? secretFingerprint(options.appSecret) : null,
    };
    yield `${JSON.stringify(header)}\n`;
    for (const table of await listTables(tx)) {
      if (TRANSIENT_TABLES.has(table)) continue;
      const columns = await listColumns(tx, table);
      yield `${JSON.stringify({ table, columns })}\n`;
      const list = columns.map(ident).join(', ');
      await tx.execute(
        sql.raw(
          `declare backup_rows no scroll cursor for select row_to_json(t)::text as j from (select ${list} from ${ident(table)}) t`,
        ),
      );
      let count = 0;
      for (;;) {
        const batch = rowsOf(await tx.execute(sql.raw(`fetch ${BATCH} from backup_rows`)));
        if (batch.length === 0) break;
        count += batch.length;
        yield batch.map((r) => `{"row":${String(r.j)}}\n`).join('');
      }
      await tx.execute(sql.raw('close backup_rows'));
      summary.tables[table] = count;
    }
    if (storage) {
      for await (const key of storage.list()) {
        const data = await storage.read(key);
        summary.files += 1;
        yield `${JSON.stringify({ file: key, data: data.toString('base64') })}\n`;
      }
    }
    yield `${JSON.stringify({ end: true, ...summary })}\n`;
  }

  const partial = `${out}.partial`;
  try {
    // One snapshot for every table: rows written while the backup runs are in it or not, whole.
    await db.transaction(
      async (tx) => {
        await pipeline(Readable.from(lines(tx)), createGzip(), createWriteStream(partial));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await rename(partial, out);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return summary;
};

type Line =
  | ({ format: string } & Partial<BackupHeader>)
  | { table: string; columns: string[] }
  | { row: Record<string, unknown> }
  | { file: string; data: string }
  | ({ end: true } & BackupSummary);

async function* readLines(file: string): AsyncGenerator<Line> {
  const input = createReadStream(file).pipe(createGunzip());
  const reader = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  try {
    for await (const text of reader) {
      n += 1;
      if (text === '') continue;
      try {
        yield JSON.parse(text) as Line;
      } catch {
        throw new BackupError(`The backup is damaged (line ${n} is not JSON)`);
      }
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(
      `The backup cannot be read: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/** Reads the whole file once: header, counts and end line must agree. */
const inspect = async (file: string): Promise<{ header: BackupHeader; summary: BackupSummary }> => {
  let header: BackupHeader | undefined;
  let table: string | undefined;
  const counted: BackupSummary = { tables: {}, files: 0 };
  let end: BackupSummary | undefined;
  for await (const line of readLines(file)) {
    if (end) throw new BackupError('The backup is damaged (data after its end)');
    if (!header) {
      if (!('format' in line) || line.format !== BACKUP_FORMAT) {
        throw new BackupError('This file is not a Safarnama backup');
      }
      if (line.version !== BACKUP_VERSION) {
        throw new BackupError(`Backup format version ${String(line.version)} is not supported`);
      }
      header = line as BackupHeader;
    } else if ('table' in line) {
      table = line.table;
      counted.tables[table] = 0;
    } else if ('row' in line) {
      if (!table) throw new BackupError('The backup is damaged (a row before its table)');
      counted.tables[table] = (counted.tables[table] ?? 0) + 1;
    } else if ('file' in line) {
      counted.files += 1;
    } else if ('end' in line) {
      end = { tables: line.tables, files: line.files };
    }
  }
  if (!header) throw new BackupError('The backup is empty');
  if (!end) throw new BackupError('The backup is incomplete (it has no end marker)');
  if (
    end.files !== counted.files ||
    JSON.stringify(end.tables) !== JSON.stringify(counted.tables)
  ) {
    throw new BackupError('The backup is damaged (its counts do not match its contents)');
  }
  return { header, summary: end };
};

export interface RestoreResult extends BackupSummary {
  /** False when the backup was made under another APP_SECRET (sealed secrets will not open). */
  secretMatches: boolean | null;
  /** Stored files removed because the restored database does not reference them. */
  removedFiles: number;
}

/**
 * Replaces the database contents and the stored files with the backup's. The schema must be
 * migrated to the same migrations as the backup (the CLI migrates first). Stop the servers first.
 */
export const restoreBackup = async (options: {
  database: DatabaseHandle;
  /** The stored files to replace; omitted = the rows only, the files are left as they are. */
  storage?: StorageDriver;
  file: string;
  appSecret?: string;
}): Promise<RestoreResult> => {
  const { database, storage, file } = options;
  const db: Database = database.db;
  const { header, summary } = await inspect(file);

  const current = await appliedMigrations(db);
  if (JSON.stringify(current) !== JSON.stringify(header.migrations)) {
    throw new BackupError(
      `This backup was made by another version of the back-office (${header.migrations.length} migrations, this one has ${current.length}); restore it with the version that made it`,
    );
  }
  const tables = await listTables(db);
  const unknown = Object.keys(summary.tables).filter((t) => !tables.includes(t));
  if (unknown.length > 0) {
    throw new BackupError(`The backup holds tables this database lacks: ${unknown.join(', ')}`);
  }

  // Files first: a restored row never points at a missing file (extra files are removed last).
  const existing = new Set<string>();
  const keep = new Set<string>();
  if (storage) {
    for await (const key of storage.list()) existing.add(key);
    for await (const line of readLines(file)) {
      if (!('file' in line)) continue;
      keep.add(line.file);
      if (!existing.has(line.file)) {
        await storage.put(line.file, Buffer.from(line.data, 'base64'), 'application/octet-stream');
      }
    }
  }

  await db.transaction(async (tx) => {
    const foreignKeys = rowsOf(
      await tx.execute(sql`
        select c.conrelid::regclass::text as tbl, c.conname as name,
               pg_get_constraintdef(c.oid) as def
        from pg_constraint c
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace`),
    ).map((r) => ({ table: String(r.tbl), name: String(r.name), def: String(r.def) }));
    for (const fk of foreignKeys) {
      await tx.execute(sql.raw(`alter table ${fk.table} drop constraint ${ident(fk.name)}`));
    }
    await tx.execute(sql.raw(`truncate ${tables.map(ident).join(', ')}`));

    let table: string | undefined;
    let columns: string[] = [];
    let batch: Record<string, unknown>[] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const list = columns.map(ident).join(', ');
      await tx.execute(
        sql`${sql.raw(`insert into ${ident(table)} (${list}) select ${list} from json_populate_recordset(null::${ident(table)}, `)}${JSON.stringify(batch)}::json)`,
      );
      batch = [];
    };
    for await (const line of readLines(file)) {
      if ('table' in line) {
        await flush();
        table = line.table;
        columns = line.columns;
      } else if ('row' in line) {
        batch.push(line.row);
        if (batch.length >= BATCH) await flush();
      }
    }
    await flush();
    // Re-adding the keys checks every restored row against them.
    for (const fk of foreignKeys) {
      await tx.execute(
        sql.raw(`alter table ${fk.table} add constraint ${ident(fk.name)} ${fk.def}`),
      );
    }
  });

  let removedFiles = 0;
  for (const key of existing) {
    if (keep.has(key) || !storage) continue;
    await storage.delete(key);
    removedFiles += 1;
  }
  return {
    ...summary,
    removedFiles,
    secretMatches:
      header.secretFingerprint && options.appSecret
        ? header.secretFingerprint === secretFingerprint(options.appSecret)
        : null,
  };
};
