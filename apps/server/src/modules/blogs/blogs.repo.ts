import { and, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pageWithTotal, type CountLimits } from '../../db/counting.js';
import { adminUsers, countries, placeBlogs, places, states } from '../../db/schema/index.js';
import { PUBLISHABLE } from '../../db/publishable.js';
import { NEEDS_ATTENTION } from '../../db/quality.js';
import { containsText, lowered } from '../../db/search.js';

export type BlogRow = typeof placeBlogs.$inferSelect;
export type NewBlog = typeof placeBlogs.$inferInsert;

export interface BlogWithNames {
  blog: BlogRow;
  countryName: string;
  stateName: string;
  placeName: string;
  authorName: string | null;
  authorImage: string | null;
}

/**
 * The searched text: exactly the expression of the trigram GIN index `place_blogs_search_trgm_idx`
 * (title, excerpt, slug and tags), so the search (db/search.ts) is answered from the index.
 */
const searchText = sql`(${placeBlogs.title} || ' ' || ${placeBlogs.excerpt} || ' ' || ${placeBlogs.slug} || ' ' || ${placeBlogs.tagsText})`;

const withNames = (db: Executor) =>
  db
    .select({
      blog: placeBlogs,
      countryName: countries.name,
      stateName: states.name,
      placeName: places.name,
      authorName: adminUsers.name,
      authorImage: adminUsers.avatarUrl,
    })
    .from(placeBlogs)
    .innerJoin(places, eq(places.id, placeBlogs.placeId))
    .innerJoin(states, eq(states.id, placeBlogs.stateId))
    .innerJoin(countries, eq(countries.id, placeBlogs.countryId))
    .leftJoin(adminUsers, eq(adminUsers.id, placeBlogs.authorId));

export interface BlogFilter {
  search: string;
  publishable?: boolean | undefined;
  needsAttention?: boolean | undefined;
}

/** The list's WHERE (also the CSV export's, issue 24). */
export const blogWhere = (query: BlogFilter): SQL | undefined =>
  and(
    query.search ? containsText(lowered(searchText), query.search) : undefined,
    query.publishable ? PUBLISHABLE.blog : undefined,
    query.needsAttention ? NEEDS_ATTENTION.blog : undefined,
  );

/**
 * A page, newest first, and its total (the count strategy of db/counting.ts); `publishable`:
 * published blogs only (db/publishable.ts), filtered while the btree is walked; `needsAttention`
 * (issue 23): only blogs failing a quality rule.
 */
export const listBlogs = (
  db: Executor,
  query: {
    page: number;
    limit: number;
    search: string;
    publishable?: boolean | undefined;
    needsAttention?: boolean | undefined;
  },
  limits?: CountLimits,
) => {
  const where = blogWhere(query);
  return pageWithTotal(
    db,
    { table: placeBlogs, where, page: query.page, limit: query.limit, limits },
    ({ limit, offset }) =>
      withNames(db)
        .where(where)
        .orderBy(desc(placeBlogs.createdAt), desc(placeBlogs.id))
        .limit(limit)
        .offset(offset),
  );
};

export const findBlog = async (db: Executor, id: string): Promise<BlogWithNames | undefined> => {
  const [row] = await withNames(db).where(eq(placeBlogs.id, id)).limit(1);
  return row;
};

export const lockBlog = async (db: Executor, id: string) => {
  const [row] = await db
    .select()
    .from(placeBlogs)
    .where(eq(placeBlogs.id, id))
    .for('update')
    .limit(1);
  return row;
};

/** Slugs equal to `base` or of the form `base-…` (slugs hold no LIKE wildcards). */
export const slugsLike = async (
  db: Executor,
  base: string,
): Promise<{ id: string; slug: string }[]> =>
  db
    .select({ id: placeBlogs.id, slug: placeBlogs.slug })
    .from(placeBlogs)
    .where(or(eq(placeBlogs.slug, base), like(placeBlogs.slug, `${base}-%`)));

export const insertBlog = async (db: Executor, values: NewBlog) => {
  const [row] = await db.insert(placeBlogs).values(values).returning({ id: placeBlogs.id });
  if (!row) throw new Error('insert blog returned nothing');
  return row;
};

export const updateBlog = async (db: Executor, id: string, values: Partial<NewBlog>) => {
  await db
    .update(placeBlogs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(placeBlogs.id, id));
};
