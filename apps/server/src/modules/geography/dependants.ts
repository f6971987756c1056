import { asc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEPENDANT_SAMPLE_SIZE,
  HOMEPAGE_TEXTS,
  MONTH_CODES,
  MONTH_NAME_BY_CODE,
  inUseMessage,
  type DependantGroup,
  type DependantKind,
} from '@safarnama/contract';
import type { Database, Executor } from '../../db/client.js';
import { isStillReferenced } from '../../db/errors.js';
import {
  homepageBlogs,
  homepageDestinations,
  itineraries,
  placeBlogs,
  placeDetails,
  places,
  states,
} from '../../db/schema/index.js';
import { afterCommit, inTransaction, transaction } from '../../db/transaction.js';
import { InUse, NotFound } from '../../http/errors.js';
import { asUuid } from '../../http/form-fields.js';
import { deleteFiles } from '../../media/files.js';
import { deleteImagesOf, type ImageOwnerType } from '../../media/images.repo.js';
import { imageFileKeys } from '../../media/pipeline.js';
import type { StorageDriver } from '../../media/storage.js';

/*
 * What depends on a country, state, place or blog (issue 20), and the one guarded delete of the
 * content records. A dependant blocks the delete (409 `InUse`, `data.dependants`): the hierarchy
 * below a record (states, places, their place details, blogs and itineraries) and the homepage
 * selections of a place or blog. What goes with the record instead: its own images (flag,
 * picture, cover, gallery), whose files are removed after the commit.
 */

const total = sql<number>`count(*) over ()`.mapWith(Number);
const byName = (column: AnyColumn) => asc(sql`lower(${column})`);
const MONTH_ORDER = sql.raw(`array[${MONTH_CODES.map((code) => `'${code}'`).join(', ')}]`);

interface SampleRow {
  id: string;
  name: string;
  total: number;
}

/** One kind's group from its sample rows (each carries the full count), or none. */
const groupOf = (kind: DependantKind, rows: readonly SampleRow[]): DependantGroup[] => {
  const [first] = rows;
  if (!first) return [];
  return [{ kind, count: first.total, items: rows.map((r) => ({ _id: r.id, name: r.name })) }];
};

/** The places of a country, of a state, or one place: a condition on a `place_id` column. */
type PlaceScope = { countryId: string } | { stateId: string } | { placeId: string };
const inScope = (column: AnyPgColumn, scope: PlaceScope): SQL =>
  'placeId' in scope
    ? eq(column, scope.placeId)
    : inArray(
        column,
        // Through `places` (indexed by country and by state): the content tables are indexed by place.
        'countryId' in scope
          ? sql`(select ${places.id} from ${places} where ${places.countryId} = ${scope.countryId})`
          : sql`(select ${places.id} from ${places} where ${places.stateId} = ${scope.stateId})`,
      );

/** Place details, blogs and itineraries of the places in `scope`. */
const contentOf = async (tx: Executor, scope: PlaceScope): Promise<DependantGroup[]> => {
  const details = await tx
    .select({ id: placeDetails.id, place: places.name, month: placeDetails.month, total })
    .from(placeDetails)
    .innerJoin(places, eq(places.id, placeDetails.placeId))
    .where(inScope(placeDetails.placeId, scope))
    .orderBy(byName(places.name), asc(sql`array_position(${MONTH_ORDER}, ${placeDetails.month})`))
    .limit(DEPENDANT_SAMPLE_SIZE);
  const blogs = await tx
    .select({ id: placeBlogs.id, name: placeBlogs.title, total })
    .from(placeBlogs)
    .where(inScope(placeBlogs.placeId, scope))
    .orderBy(byName(placeBlogs.title), asc(placeBlogs.id))
    .limit(DEPENDANT_SAMPLE_SIZE);
  const tours = await tx
    .select({ id: itineraries.id, name: itineraries.title, total })
    .from(itineraries)
    .where(
      'placeId' in scope
        ? // Issue 22: an itinerary whose days visit the place depends on it too.
          or(
            inScope(itineraries.placeId, scope),
            sql`${itineraries.dailyItinerary} @> ${JSON.stringify([{ placeIds: [scope.placeId] }])}::jsonb`,
          )
        : inScope(itineraries.placeId, scope),
    )
    .orderBy(byName(itineraries.title), asc(itineraries.id))
    .limit(DEPENDANT_SAMPLE_SIZE);
  return [
    ...groupOf(
      'placeDetails',
      details.map((d) => ({ ...d, name: `${d.place} (${MONTH_NAME_BY_CODE[d.month]})` })),
    ),
    ...groupOf('blog', blogs),
    ...groupOf('itinerary', tours),
  ];
};

const placesWhere = (tx: Executor, where: SQL) =>
  tx
    .select({ id: places.id, name: places.name, total })
    .from(places)
    .where(where)
    .orderBy(byName(places.name), asc(places.id))
    .limit(DEPENDANT_SAMPLE_SIZE);

/** A homepage section as a dependant: its field name and its heading. */
const homepageGroup = (field: string, heading: string): DependantGroup[] => [
  { kind: 'homepage', count: 1, items: [{ _id: field, name: heading }] },
];

/** What a country, state, place or blog is still used by (empty: it may go). */
export const DEPENDANTS = {
  country: async (tx: Executor, id: string): Promise<DependantGroup[]> => [
    ...groupOf(
      'state',
      await tx
        .select({ id: states.id, name: states.name, total })
        .from(states)
        .where(eq(states.countryId, id))
        .orderBy(byName(states.name), asc(states.id))
        .limit(DEPENDANT_SAMPLE_SIZE),
    ),
    ...groupOf('place', await placesWhere(tx, eq(places.countryId, id))),
    ...(await contentOf(tx, { countryId: id })),
  ],
  state: async (tx: Executor, id: string): Promise<DependantGroup[]> => [
    ...groupOf('place', await placesWhere(tx, eq(places.stateId, id))),
    ...(await contentOf(tx, { stateId: id })),
  ],
  place: async (tx: Executor, id: string): Promise<DependantGroup[]> => {
    const [shown] = await tx
      .select({ id: homepageDestinations.placeId })
      .from(homepageDestinations)
      .where(eq(homepageDestinations.placeId, id))
      .limit(1);
    return [
      ...(await contentOf(tx, { placeId: id })),
      ...(shown ? homepageGroup('trendingDestinations', HOMEPAGE_TEXTS.destinations) : []),
    ];
  },
  blog: async (tx: Executor, id: string): Promise<DependantGroup[]> => {
    const [shown] = await tx
      .select({ id: homepageBlogs.blogId })
      .from(homepageBlogs)
      .where(eq(homepageBlogs.blogId, id))
      .limit(1);
    return shown ? homepageGroup('blogs', HOMEPAGE_TEXTS.blogs) : [];
  },
  /** Nothing refers to place details. */
  none: (): Promise<DependantGroup[]> => Promise.resolve([]),
} as const;

export interface GuardedDelete {
  table: PgTable & { id: AnyPgColumn };
  /** What the refusal calls it ('country'). */
  noun: string;
  /** The 404's message (unknown or malformed id). */
  notFound: string;
  dependants: (tx: Executor, id: string) => Promise<DependantGroup[]>;
  /** The owner types of the record's own images, deleted with it. */
  images: readonly ImageOwnerType[];
}

/**
 * Deletes one record unless something depends on it. In one transaction: the row is locked
 * (FOR UPDATE: a dependant inserted or moved under it meanwhile waits for the foreign-key lock
 * this conflicts with, and fails once the row is gone), its dependants counted (any → 409 with
 * `data.dependants`, nothing changed), its images and then the row deleted; their files go after
 * the commit. A foreign key the count does not know still refuses it (409, not 500).
 */
export const deleteUnlessUsed = async (
  { db, storage }: { db: Database; storage: StorageDriver },
  spec: GuardedDelete,
  rawId: string,
  log?: FastifyBaseLogger,
): Promise<{ _id: string; id: string }> => {
  const id = asUuid(rawId);
  if (!id) throw new NotFound(spec.notFound);
  const { table } = spec;
  let removed;
  try {
    removed = await transaction(db, async (tx) => {
      const [row] = await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(eq(table.id, id))
        .for('update')
        .limit(1);
      if (!row) throw new NotFound(spec.notFound);
      const dependants = await spec.dependants(tx, id);
      if (dependants.length > 0) throw new InUse(inUseMessage(spec.noun, dependants), dependants);
      const images = [];
      for (const type of spec.images) images.push(...(await deleteImagesOf(tx, type, id)));
      await tx.delete(table as PgTable).where(eq(table.id, id));
      return images;
    });
  } catch (err) {
    if (!isStillReferenced(err)) throw err;
    // Inside a bulk action's transaction (still open, this record's savepoint failed) another
    // connection would wait on its locks (PGlite has only the one): the refusal names no group.
    const dependants = inTransaction(db) ? [] : await spec.dependants(db, id);
    throw new InUse(inUseMessage(spec.noun, dependants), dependants);
  }
  // After the commit: a bulk delete's transaction is still open here (db/transaction.ts).
  await afterCommit(() => deleteFiles(storage, removed.flatMap(imageFileKeys), log));
  return { _id: id, id };
};
