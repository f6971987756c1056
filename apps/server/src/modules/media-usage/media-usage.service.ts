import { ownerPermission } from '../../media/owners.js';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  HOMEPAGE_TEXTS,
  MEDIA_USAGE_MESSAGES as M,
  MONTH_NAME_BY_CODE,
  USAGE_LINKS,
  inUseMessage,
  usageGroups,
  type DependantKind,
  type MediaUsage,
  type MediaUsageItem,
  type MediaUsageOwner,
  type MonthCode,
  type PermissionKey,
} from '@safarnama/contract';
import type { Database, Tx } from '../../db/client.js';
import { itineraries, placeDetails } from '../../db/schema/index.js';
import { changeContext, noteChange } from '../../db/transaction.js';
import type { QualityRefresher, RevisionTarget } from '../../http/audit.js';
import { BadRequest, Forbidden, InUse, NotFound } from '../../http/errors.js';
import { asUuid } from '../../http/form-fields.js';
import { createGallery, type Gallery, type RemovalGuard } from '../../media/gallery.js';
import type { ImageOwnerType, ImageRow } from '../../media/images.repo.js';
import type { ImagePipeline } from '../../media/pipeline.js';
import type { StorageDriver } from '../../media/storage.js';
import { BLOG_REVISIONS } from '../blogs/blogs.audit.js';
import { lockLibrary } from '../image-libraries/image-libraries.repo.js';
import { ITINERARY_REVISIONS } from '../itineraries/itineraries.audit.js';
import { lockItinerary } from '../itineraries/itineraries.repo.js';
import { PLACE_DETAILS_REVISIONS } from '../place-details/place-details.audit.js';
import { lockPlaceDetails } from '../place-details/place-details.repo.js';
import { insertRevision } from '../revisions/revisions.repo.js';
import {
  blogContent,
  clearDayImages,
  clearLibraryOf,
  clearNotificationImages,
  findImage,
  findUsage,
  libraryTitle,
  ownerName,
  setBlogContent,
  type ImageSet,
  type UsageRow,
} from './media-usage.repo.js';
import { stripImageReferences } from './strip-references.js';

/*
 * "Where used" and the safe delete (issue 24). A use is a reference to an image outside its own
 * gallery or library: a day of its itinerary, a blog's text, a scheduled notification, and for a
 * record's single picture (cover, flag, avatar, logo) that record and, when it is on the homepage,
 * the homepage. A library's uses are the itineraries and place details that show it, plus the uses
 * of its images. A delete of something in use is refused (409, `InUse` with `data.usage`) unless
 * forced; a force needs the delete permission of the module owning the image and removes the
 * references in the delete's transaction (records it changes get a revision and their quality
 * codes, as any change does), the audit entry listing them (`removedReferences`).
 */

/** The galleries the generic delete removes from, and the key each owner's removal needs. */
const GALLERIES = {
  'itinerary-gallery': { remove: 'itineraries.update', lock: lockItinerary },
  'place-details-gallery': { remove: 'place-details.delete', lock: lockPlaceDetails },
  'image-library': { remove: 'image-libraries.update', lock: lockLibrary },
} as const satisfies Partial<
  Record<ImageOwnerType, { remove: PermissionKey; lock: (tx: Tx, id: string) => Promise<unknown> }>
>;
type GalleryType = keyof typeof GALLERIES;
const isGalleryType = (type: string): type is GalleryType => type in GALLERIES;

/** Whether a delete removes the references (`?force=true`) and the admin may make it do so. */
export interface ForceOption {
  force: boolean;
  /** Holds the delete permission of the module owning the image or library. */
  canForce: boolean;
}

const KINDS = new Set<string>([
  'itineraryDay',
  'blogInline',
  'marketingNotification',
  'blog',
  'placeDetails',
  'itinerary',
  'country',
  'state',
  'place',
  'homepage',
  'profile',
  'logo',
]);

const placeDetailsName = (place: string, month: string | null) =>
  `${place} (${MONTH_NAME_BY_CODE[month as MonthCode] ?? month ?? ''})`;

/** One row of the usage query as the answer shows it. */
export const presentUse = (row: UsageRow): MediaUsageItem => {
  const kind = (KINDS.has(row.kind) ? row.kind : 'blog') as DependantKind;
  switch (kind) {
    case 'itineraryDay': {
      const day = Number(row.detail ?? 0);
      return {
        kind,
        _id: row.recordId,
        name: `Day ${String(day + 1)} of ${row.name}`,
        field: `dailyItinerary[${String(day)}].imageId`,
        link: USAGE_LINKS.itinerary,
      };
    }
    case 'blogInline':
      return { kind, _id: row.recordId, name: row.name, field: 'content', link: USAGE_LINKS.blog };
    case 'marketingNotification':
      return {
        kind,
        _id: row.recordId,
        name: row.name,
        field: 'image',
        link: USAGE_LINKS.marketingNotification,
      };
    case 'blog':
      return {
        kind,
        _id: row.recordId,
        name: row.name,
        field: 'coverImage',
        link: USAGE_LINKS.blog,
      };
    case 'placeDetails':
      return {
        kind,
        _id: row.recordId,
        name: placeDetailsName(row.name, row.detail),
        field: row.imageId ? 'coverPhoto' : 'imageLibraryId',
        link: USAGE_LINKS.placeDetails,
      };
    case 'itinerary':
      return {
        kind,
        _id: row.recordId,
        name: row.name,
        field: 'imageLibraryId',
        link: USAGE_LINKS.itinerary,
      };
    case 'country':
    case 'state':
    case 'place':
      return { kind, _id: row.recordId, name: row.name, field: 'image', link: USAGE_LINKS[kind] };
    case 'homepage':
      return {
        kind,
        _id: row.recordId,
        name: row.recordId === 'blogs' ? HOMEPAGE_TEXTS.blogs : HOMEPAGE_TEXTS.destinations,
        field: row.recordId,
        link: USAGE_LINKS.homepage,
      };
    case 'profile':
      return {
        kind,
        _id: row.recordId,
        name: row.name,
        field: 'avatar',
        link: USAGE_LINKS.profile(row.recordId),
      };
    default:
      return {
        kind: 'logo',
        _id: row.recordId,
        name: 'App logo',
        field: 'logo',
        link: USAGE_LINKS.logo,
      };
  }
};

const usageOf = (rows: readonly UsageRow[], owner?: MediaUsageOwner): MediaUsage => {
  const items = rows.map(presentUse);
  return { count: items.length, items, ...(owner ? { owner } : {}) };
};

const groupBy = <T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> => {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
};

/** The file key without its extension: the original's and every variant's common part. */
export const keyStem = (fileKey: string): string => fileKey.replace(/\.[^./]+$/, '');

export interface MediaUsageDeps {
  db: Database;
  storage: StorageDriver;
  pipeline: ImagePipeline;
  /** Issue 23: records a forced delete changes get their quality codes again. */
  quality?: QualityRefresher;
}

type Permissions = ReadonlySet<PermissionKey>;

export const createMediaUsageService = ({ db, storage, pipeline, quality }: MediaUsageDeps) => {
  const imageNotFound = () => new NotFound(M.imageNotFound);
  const galleries = Object.fromEntries(
    (Object.keys(GALLERIES) as GalleryType[]).map((type) => [
      type,
      createGallery(
        { type, lock: GALLERIES[type].lock, notFound: imageNotFound },
        { db, storage, pipeline },
      ),
    ]),
  ) as Record<GalleryType, Gallery>;

  /**
   * Another record a forced delete changes: locked by its version raise, changed, and given a
   * revision (action `media-unlink`) with its quality codes, in the delete's transaction, by the
   * delete's admin. The request's own record gets its revision from the audit scope instead.
   */
  const revise = async (
    tx: Tx,
    target: RevisionTarget,
    id: string,
    change: () => Promise<void>,
  ): Promise<void> => {
    const table = target.table as PgTable;
    const where = eq(target.table.id, id) as SQL;
    const raised = await tx
      .update(table)
      .set({ version: sql`${target.table.version} + 1` } as never)
      .where(where)
      .returning({ id: target.table.id });
    if (raised.length === 0) return;
    const before = await target.load(tx, id);
    await change();
    let after = await target.load(tx, id);
    if (quality && target.quality) after = await quality.refresh(tx, target, id, after);
    if (!after) return;
    const context = changeContext();
    const changed = Object.keys(after).filter(
      (key) =>
        !['version', 'updatedAt', 'qualityIssues', 'qualityVersion', 'qualityOk'].includes(key) &&
        JSON.stringify(before?.[key]) !== JSON.stringify(after[key]),
    );
    await insertRevision(tx, {
      entityType: target.entity,
      entityId: id,
      version: Number(after.version ?? 1),
      action: 'media-unlink',
      snapshot: JSON.parse(JSON.stringify(after)) as Record<string, unknown>,
      changedFields: changed,
      adminId: context?.actor?.id ?? null,
      adminName: context?.actor?.name ?? '',
      restoredFrom: null,
      ip: context?.ip ?? null,
      userAgent: context?.userAgent ?? null,
    });
  };

  /**
   * Removes the references the rows name (inside the delete's transaction). `self` is the record
   * the request changes anyway (its audit scope writes its revision).
   */
  const removeReferences = async (
    tx: Tx,
    rows: readonly UsageRow[],
    fileKeys: ReadonlyMap<string, string>,
    self: string | undefined,
  ): Promise<void> => {
    const byKind = groupBy(rows, (row) => row.kind);
    for (const [itineraryId, days] of groupBy(
      byKind.get('itineraryDay') ?? [],
      (r) => r.recordId,
    )) {
      const ids = [...new Set(days.flatMap((day) => (day.imageId ? [day.imageId] : [])))];
      const change = () => clearDayImages(tx, itineraryId, ids);
      if (itineraryId === self) await change();
      else await revise(tx, ITINERARY_REVISIONS, itineraryId, change);
    }
    for (const [blogId, uses] of groupBy(byKind.get('blogInline') ?? [], (r) => r.recordId)) {
      const stems = [
        ...new Set(
          uses.flatMap((use) => {
            const key = use.imageId ? fileKeys.get(use.imageId) : undefined;
            return key ? [keyStem(key)] : [];
          }),
        ),
      ];
      await revise(tx, BLOG_REVISIONS, blogId, async () => {
        const content = await blogContent(tx, blogId);
        if (content !== undefined) {
          await setBlogContent(tx, blogId, stripImageReferences(content, stems));
        }
      });
    }
    const notifications = byKind.get('marketingNotification') ?? [];
    await clearNotificationImages(
      tx,
      notifications.flatMap((row) => (row.imageId ? [row.imageId] : [])),
    );
    for (const row of byKind.get('itinerary') ?? []) {
      await revise(tx, ITINERARY_REVISIONS, row.recordId, () =>
        clearLibraryOf(tx, itineraries, [row.recordId]),
      );
    }
    for (const row of byKind.get('placeDetails') ?? []) {
      if (row.imageId) continue; // a cover goes with its image
      await revise(tx, PLACE_DETAILS_REVISIONS, row.recordId, () =>
        clearLibraryOf(tx, placeDetails, [row.recordId]),
      );
    }
  };

  /**
   * Refuses (409 with the uses) or, forced, removes the references: the one decision of every
   * delete of images or a library. Nothing to do when nothing uses them.
   */
  const settle = async (
    tx: Tx,
    set: ImageSet,
    noun: string,
    option: ForceOption,
    fileKeys: ReadonlyMap<string, string>,
    self?: string,
  ): Promise<void> => {
    const rows = await findUsage(tx, set);
    if (rows.length === 0) return;
    const usage = usageOf(rows);
    if (!option.force) {
      const groups = usageGroups(usage.items);
      throw new InUse(inUseMessage(noun, groups), groups, usage);
    }
    if (!option.canForce) throw new Forbidden(M.forceNeedsDelete);
    await removeReferences(tx, rows, fileKeys, self);
    noteChange('removedReferences', usage.items);
  };

  /**
   * The guard a gallery change runs on the rows it removes (itinerary and place-details gallery
   * removals, a library's images PUT): `owner` is the gallery's record, whose own days may be
   * cleared without a second revision.
   */
  const guard =
    (option: ForceOption, owner?: string): RemovalGuard =>
    async (tx, removed) => {
      if (removed.length === 0) return;
      await settle(
        tx,
        { ids: removed.map((row) => row.id) },
        removed.length === 1 ? 'image' : 'images',
        option,
        new Map(removed.map((row) => [row.id, row.fileKey])),
        owner,
      );
    };

  /** A library's delete: its own uses and its images' (inside its transaction, the row locked). */
  const settleLibrary = async (
    tx: Tx,
    libraryId: string,
    images: readonly ImageRow[],
    option: ForceOption,
  ): Promise<void> =>
    settle(
      tx,
      { libraryId },
      'image library',
      option,
      new Map(images.map((row) => [row.id, row.fileKey])),
    );

  const imageIdOf = (raw: string): string => {
    const id = asUuid(raw);
    if (!id) throw new BadRequest(M.invalidId);
    return id;
  };

  const ownerOf = async (image: ImageRow): Promise<MediaUsageOwner | undefined> => {
    const name = await ownerName(db, image.ownerType, image.ownerId);
    if (name === null) return undefined;
    if (image.ownerType === 'image-library') {
      return { kind: 'imageLibrary', _id: image.ownerId, name, link: USAGE_LINKS.imageLibrary };
    }
    if (image.ownerType === 'itinerary-gallery') {
      return { kind: 'itinerary', _id: image.ownerId, name, link: USAGE_LINKS.itinerary };
    }
    const [place = '', month = null] = name.split('|');
    return {
      kind: 'placeDetails',
      _id: image.ownerId,
      name: placeDetailsName(place, month),
      link: USAGE_LINKS.placeDetailsGallery(image.ownerId),
    };
  };

  /** GET media/{imageId}/usage: the owner module's view permission; 400 / 404 for bad ids. */
  const imageUsage = async (permissions: Permissions, rawId: string): Promise<MediaUsage> => {
    const id = imageIdOf(rawId);
    const image = await findImage(db, id);
    if (!image) throw imageNotFound();
    const viewKey = ownerPermission(image.ownerType, 'view');
    if (!viewKey || !permissions.has(viewKey)) throw new Forbidden();
    const [rows, owner] = await Promise.all([findUsage(db, { ids: [id] }), ownerOf(image)]);
    return usageOf(rows, owner);
  };

  /** GET image-library/{id}/usage (image-libraries.view, the route's). */
  const libraryUsage = async (rawId: string): Promise<MediaUsage> => {
    const id = asUuid(rawId);
    if (!id) throw new BadRequest(M.invalidLibraryId);
    const [title, rows] = await Promise.all([
      libraryTitle(db, id),
      findUsage(db, { libraryId: id }),
    ]);
    if (title === undefined) throw new NotFound('Image library not found');
    return usageOf(rows);
  };

  /**
   * DELETE media/{imageId}[?force=true]: one image of a gallery or library, through that gallery
   * (owner locked, files deleted after the commit). Needs the owner's removal permission; a
   * record's single picture (cover, flag, avatar, logo, a notification's) changes in its form.
   */
  const deleteImage = async (
    permissions: Permissions,
    rawId: string,
    force: boolean,
    log?: FastifyBaseLogger,
  ): Promise<{ _id: string; id: string }> => {
    const id = imageIdOf(rawId);
    const image = await findImage(db, id);
    if (!image) throw imageNotFound();
    const type = image.ownerType;
    if (!isGalleryType(type)) {
      const viewKey = ownerPermission(type, 'view');
      if (!viewKey || !permissions.has(viewKey)) throw new Forbidden();
      throw new BadRequest(M.notAGalleryImage);
    }
    if (!permissions.has(GALLERIES[type].remove)) throw new Forbidden();
    const deleteKey = ownerPermission(type, 'delete');
    const canForce = deleteKey !== undefined && permissions.has(deleteKey);
    await galleries[type].remove(
      image.ownerId,
      [id],
      { notFound: M.imageNotFound },
      log,
      guard({ force, canForce }, image.ownerId),
    );
    return { _id: id, id };
  };

  return { imageUsage, libraryUsage, deleteImage, guard, settleLibrary };
};
export type MediaUsageService = ReturnType<typeof createMediaUsageService>;
/** What the owning services ask of it (their deletes). */
export type UsageGuards = Pick<MediaUsageService, 'guard' | 'settleLibrary'>;
