import type { FastifyBaseLogger } from 'fastify';
import { altTextSchema } from '@safarnama/contract';
import type { Database, Tx } from '../db/client.js';
import { afterCommit, transaction } from '../db/transaction.js';
import { NotFound } from '../http/errors.js';
import { asUuid } from '../http/form-fields.js';
import { FieldErrors, type FormReader, type IndexedValues } from '../http/multipart.js';
import { deleteFiles, withStoredFiles, type FileBatch } from './files.js';
import { receiveImageForm } from './form-images.js';
import {
  deleteImagesByIds,
  deleteImagesOf,
  insertImages,
  listImagesOf,
  updateImagePlacement,
  type ImageOwnerType,
  type ImageRow,
} from './images.repo.js';
import { imageFileKeys, type ImagePipeline, type StoredImage } from './pipeline.js';
import type { StorageDriver } from './storage.js';

/**
 * The ordered images of one owner (an itinerary, a place details record, an image library):
 * `images` rows of one owner type, `sort_order` their position. Every gallery change of every
 * owner goes through here: new files are stored before the transaction (and deleted again if
 * anything fails), rows change inside it with the owner row locked, and the files of removed
 * rows are deleted after the commit. Each change answers the gallery as it left it, in order.
 */
export interface GalleryOwner {
  type: ImageOwnerType;
  /** Locks the owner's row for the rest of the transaction; falsy when there is none. */
  lock: (tx: Tx, id: string) => Promise<unknown>;
  /** The owner's 404. */
  notFound: () => Error;
}

export interface GalleryDeps {
  db: Database;
  storage: StorageDriver;
  pipeline: ImagePipeline;
}

/** What one change did: the gallery after it (in order) and the rows it deleted. */
export interface GalleryChange {
  gallery: ImageRow[];
  removed: ImageRow[];
}

/**
 * Issue 24: called inside the change's transaction with the rows about to be removed, before they
 * are (modules/media-usage: refuses an image in use with 409, or removes its references).
 */
export type RemovalGuard = (tx: Tx, removed: readonly ImageRow[]) => Promise<void>;

/** How ids that are not in the gallery are answered. */
export type UnknownImages =
  /** 400 with one detail per unknown id, at `<field>[i]`. */
  | { field: string; message: string }
  /** 404 with this message (an image the URL names). */
  | { notFound: string };

/** One entry of a gallery's new order: an image it keeps, or a new one. */
export type GalleryPlacement =
  /** `altText` undefined: the image keeps its alt text. */
  | { kind: 'keep'; id: string; altText: string | undefined }
  | { kind: 'new'; image: StoredImage; altText: string };

export interface GalleryPlan {
  /** The whole gallery in its new order; images of the gallery not kept are removed. */
  placements: GalleryPlacement[];
  /** Form path of every kept id (400 there when the id is not in this gallery), in form order. */
  keptPaths: ReadonlyMap<string, string>;
}

/** The multipart form that appends images: files, `altTexts[i]`, and the text naming the owner. */
export interface AppendForm<Text extends string> {
  text: readonly Text[];
  fields: { images: string; altTexts: string };
  /** The owner's id from the form; may throw, or add errors answered with the image ones. */
  ownerOf: (text: Partial<Record<Text, string>>, errors: FieldErrors) => string;
  /** 400 at `images` when no file came. */
  noImages: string;
}

/** A sent alt text, trimmed and ≤ ALT_TEXT_MAX (else an error at `path`); undefined when not sent. */
export const parseAltText = (
  errors: FieldErrors,
  path: string,
  raw: string | undefined,
): string | undefined => {
  if (raw === undefined) return undefined;
  const parsed = altTextSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  errors.add(path, parsed.error.issues[0]?.message ?? 'Invalid alt text');
  return undefined;
};

const bySortOrder = (a: ImageRow, b: ImageRow) => a.sortOrder - b.sortOrder;
const noValues: IndexedValues = new Map();

export const createGallery = (owner: GalleryOwner, { db, storage, pipeline }: GalleryDeps) => {
  const lock = async (tx: Tx, id: string) => {
    if (!(await owner.lock(tx, id))) throw owner.notFound();
  };

  /**
   * Runs one request's gallery work: files it stores through the batch are deleted again if it
   * throws; once it has returned (its transaction committed), the files of the rows it removed
   * are deleted (failures logged, never answered).
   */
  const commit = async <T extends { change: GalleryChange | null }>(
    work: (batch: FileBatch) => Promise<T>,
    log?: FastifyBaseLogger,
  ): Promise<T> => {
    const result = await withStoredFiles(storage, work, log);
    if (result.change) {
      const keys = result.change.removed.flatMap(imageFileKeys);
      // After the commit: a bulk delete's transaction is still open here (db/transaction.ts).
      await afterCommit(() => deleteFiles(storage, keys, log));
    }
    return result;
  };

  /** Inside a transaction: the new images after the current ones, in the order given. */
  const appendIn = async (
    tx: Tx,
    ownerId: string,
    items: readonly { image: StoredImage; altText: string }[],
  ): Promise<GalleryChange> => {
    const current = await listImagesOf(tx, owner.type, [ownerId]);
    const start = current.reduce((next, row) => Math.max(next, row.sortOrder + 1), 0);
    const added = await insertImages(
      tx,
      items.map(({ image, altText }, i) => ({
        ...image,
        ownerType: owner.type,
        ownerId,
        altText,
        sortOrder: start + i,
      })),
    );
    return { gallery: [...current, ...added.sort(bySortOrder)], removed: [] };
  };

  /** Inside a transaction: removes these images; any id not in this gallery fails the whole call. */
  const removeIn = async (
    tx: Tx,
    ownerId: string,
    rawIds: readonly string[],
    unknown: UnknownImages,
    guard?: RemovalGuard,
  ): Promise<GalleryChange> => {
    const current = await listImagesOf(tx, owner.type, [ownerId]);
    const inGallery = new Set(current.map((row) => row.id));
    const errors = new FieldErrors();
    const ids = new Set<string>();
    rawIds.forEach((raw, i) => {
      const id = asUuid(raw);
      if (id && inGallery.has(id)) ids.add(id);
      else if ('notFound' in unknown) throw new NotFound(unknown.notFound);
      else errors.add(`${unknown.field}[${i}]`, unknown.message);
    });
    errors.throwIfAny();
    await guard?.(
      tx,
      current.filter((row) => ids.has(row.id)),
    );
    return {
      gallery: current.filter((row) => !ids.has(row.id)),
      removed: await deleteImagesByIds(tx, [...ids]),
    };
  };

  /**
   * Inside a transaction: the gallery becomes the plan. Kept ids must be this gallery's (else 400
   * at their path, `unknownMessage`); the other images are removed, new ones inserted, and every
   * image whose position or alt text changes is updated.
   */
  const replaceIn = async (
    tx: Tx,
    ownerId: string,
    plan: GalleryPlan,
    unknownMessage: string,
    guard?: RemovalGuard,
  ): Promise<GalleryChange> => {
    const current = await listImagesOf(tx, owner.type, [ownerId]);
    const byId = new Map(current.map((row) => [row.id, row]));
    const errors = new FieldErrors();
    for (const [id, path] of plan.keptPaths) {
      if (!byId.has(id)) errors.add(path, unknownMessage);
    }
    errors.throwIfAny();

    const leaving = current.filter((row) => !plan.keptPaths.has(row.id));
    await guard?.(tx, leaving);
    const removed = await deleteImagesByIds(
      tx,
      leaving.map((row) => row.id),
    );
    const kept: ImageRow[] = [];
    const inserts: Parameters<typeof insertImages>[1] = [];
    for (const [position, placement] of plan.placements.entries()) {
      if (placement.kind === 'new') {
        inserts.push({
          ...placement.image,
          ownerType: owner.type,
          ownerId,
          altText: placement.altText,
          sortOrder: position,
        });
        continue;
      }
      const row = byId.get(placement.id);
      if (!row) throw new Error(`kept image ${placement.id} has no path`);
      const altText = placement.altText ?? row.altText;
      if (row.altText !== altText || row.sortOrder !== position) {
        await updateImagePlacement(tx, row.id, { altText, sortOrder: position });
      }
      kept.push({ ...row, altText, sortOrder: position });
    }
    const added = await insertImages(tx, inserts);
    return { gallery: [...kept, ...added].sort(bySortOrder), removed };
  };

  /** Inside a transaction: every image of the owner (the owner is being deleted). */
  const clearIn = async (tx: Tx, ownerId: string): Promise<GalleryChange> => ({
    gallery: [],
    removed: await deleteImagesOf(tx, owner.type, ownerId),
  });

  /**
   * Reads an append form (each file through the pipeline as it arrives), checks it (the owner,
   * at least one file, alt texts ≤ ALT_TEXT_MAX and only for files sent: one 400 with every
   * problem) and appends the files after the owner's gallery.
   */
  const append = async <Text extends string>(
    read: FormReader,
    spec: AppendForm<Text>,
    log?: FastifyBaseLogger,
  ): Promise<{ ownerId: string; gallery: ImageRow[] }> => {
    const { images, altTexts } = spec.fields;
    const { ownerId, change } = await commit(async (batch) => {
      const { form, files } = await receiveImageForm(
        read,
        { text: spec.text, indexed: [altTexts], files: [images] },
        pipeline,
        batch,
      );
      const errors = new FieldErrors();
      const ownerId = spec.ownerOf(form.text, errors);
      const stored = files[images] ?? [];
      if (stored.length === 0) errors.add(images, spec.noImages);
      const alts = form.indexed[altTexts] ?? noValues;
      const items = stored.map((image, i) => ({
        image,
        altText: parseAltText(errors, `${altTexts}[${i}]`, alts.get(i) ?? '') ?? '',
      }));
      for (const [i] of alts) {
        if (i >= stored.length) errors.add(`${altTexts}[${i}]`, 'No image at this index');
      }
      errors.throwIfAny();
      const change = await transaction(db, async (tx) => {
        await lock(tx, ownerId);
        return appendIn(tx, ownerId, items);
      });
      return { ownerId, change };
    }, log);
    return { ownerId, gallery: change.gallery };
  };

  /**
   * Removes images by id (owner locked; unknown ids answered as `unknown` says; `guard` sees the
   * rows first, issue 24).
   */
  const remove = async (
    ownerId: string,
    rawIds: readonly string[],
    unknown: UnknownImages,
    log?: FastifyBaseLogger,
    guard?: RemovalGuard,
  ): Promise<ImageRow[]> => {
    const { change } = await commit(
      async () => ({
        change: await transaction(db, async (tx) => {
          await lock(tx, ownerId);
          return removeIn(tx, ownerId, rawIds, unknown, guard);
        }),
      }),
      log,
    );
    return change.gallery;
  };

  return { commit, append, remove, replaceIn, clearIn };
};
export type Gallery = ReturnType<typeof createGallery>;
