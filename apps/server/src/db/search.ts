import { sql, type SQL } from 'drizzle-orm';

/** `50%_off\` → `%50\%\_off\\%`: the user's text matches literally inside a LIKE pattern. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `lower(expr)`: the searched form of a text. Every trigram GIN index is built on exactly this
 * (`lower(…) gin_trgm_ops`), or on a generated column that is stored lower-cased already
 * (`itineraries.search_text`).
 */
export const lowered = (expr: SQL | SQL.Aliased | unknown): SQL => sql`lower(${expr})`;

/**
 * Case-insensitive "contains": `loweredText LIKE lower('%term%')`. The same matching as ILIKE
 * (PostgreSQL's ILIKE lower-cases both sides too), but a plain byte match on text that is already
 * lower-cased: the planner's selectivity estimate runs the pattern over up to 100 sampled values
 * of the column, and every row a plan re-checks runs it again, each ~3× cheaper than ILIKE
 * (ARCHITECTURE.md, "Performance work"). `loweredText` is a `lowered(…)` expression or a
 * lower-cased column, the exact expression of the table's trigram index. Never in a named
 * prepared statement: a generic plan cannot tell a rare term from a common one (db/prepared.ts).
 */
export const containsText = (loweredText: SQL | SQL.Aliased | unknown, term: string): SQL =>
  sql`${loweredText} like lower(${containsPattern(term)})`;
