import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pageWithTotal, type CountLimits, type ListPage } from '../../db/counting.js';
import { containsText, lowered } from '../../db/search.js';
import { adminUsers, imageLibraries } from '../../db/schema/index.js';

export type LibraryRow = typeof imageLibraries.$inferSelect;
export type NewLibrary = typeof imageLibraries.$inferInsert;

/** A library with the few author columns the list shows. */
export interface LibraryWithAuthor {
  library: LibraryRow;
  author: { name: string; image: string | null } | null;
}

/**
 * The searched text: exactly the expression of the trigram GIN index
 * `image_libraries_search_trgm_idx` (lower-cased), so the search is answered from the index.
 */
const searchText = sql`(${imageLibraries.title} || ' ' || ${imageLibraries.description} || ' ' || ${imageLibraries.month})`;

const withAuthor = (db: Executor) =>
  db
    .select({
      library: imageLibraries,
      authorName: adminUsers.name,
      authorImage: adminUsers.avatarUrl,
    })
    .from(imageLibraries)
    .leftJoin(adminUsers, eq(adminUsers.id, imageLibraries.authorId));

const toLibraryWithAuthor = (row: {
  library: LibraryRow;
  authorName: string | null;
  authorImage: string | null;
}): LibraryWithAuthor => ({
  library: row.library,
  author: row.authorName === null ? null : { name: row.authorName, image: row.authorImage },
});

/** The list's WHERE (also the CSV export's, issue 24). */
export const libraryWhere = (search: string): SQL | undefined =>
  search ? containsText(lowered(searchText), search) : undefined;

/** A page, newest first, and its total (the count strategy of db/counting.ts). */
export const listLibraries = (
  db: Executor,
  { page, limit, search }: { page: number; limit: number; search: string },
  limits?: CountLimits,
): Promise<ListPage<LibraryWithAuthor>> => {
  const where = libraryWhere(search);
  return pageWithTotal(
    db,
    { table: imageLibraries, where, page, limit, limits },
    ({ limit, offset }) =>
      withAuthor(db)
        .where(where)
        .orderBy(desc(imageLibraries.createdAt), desc(imageLibraries.id))
        .limit(limit)
        .offset(offset)
        .then((rows) => rows.map(toLibraryWithAuthor)),
  );
};

export const findLibrary = async (
  db: Executor,
  id: string,
): Promise<LibraryWithAuthor | undefined> => {
  const [row] = await withAuthor(db).where(eq(imageLibraries.id, id)).limit(1);
  return row ? toLibraryWithAuthor(row) : undefined;
};

export const libraryExists = async (db: Executor, id: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: imageLibraries.id })
    .from(imageLibraries)
    .where(eq(imageLibraries.id, id))
    .limit(1);
  return row !== undefined;
};

/** Locks the library row for the rest of the transaction (concurrent edits queue up). */
export const lockLibrary = async (db: Executor, id: string): Promise<LibraryRow | undefined> => {
  const [row] = await db
    .select()
    .from(imageLibraries)
    .where(eq(imageLibraries.id, id))
    .for('update')
    .limit(1);
  return row;
};

export const insertLibrary = async (db: Executor, values: NewLibrary): Promise<LibraryRow> => {
  const [row] = await db.insert(imageLibraries).values(values).returning();
  if (!row) throw new Error('insert image library returned nothing');
  return row;
};

export const updateLibrary = async (
  db: Executor,
  id: string,
  values: Pick<NewLibrary, 'title' | 'description' | 'month'>,
): Promise<void> => {
  await db
    .update(imageLibraries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(imageLibraries.id, id));
};

export const touchLibrary = async (db: Executor, id: string): Promise<void> => {
  await db
    .update(imageLibraries)
    .set({ updatedAt: sql`now()` })
    .where(eq(imageLibraries.id, id));
};

/** active ↔ inactive in one statement; undefined when there is no such library. */
export const toggleLibraryStatus = async (db: Executor, id: string): Promise<boolean> => {
  const [row] = await db
    .update(imageLibraries)
    .set({
      status: sql`case when ${imageLibraries.status} = 'active' then 'inactive' else 'active' end`,
      updatedAt: sql`now()`,
    })
    .where(eq(imageLibraries.id, id))
    .returning({ id: imageLibraries.id });
  return row !== undefined;
};

/** Issue 24: sets the status (a bulk action); false when there is no such library. */
export const setLibraryStatus = async (
  db: Executor,
  id: string,
  status: 'active' | 'inactive',
): Promise<boolean> => {
  const [row] = await db
    .update(imageLibraries)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(imageLibraries.id, id))
    .returning({ id: imageLibraries.id });
  return row !== undefined;
};

export const deleteLibrary = async (db: Executor, id: string): Promise<void> => {
  await db.delete(imageLibraries).where(eq(imageLibraries.id, id));
};
