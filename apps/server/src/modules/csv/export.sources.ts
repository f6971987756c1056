import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  EXPORT_COLUMNS,
  MONTH_NAME_BY_CODE,
  blogListQuerySchema,
  imageLibraryListQuerySchema,
  itineraryListQuerySchema,
  listQuerySchema,
  placeDetailsListQuerySchema,
  scheduledNotificationListQuerySchema,
  type ExportEntity,
} from '@safarnama/contract';
import type { Executor } from '../../db/client.js';
import {
  adminUsers,
  countries,
  imageLibraries,
  itineraries,
  placeBlogs,
  placeDetails,
  places,
  scheduledNotifications,
  states,
  userTypes,
} from '../../db/schema/index.js';
import { asUuid } from '../../http/form-fields.js';
import { adminWhere } from '../admins/admins.repo.js';
import { blogWhere } from '../blogs/blogs.repo.js';
import { countryWhere, placeSearch, stateSearch } from '../geography/geography.repo.js';
import { libraryWhere } from '../image-libraries/image-libraries.repo.js';
import { itineraryWhere } from '../itineraries/itineraries.repo.js';
import { scheduledWhere } from '../marketing/marketing.repo.js';
import { placeDetailsWhere } from '../place-details/place-details.repo.js';
import { userTypeSearch } from '../roles/roles.repo.js';
import type { CsvCell } from './csv-writer.js';

/**
 * Issue 24: what each list exports. Every source takes its list's query (without page and limit)
 * and the list's own WHERE (the repo's `…Where`, the same function its list calls), and reads the
 * rows newest first in keyset batches: `(created_at, id) < (last)` on the list's btree, so a batch
 * costs the same at row 100,000 as at row 1 and nothing but one batch is ever held.
 */

/** Rows per batch (one query each). */
export const EXPORT_BATCH = 1000;

/** The list's query without paging. */
const unpaged = <S extends z.ZodObject>(schema: S) =>
  (schema as unknown as typeof listQuerySchema).omit({ page: true, limit: true });

export interface ExportSource {
  query: z.ZodType;
  header: readonly string[];
  /** The rows matching the query, as CSV cells, one batch at a time. */
  rows: (db: Executor, query: Record<string, unknown>) => AsyncGenerator<CsvCell[][]>;
}

interface Keyed {
  cursorAt: string;
  cursorId: string;
}

/** The cursor columns: the order column as text (microseconds kept; a JS Date would drop them). */
const cursorOf = (order: AnyPgColumn, id: AnyPgColumn) => ({
  cursorAt: sql<string>`${order}::text`,
  cursorId: sql<string>`${id}::text`,
});

/**
 * Batches newest first by `(order, id)`: each batch is `fetch(after, limit)`, `after` the row
 * comparison with the previous batch's last row.
 */
async function* keyset<R extends Keyed>(
  order: AnyPgColumn,
  id: AnyPgColumn,
  fetch: (after: SQL | undefined, limit: number) => Promise<R[]>,
  toCells: (row: R) => CsvCell[],
): AsyncGenerator<CsvCell[][]> {
  let after: SQL | undefined;
  for (;;) {
    const rows = await fetch(after, EXPORT_BATCH);
    if (rows.length > 0) yield rows.map(toCells);
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = sql`(${order}, ${id}) < (${last.cursorAt}::timestamptz, ${last.cursorId}::uuid)`;
  }
}

const newest = (order: AnyPgColumn, id: AnyPgColumn) => [desc(order), desc(id)];
const monthNames = (codes: readonly string[]) =>
  codes.map((code) => MONTH_NAME_BY_CODE[code as keyof typeof MONTH_NAME_BY_CODE] ?? code);
const issues = (codes: readonly string[]) => codes.join(', ');
const text = (query: Record<string, unknown>, key: string): string =>
  typeof query[key] === 'string' ? query[key] : '';
const flag = (query: Record<string, unknown>, key: string): boolean | undefined =>
  typeof query[key] === 'boolean' ? query[key] : undefined;

const countryName = sql<string>`(select ${countries.name} from ${countries} where ${countries.id} = ${itineraries.countryId})`;
const stateName = sql<string>`(select ${states.name} from ${states} where ${states.id} = ${itineraries.stateId})`;
const placeName = sql<string>`(select ${places.name} from ${places} where ${places.id} = ${itineraries.placeId})`;
const libraryTitle = sql<
  string | null
>`(select ${imageLibraries.title} from ${imageLibraries} where ${imageLibraries.id} = ${itineraries.imageLibraryId})`;

export const EXPORT_SOURCES: Record<ExportEntity, ExportSource> = {
  itineraries: {
    query: unpaged(itineraryListQuerySchema),
    header: EXPORT_COLUMNS.itineraries,
    rows: (db, query) => {
      const rawPlace = text(query, 'placeId');
      const where = itineraryWhere({
        search: text(query, 'search'),
        placeId: rawPlace ? (asUuid(rawPlace) ?? null) : undefined,
        publishable: flag(query, 'publishable'),
        needsAttention: flag(query, 'needsAttention'),
      });
      const t = itineraries;
      return keyset(
        t.createdAt,
        t.id,
        (after, limit) =>
          db
            .select({
              ...cursorOf(t.createdAt, t.id),
              id: t.id,
              title: t.title,
              duration: t.duration,
              type: t.type,
              groupSize: t.groupSize,
              languages: t.languages,
              pricePerPerson: t.pricePerPerson,
              visibility: t.visibility,
              months: t.months,
              countryName,
              stateName,
              placeName,
              isActive: t.isActive,
              libraryTitle,
              metaTitle: t.metaTitle,
              metaDescription: t.metaDescription,
              description: t.description,
              qualityIssues: t.qualityIssues,
              createdAt: t.createdAt,
              updatedAt: t.updatedAt,
            })
            .from(t)
            .where(and(where, after))
            .orderBy(...newest(t.createdAt, t.id))
            .limit(limit),
        (r) => [
          r.id,
          r.title,
          r.duration,
          r.type,
          r.groupSize,
          r.languages,
          r.pricePerPerson,
          r.visibility,
          monthNames(r.months),
          r.countryName,
          r.stateName,
          r.placeName,
          r.isActive,
          r.libraryTitle,
          r.metaTitle,
          r.metaDescription,
          r.description,
          issues(r.qualityIssues),
          r.createdAt,
          r.updatedAt,
        ],
      );
    },
  },
  places: {
    query: unpaged(listQuerySchema),
    header: EXPORT_COLUMNS.places,
    rows: (db, query) => {
      const search = text(query, 'search');
      const where = search ? placeSearch(search) : undefined;
      return keyset(
        places.createdAt,
        places.id,
        (after, limit) =>
          db
            .select({
              ...cursorOf(places.createdAt, places.id),
              place: places,
              countryName: countries.name,
              stateName: states.name,
            })
            .from(places)
            .innerJoin(states, eq(states.id, places.stateId))
            .innerJoin(countries, eq(countries.id, places.countryId))
            .where(and(where, after))
            .orderBy(...newest(places.createdAt, places.id))
            .limit(limit),
        ({ place: p, countryName: c, stateName: s }) => [
          p.id,
          p.name,
          c,
          s,
          p.shortDescription,
          p.latitude,
          p.longitude,
          p.isActive,
          p.createdAt,
          p.updatedAt,
        ],
      );
    },
  },
  countries: {
    query: unpaged(listQuerySchema),
    header: EXPORT_COLUMNS.countries,
    rows: (db, query) => {
      const where = countryWhere(text(query, 'search'));
      return keyset(
        countries.createdAt,
        countries.id,
        (after, limit) =>
          db
            .select({ ...cursorOf(countries.createdAt, countries.id), country: countries })
            .from(countries)
            .where(and(where, after))
            .orderBy(...newest(countries.createdAt, countries.id))
            .limit(limit),
        ({ country: c }) => [c.id, c.name, c.shortName, c.isActive, c.createdAt, c.updatedAt],
      );
    },
  },
  states: {
    query: unpaged(listQuerySchema),
    header: EXPORT_COLUMNS.states,
    rows: (db, query) => {
      const search = text(query, 'search');
      const where = search ? stateSearch(search) : undefined;
      return keyset(
        states.createdAt,
        states.id,
        (after, limit) =>
          db
            .select({
              ...cursorOf(states.createdAt, states.id),
              state: states,
              countryName: countries.name,
            })
            .from(states)
            .innerJoin(countries, eq(countries.id, states.countryId))
            .where(and(where, after))
            .orderBy(...newest(states.createdAt, states.id))
            .limit(limit),
        ({ state: s, countryName: c }) => [s.id, s.name, c, s.isActive, s.createdAt, s.updatedAt],
      );
    },
  },
  'place-details': {
    query: unpaged(placeDetailsListQuerySchema),
    header: EXPORT_COLUMNS['place-details'],
    rows: (db, query) => {
      const where = placeDetailsWhere({
        search: text(query, 'search'),
        needsAttention: flag(query, 'needsAttention'),
      });
      const t = placeDetails;
      return keyset(
        t.createdAt,
        t.id,
        (after, limit) =>
          db
            .select({
              ...cursorOf(t.createdAt, t.id),
              id: t.id,
              placeName: places.name,
              stateName: states.name,
              countryName: countries.name,
              month: t.month,
              status: t.status,
              libraryTitle: imageLibraries.title,
              description: t.description,
              qualityIssues: t.qualityIssues,
              createdAt: t.createdAt,
              updatedAt: t.updatedAt,
            })
            .from(t)
            .innerJoin(places, eq(places.id, t.placeId))
            .innerJoin(states, eq(states.id, t.stateId))
            .innerJoin(countries, eq(countries.id, t.countryId))
            .leftJoin(imageLibraries, eq(imageLibraries.id, t.imageLibraryId))
            .where(and(where, after))
            .orderBy(...newest(t.createdAt, t.id))
            .limit(limit),
        (r) => [
          r.id,
          r.placeName,
          r.stateName,
          r.countryName,
          monthNames([r.month])[0],
          r.status,
          r.libraryTitle,
          r.description,
          issues(r.qualityIssues),
          r.createdAt,
          r.updatedAt,
        ],
      );
    },
  },
  blogs: {
    query: unpaged(blogListQuerySchema),
    header: EXPORT_COLUMNS.blogs,
    rows: (db, query) => {
      const where = blogWhere({
        search: text(query, 'search'),
        publishable: flag(query, 'publishable'),
        needsAttention: flag(query, 'needsAttention'),
      });
      const t = placeBlogs;
      return keyset(
        t.createdAt,
        t.id,
        (after, limit) =>
          db
            .select({
              ...cursorOf(t.createdAt, t.id),
              blog: {
                id: t.id,
                title: t.title,
                slug: t.slug,
                status: t.status,
                tags: t.tags,
                excerpt: t.excerpt,
                metaTitle: t.metaTitle,
                metaDescription: t.metaDescription,
                publishedAt: t.publishedAt,
                qualityIssues: t.qualityIssues,
                createdAt: t.createdAt,
                updatedAt: t.updatedAt,
              },
              placeName: places.name,
              stateName: states.name,
              countryName: countries.name,
              authorName: adminUsers.name,
            })
            .from(t)
            .innerJoin(places, eq(places.id, t.placeId))
            .innerJoin(states, eq(states.id, t.stateId))
            .innerJoin(countries, eq(countries.id, t.countryId))
            .leftJoin(adminUsers, eq(adminUsers.id, t.authorId))
            .where(and(where, after))
            .orderBy(...newest(t.createdAt, t.id))
            .limit(limit),
        ({ blog: b, ...r }) => [
          b.id,
          b.title,
          b.slug,
          r.placeName,
          r.stateName,
          r.countryName,
          b.status,
          b.tags,
          b.excerpt,
          b.metaTitle,
          b.metaDescription,
          r.authorName,
          b.publishedAt,
          issues(b.qualityIssues),
          b.createdAt,
          b.updatedAt,
        ],
      );
    },
  },
  'image-libraries': {
    query: unpaged(imageLibraryListQuerySchema),
    header: EXPORT_COLUMNS['image-libraries'],
    rows: (db, query) => {
      const where = libraryWhere(text(query, 'search'));
      const t = imageLibraries;
      return keyset(
        t.createdAt,
        t.id,
        (after, limit) =>
          db
            .select({ ...cursorOf(t.createdAt, t.id), library: t, authorName: adminUsers.name })
            .from(t)
            .leftJoin(adminUsers, eq(adminUsers.id, t.authorId))
            .where(and(where, after))
            .orderBy(...newest(t.createdAt, t.id))
            .limit(limit),
        ({ library: l, authorName }) => [
          l.id,
          l.title,
          l.description,
          l.month,
          l.status,
          authorName,
          l.createdAt,
          l.updatedAt,
        ],
      );
    },
  },
  admins: {
    query: unpaged(listQuerySchema),
    header: EXPORT_COLUMNS.admins,
    rows: (db, query) => {
      const where = adminWhere(db, text(query, 'search'));
      const a = adminUsers;
      // Named columns only: never the password hash, the TOTP secrets or steps.
      return keyset(
        a.createdAt,
        a.id,
        (after, limit) =>
          db
            .select({
              ...cursorOf(a.createdAt, a.id),
              id: a.id,
              name: a.name,
              email: a.email,
              role: userTypes.name,
              isActive: a.isActive,
              twoFactorEnabled: a.twoFactorEnabled,
              lastLoginAt: a.lastLoginAt,
              createdAt: a.createdAt,
            })
            .from(a)
            .innerJoin(userTypes, eq(userTypes.id, a.userTypeId))
            .where(and(where, after))
            .orderBy(...newest(a.createdAt, a.id))
            .limit(limit),
        (r) => [
          r.id,
          r.name,
          r.email,
          r.role,
          r.isActive,
          r.twoFactorEnabled,
          r.lastLoginAt,
          r.createdAt,
        ],
      );
    },
  },
  roles: {
    query: unpaged(listQuerySchema),
    header: EXPORT_COLUMNS.roles,
    // A small table, in the list's order (Super Admin first, then by name): one batch.
    async *rows(db, query) {
      const search = text(query, 'search');
      const rows = await db
        .select({
          userType: userTypes,
          admins: sql<number>`(select count(*)::int from admin_users au where au.user_type_id = user_types.id)`,
        })
        .from(userTypes)
        .where(search ? userTypeSearch(search) : undefined)
        .orderBy(
          desc(userTypes.isSuperAdmin),
          asc(sql`lower(${userTypes.name})`),
          asc(userTypes.id),
        );
      yield rows.map(({ userType: u, admins }) => [
        u.id,
        u.name,
        u.description,
        u.isSuperAdmin,
        u.permissions,
        Number(admins),
        u.createdAt,
      ]);
    },
  },
  'marketing-notifications': {
    query: unpaged(scheduledNotificationListQuerySchema),
    header: EXPORT_COLUMNS['marketing-notifications'],
    rows: (db, query) => {
      const status = text(query, 'status');
      const where = scheduledWhere({
        search: text(query, 'search'),
        status: status ? (status as never) : undefined,
      });
      const n = scheduledNotifications;
      return keyset(
        n.scheduledAt,
        n.id,
        (after, limit) =>
          db
            .select({
              ...cursorOf(n.scheduledAt, n.id),
              id: n.id,
              title: n.title,
              message: n.message,
              channels: n.channels,
              audienceType: n.audienceType,
              roleName: userTypes.name,
              status: n.status,
              scheduledAt: n.scheduledAt,
              createdAt: n.createdAt,
            })
            .from(n)
            .leftJoin(userTypes, eq(userTypes.id, n.userTypeId))
            .where(and(where, after))
            .orderBy(...newest(n.scheduledAt, n.id))
            .limit(limit),
        (r) => [
          r.id,
          r.title,
          r.message,
          r.channels,
          r.roleName ? `${r.audienceType}: ${r.roleName}` : r.audienceType,
          r.status,
          r.scheduledAt,
          r.createdAt,
        ],
      );
    },
  },
};
