import { and, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RevisionEntity } from '@safarnama/contract';
import type { Tx } from '../../db/client.js';
import {
  countries,
  imageLibraries,
  images,
  itineraries,
  placeBlogs,
  placeDetails,
  places,
  states,
} from '../../db/schema/index.js';
import type { RevisionTarget } from '../../http/audit.js';
import { BLOG_REVISIONS } from '../blogs/blogs.audit.js';
import { HOMEPAGE_REVISIONS } from '../homepage/homepage.audit.js';
import { lockSettings, replaceSelection } from '../homepage/homepage.repo.js';
import { IMAGE_LIBRARY_REVISIONS } from '../image-libraries/image-libraries.audit.js';
import { ITINERARY_REVISIONS } from '../itineraries/itineraries.audit.js';
import { PLACE_DETAILS_REVISIONS } from '../place-details/place-details.audit.js';
import { isUuid } from '../../http/form-fields.js';

/**
 * Making a revision's snapshot current again (issue 21). A restore writes the record's columns as
 * the snapshot has them (or re-creates a deleted record with its id), the alt texts and order of
 * its images, or the homepage selection, inside the audit scope's transaction, which then raises
 * the version and writes the "restore" revision and entry. Before writing anything it checks that
 * what the snapshot refers to still exists: a missing place, library, image, itinerary or blog is
 * named in a 409 and nothing changes.
 *
 * Images are never deleted by a restore: images added after the snapshot stay, ordered after the
 * restored ones. An image the snapshot had that has since been deleted (a replaced cover, a
 * removed gallery image: their files are gone) is missing; `withoutMissingImages` restores the
 * rest and keeps the current images in their place.
 */

type Json = Record<string, unknown>;
type IdTable = PgTable & { id: AnyPgColumn };

export interface Missing {
  kind: string;
  id: string;
}

/** A column of the snapshot that names another record. */
interface Ref {
  key: string;
  kind: string;
  table: IdTable;
  /** The ids a non-id column names (default: the column's value is the id). */
  idsOf?: (value: unknown) => string[];
}

interface RowRestorer {
  target: RevisionTarget;
  table: IdTable;
  refs: Ref[];
  /** The snapshot lists the record's images (`images`: `{_id, kind, altText}` in order). */
  hasImages: boolean;
}

const placeRefs: Ref[] = [
  { key: 'countryId', kind: 'country', table: countries },
  { key: 'stateId', kind: 'state', table: states },
  { key: 'placeId', kind: 'place', table: places },
];
const libraryRef: Ref = { key: 'imageLibraryId', kind: 'image library', table: imageLibraries };
/** Issue 22: the places an itinerary's days visit. */
const dayPlacesRef: Ref = {
  key: 'dailyItinerary',
  kind: 'place',
  table: places,
  idsOf: (days) =>
    Array.isArray(days) ? days.flatMap((day) => stringIds((day as Json | null)?.placeIds)) : [],
};

const ROW_RESTORERS: Record<Exclude<RevisionEntity, 'homepage-settings'>, RowRestorer> = {
  itinerary: {
    target: ITINERARY_REVISIONS,
    table: itineraries,
    refs: [...placeRefs, libraryRef, dayPlacesRef],
    hasImages: true,
  },
  blog: { target: BLOG_REVISIONS, table: placeBlogs, refs: placeRefs, hasImages: true },
  'place-details': {
    target: PLACE_DETAILS_REVISIONS,
    table: placeDetails,
    refs: [...placeRefs, libraryRef],
    hasImages: true,
  },
  'image-library': {
    target: IMAGE_LIBRARY_REVISIONS,
    table: imageLibraries,
    refs: [],
    hasImages: true,
  },
};

/** The revision target of each entity (its table, loader and fixed id). */
export const REVISION_TARGETS: Record<RevisionEntity, RevisionTarget> = {
  itinerary: ITINERARY_REVISIONS,
  blog: BLOG_REVISIONS,
  'place-details': PLACE_DETAILS_REVISIONS,
  'image-library': IMAGE_LIBRARY_REVISIONS,
  'homepage-settings': HOMEPAGE_REVISIONS,
};

const stringIds = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((item) => {
        const id = typeof item === 'string' ? item : (item as Json | null)?._id;
        return typeof id === 'string' ? [id] : [];
      })
    : [];

/** The ids among `ids` that `table` does not hold. */
const absent = async (tx: Tx, table: IdTable, ids: string[]): Promise<string[]> => {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const valid = wanted.filter((id) => isUuid(id));
  const found =
    valid.length === 0
      ? []
      : ((await tx
          .select({ id: table.id })
          .from(table as PgTable)
          .where(inArray(table.id, valid) as SQL)) as { id: string }[]);
  const present = new Set(found.map((row) => row.id));
  return wanted.filter((id) => !present.has(id));
};

interface SnapshotImage {
  _id: string;
  kind: string;
  altText: string;
}

const snapshotImages = (snapshot: Json): SnapshotImage[] =>
  Array.isArray(snapshot.images)
    ? (snapshot.images as Json[]).flatMap((image) =>
        typeof image._id === 'string' && typeof image.kind === 'string'
          ? [{ _id: image._id, kind: image.kind, altText: String(image.altText ?? '') }]
          : [],
      )
    : [];

/** The snapshot's values for the table's writable columns (dates back to Date objects). */
/**
 * Not written back: bookkeeping, the schedule (a restore brings back content, not plans: an old
 * publish time, long past, would fire at once; the record keeps the schedule it has now) and the
 * content-quality codes (issue 23: computed again from the restored state by the audit scope,
 * never copied from a snapshot made under other rules or other images).
 */
const NOT_RESTORED = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'version',
  'publishAt',
  'unpublishAt',
  'scheduleBy',
  'qualityIssues',
  'qualityVersion',
]);

const columnValues = (table: IdTable, snapshot: Json): Json => {
  const values: Json = {};
  for (const [key, column] of Object.entries(getTableColumns(table as PgTable))) {
    if (NOT_RESTORED.has(key)) continue;
    if ((column as { generated?: unknown }).generated) continue;
    if (!(key in snapshot)) continue;
    const value = snapshot[key];
    values[key] =
      column.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value;
  }
  return values;
};

export interface RestoreOptions {
  withoutMissingImages?: boolean;
}

/**
 * What the snapshot refers to that is gone (empty: the restore can go ahead). Images missing
 * only count unless `withoutMissingImages`.
 */
const missingOf = async (
  tx: Tx,
  restorer: RowRestorer,
  id: string,
  snapshot: Json,
  options: RestoreOptions,
): Promise<{ missing: Missing[]; keptImages: SnapshotImage[] }> => {
  const missing: Missing[] = [];
  for (const ref of restorer.refs) {
    const value = snapshot[ref.key];
    const ids = ref.idsOf
      ? ref.idsOf(value)
      : typeof value === 'string' && value !== ''
        ? [value]
        : [];
    for (const gone of await absent(tx, ref.table, ids)) missing.push({ kind: ref.kind, id: gone });
  }
  const wanted = restorer.hasImages ? snapshotImages(snapshot) : [];
  const owned =
    wanted.length === 0
      ? []
      : await tx
          .select({ id: images.id })
          .from(images)
          .where(
            and(
              eq(images.ownerId, id),
              inArray(
                images.id,
                wanted.map((image) => image._id).filter((imageId) => isUuid(imageId)),
              ),
            ),
          );
  const ownedIds = new Set(owned.map((row) => row.id));
  const keptImages = wanted.filter((image) => ownedIds.has(image._id));
  if (!options.withoutMissingImages) {
    for (const image of wanted) {
      if (!ownedIds.has(image._id)) missing.push({ kind: `image (${image.kind})`, id: image._id });
    }
  }
  return { missing, keptImages };
};

/** Alt texts and order as the snapshot has them; images it does not list follow, in their order. */
const restoreImages = async (tx: Tx, id: string, kept: SnapshotImage[]): Promise<void> => {
  const current = await tx
    .select({ id: images.id, kind: images.ownerType, sortOrder: images.sortOrder })
    .from(images)
    .where(eq(images.ownerId, id));
  const listed = new Set(kept.map((image) => image._id));
  const kinds = new Set(current.map((image) => image.kind));
  for (const kind of kinds) {
    const ordered = kept.filter((image) => image.kind === kind);
    const rest = current
      .filter((image) => image.kind === kind && !listed.has(image.id))
      .sort((a, b) => a.sortOrder - b.sortOrder);
    let position = 0;
    for (const image of ordered) {
      await tx
        .update(images)
        .set({ altText: image.altText, sortOrder: position++ })
        .where(eq(images.id, image._id));
    }
    for (const image of rest) {
      await tx.update(images).set({ sortOrder: position++ }).where(eq(images.id, image.id));
    }
  }
};

/**
 * Writes the snapshot back (inside the change's transaction). Answers what is missing; when that
 * is not empty nothing was written.
 */
export const restoreSnapshot = async (
  tx: Tx,
  entity: RevisionEntity,
  id: string,
  snapshot: Json,
  lastVersion: number,
  options: RestoreOptions,
): Promise<Missing[]> => {
  if (entity === 'homepage-settings') return restoreHomepage(tx, snapshot);
  const restorer = ROW_RESTORERS[entity];
  const { missing, keptImages } = await missingOf(tx, restorer, id, snapshot, options);
  if (missing.length > 0) return missing;
  const values = columnValues(restorer.table, snapshot);
  const [exists] = (await tx
    .select({ id: restorer.table.id })
    .from(restorer.table as PgTable)
    .where(eq(restorer.table.id, id) as SQL)
    .limit(1)) as { id: string }[];
  if (exists) {
    await tx
      .update(restorer.table as PgTable)
      .set({ ...values, updatedAt: new Date() } as never)
      .where(eq(restorer.table.id, id) as SQL);
  } else {
    // A deleted record comes back with its id; the scope then raises the version past the last.
    const createdAt =
      typeof snapshot.createdAt === 'string' ? new Date(snapshot.createdAt) : new Date();
    await tx
      .insert(restorer.table as PgTable)
      .values({ ...values, id, createdAt, updatedAt: new Date(), version: lastVersion } as never);
  }
  if (restorer.hasImages) await restoreImages(tx, id, keptImages);
  return [];
};

const restoreHomepage = async (tx: Tx, snapshot: Json): Promise<Missing[]> => {
  const placeIds = stringIds(snapshot.trendingDestinations);
  const packages = Array.isArray(snapshot.tourPackages)
    ? (snapshot.tourPackages as Json[]).flatMap((p) =>
        typeof p._id === 'string' ? [{ id: p._id, displayOrder: Number(p.displayOrder ?? 0) }] : [],
      )
    : [];
  const blogIds = stringIds(snapshot.blogs);
  const missing: Missing[] = [
    ...(await absent(tx, places, placeIds)).map((id) => ({ kind: 'place', id })),
    ...(
      await absent(
        tx,
        itineraries,
        packages.map((p) => p.id),
      )
    ).map((id) => ({ kind: 'itinerary', id })),
    ...(await absent(tx, placeBlogs, blogIds)).map((id) => ({ kind: 'blog', id })),
  ];
  if (missing.length > 0) return missing;
  const isActive = snapshot.isActive !== false;
  await lockSettings(tx, isActive, new Date());
  await replaceSelection(tx, { isActive, placeIds, packages, blogIds });
  return [];
};
