import pg from 'pg';
import type { Executor } from './client.js';

const built = new WeakMap<object, Map<string, unknown>>();

/**
 * What a statement is built for: the database, or, inside a transaction on node-postgres, the
 * pooled connection the transaction holds (drizzle's `tx.session.client`, a `pg.Client`; a
 * statement drizzle prepares runs on that client and nothing else of the transaction). The
 * connection serves one transaction after another, so a statement built once serves them all;
 * built per transaction, the hierarchy check and the audit's loads cost ~0.3 ms of the event loop
 * per itinerary create in drizzle's query building (CPU profile at 10 connections). PGlite hands
 * each transaction a client of its own that ends with it: there, and for the database itself
 * (its client is the pool), the executor is the key. A statement keeps the query logger of the
 * database that built it: a second database on the same pool with a logger of its own (the
 * bench's query capture) sees only the statements it built, i.e. those outside transactions.
 */
const ownerOf = (db: Executor): object => {
  const client = (db as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : db;
};

/**
 * A statement of the hot path, built once per database (or pooled connection, {@link ownerOf}) and
 * reused: drizzle does not rebuild its SQL on every call, and on PostgreSQL it is a named prepared
 * statement, parsed once per pooled connection (and no longer planned after its fifth run when
 * PostgreSQL's generic plan costs no more than the custom ones: not so with a LIMIT parameter,
 * which the generic plan takes for a tenth of the table — itineraries.repo.ts `FIRST_PAGE_ROWS`).
 * `build` must call drizzle's `.prepare(name)` with this `name`; one name, one SQL text. A
 * statement whose best plan depends on its values (a search: a rare and a common term want
 * different plans) is built with `.prepare('')` instead: built once here, sent unnamed, so
 * PostgreSQL parses and plans it for each run's values.
 */
export const reuse = <Q>(db: Executor, name: string, build: (db: Executor) => Q): Q => {
  const owner = ownerOf(db);
  let statements = built.get(owner);
  if (!statements) {
    statements = new Map();
    built.set(owner, statements);
  }
  let statement = statements.get(name) as Q | undefined;
  if (!statement) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
};
