import type { Executor } from './client.js';

const built = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A statement of the hot path, built once per database (or transaction) and reused: drizzle does
 * not rebuild its SQL on every call, and on PostgreSQL it is a named prepared statement, parsed
 * once per pooled connection (and no longer planned after its fifth run when PostgreSQL's generic
 * plan costs no more than the custom ones: not so with a LIMIT parameter, which the generic plan
 * takes for a tenth of the table — itineraries.repo.ts `FIRST_PAGE_ROWS`). `build` must call
 * drizzle's `.prepare(name)` with this `name`; one name, one SQL text. A statement whose best
 * plan depends on its values (a search: a rare and a common term want different plans) is built
 * with `.prepare('')` instead: built once here, sent unnamed, so PostgreSQL parses and plans it
 * for each run's values.
 */
export const reuse = <Q>(db: Executor, name: string, build: (db: Executor) => Q): Q => {
  let statements = built.get(db);
  if (!statements) {
    statements = new Map();
    built.set(db, statements);
  }
  let statement = statements.get(name) as Q | undefined;
  if (!statement) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
};
