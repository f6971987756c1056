import { sql, type SQL } from 'drizzle-orm';

/** `50%_off\` → `%50\%\_off\\%`: the user's text matches literally inside an ILIKE pattern. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `expr ILIKE '%term%'` (answered by the trigram GIN index built on exactly `expr`). */
export const ilikeContains = (expr: SQL | SQL.Aliased | unknown, term: string): SQL =>
  sql`${expr} ilike ${containsPattern(term)}`;
