import type { FastifyBaseLogger } from 'fastify';
import type { ForceOption, UsageGuards } from '../media-usage/media-usage.service.js';
import { NO_FORCE } from '../media-usage/force.js';
import {
  IMAGE_LIBRARY_MESSAGES,
  PLACE_DETAILS_ALT_TEXTS_FIELD as ALT_TEXTS,
  PLACE_DETAILS_FILE_FIELDS as FILES,
  PLACE_DETAILS_MESSAGES as M,
  makePagination,
  placeDetailsAddFieldsSchema,
  placeDetailsUpdateFieldsSchema,
  type PlaceDetails,
  type placeDetailsListQuerySchema,
} from '@safarnama/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import { NEEDS_ATTENTION, countNeedsAttention } from '../../db/quality.js';
import { placeDetails } from '../../db/schema/index.js';
import { noteEntity, transaction } from '../../db/transaction.js';
import { NotFound, ValidationError } from '../../http/errors.js';
import { asUuid, fieldNames, parseFields } from '../../http/form-fields.js';
import type { FormReader } from '../../http/multipart.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { deleteFiles, withStoredFiles } from '../../media/files.js';
import { receiveImageForm } from '../../media/form-images.js';
import { createGallery } from '../../media/gallery.js';
import {
  insertImages,
  listImagesOf,
  listImagesOfTypes,
  replaceSingleImage,
  type ImageRow,
} from '../../media/images.repo.js';
import { imageFileKeys, type ImagePipeline } from '../../media/pipeline.js';
import type { StorageDriver } from '../../media/storage.js';
import { DEPENDANTS, deleteUnlessUsed } from '../geography/dependants.js';
import { checkHierarchy, guardWrite } from '../geography/hierarchy.js';
import {
  findPlaceDetails,
  insertPlaceDetails,
  libraryExists,
  listPlaceDetails,
  lockPlaceDetails,
  updatePlaceDetails,
  type PlaceDetailsWithNames,
} from './place-details.repo.js';
import { presentPlaceDetails } from './place-details.present.js';

export const COVER = 'place-details-cover' as const;
export const GALLERY = 'place-details-gallery' as const;
const CONFLICTS = { place_details_place_month_key: M.duplicate };

export interface PlaceDetailsServiceDeps {
  db: Database;
  storage: StorageDriver;
  pipeline: ImagePipeline;
  /** Issue 24: refuses (or, forced, unlinks) a gallery image another record uses. */
  usage?: UsageGuards;
}

export const createPlaceDetailsService = ({
  db,
  storage,
  pipeline,
  usage,
}: PlaceDetailsServiceDeps) => {
  const notFound = () => new NotFound(M.notFound);
  const gallery = createGallery(
    { type: GALLERY, lock: lockPlaceDetails, notFound },
    { db, storage, pipeline },
  );

  /** Rows and their covers and galleries (one images query for the whole page). */
  const present = async (rows: PlaceDetailsWithNames[]): Promise<PlaceDetails[]> => {
    const all = await listImagesOfTypes(
      db,
      [COVER, GALLERY],
      rows.map((r) => r.details.id),
    );
    const covers = new Map<string, ImageRow>();
    const galleries = new Map<string, ImageRow[]>();
    for (const image of all) {
      if (image.ownerType === COVER) {
        if (!covers.has(image.ownerId)) covers.set(image.ownerId, image);
      } else {
        const list = galleries.get(image.ownerId);
        if (list) list.push(image);
        else galleries.set(image.ownerId, [image]);
      }
    }
    return rows.map((row) =>
      presentPlaceDetails(
        row,
        covers.get(row.details.id),
        galleries.get(row.details.id) ?? [],
        storage,
      ),
    );
  };

  const get = async (rawId: string): Promise<PlaceDetails> => {
    const id = asUuid(rawId);
    const row = id ? await findPlaceDetails(db, id) : undefined;
    if (!row) throw notFound();
    const [details] = await present([row]);
    if (!details) throw notFound();
    return details;
  };

  /** The answer after a gallery change: the record, its cover, and the gallery the change left. */
  const withGallery = async (id: string, images: ImageRow[]): Promise<PlaceDetails> => {
    const row = await findPlaceDetails(db, id);
    if (!row) throw notFound();
    const [cover] = await listImagesOf(db, COVER, [id]);
    return presentPlaceDetails(row, cover, images, storage);
  };

  /** null / undefined pass; an id must name an existing library (400 at imageLibraryId). */
  const checkLibrary = async (tx: Executor, raw: string | null | undefined) => {
    if (raw === null || raw === undefined) return raw;
    const id = asUuid(raw);
    if (!id || !(await libraryExists(tx, id))) {
      throw new ValidationError([
        { path: 'imageLibraryId', message: IMAGE_LIBRARY_MESSAGES.notFound },
      ]);
    }
    return id;
  };

  const list = async (query: z.output<typeof placeDetailsListQuerySchema>) => {
    const [{ rows, ...counted }, needsAttention] = await Promise.all([
      listPlaceDetails(db, query),
      countNeedsAttention(db, placeDetails, NEEDS_ATTENTION.placeDetails),
    ]);
    return {
      placeDetails: await present(rows),
      pagination: makePagination(counted.total, query.page, query.limit, counted),
      needsAttention,
    };
  };

  /** POST add-Place-Details: one record per place and month (409 on a twin, even a concurrent one). */
  const add = async (read: FormReader, log?: FastifyBaseLogger) => {
    const id = await withStoredFiles(
      storage,
      async (batch) => {
        const { form, files } = await receiveImageForm(
          read,
          {
            text: fieldNames(placeDetailsAddFieldsSchema),
            indexed: [],
            files: [FILES.coverPhoto],
            maxFiles: { [FILES.coverPhoto]: 1 },
          },
          pipeline,
          batch,
        );
        const fields = parseFields(placeDetailsAddFieldsSchema, form.text);
        const cover = files[FILES.coverPhoto]?.[0];
        return guardWrite(
          () =>
            transaction(db, async (tx) => {
              const parents = await checkHierarchy(tx, {
                countryId: fields.countryId,
                stateId: fields.stateId,
                placeId: fields.placeId,
              });
              const imageLibraryId = (await checkLibrary(tx, fields.imageLibraryId)) ?? null;
              const row = await insertPlaceDetails(tx, {
                ...parents,
                month: fields.month,
                description: sanitizeRichText(fields.description),
                imageLibraryId,
                temperature: fields.temperature ?? null,
                location: fields.location ?? null,
                bestTimeToVisit: fields.bestTimeToVisit ?? null,
                status: fields.status,
              });
              noteEntity(row.id);
              if (cover) {
                await insertImages(tx, [
                  { ...cover, ownerType: COVER, ownerId: row.id, sortOrder: 0 },
                ]);
              }
              return row.id;
            }),
          CONFLICTS,
        );
      },
      log,
    );
    return get(id);
  };

  /**
   * PATCH update-Place-Details (spec §5): imageLibraryId is always sent (empty clears it); month,
   * description, the three objects and status change only when sent; the cover only when a real
   * file comes (a `coverPhoto` sent as text, e.g. the old URL, changes nothing).
   */
  const update = async (read: FormReader, log?: FastifyBaseLogger) => {
    const { id, obsolete } = await withStoredFiles(
      storage,
      async (batch) => {
        const { form, files } = await receiveImageForm(
          read,
          {
            text: [...fieldNames(placeDetailsUpdateFieldsSchema), FILES.coverPhoto],
            indexed: [],
            files: [FILES.coverPhoto],
            maxFiles: { [FILES.coverPhoto]: 1 },
          },
          pipeline,
          batch,
        );
        const { [FILES.coverPhoto]: _ignored, ...text } = form.text;
        const fields = parseFields(placeDetailsUpdateFieldsSchema, text);
        const cover = files[FILES.coverPhoto]?.[0];
        return guardWrite(
          () =>
            transaction(db, async (tx) => {
              const id = asUuid(fields.id);
              if (!id || !(await lockPlaceDetails(tx, id))) throw notFound();
              const imageLibraryId = await checkLibrary(tx, fields.imageLibraryId);
              await updatePlaceDetails(tx, id, {
                imageLibraryId,
                ...(fields.month !== undefined && { month: fields.month }),
                ...(fields.description !== undefined && {
                  description: sanitizeRichText(fields.description),
                }),
                ...(fields.temperature !== undefined && { temperature: fields.temperature }),
                ...(fields.location !== undefined && { location: fields.location }),
                ...(fields.bestTimeToVisit !== undefined && {
                  bestTimeToVisit: fields.bestTimeToVisit,
                }),
                ...(fields.status !== undefined && { status: fields.status }),
              });
              const old = cover ? await replaceSingleImage(tx, COVER, id, cover) : [];
              return { id, obsolete: old.flatMap(imageFileKeys) };
            }),
          CONFLICTS,
        );
      },
      log,
    );
    await deleteFiles(storage, obsolete, log);
    return get(id);
  };

  /** PUT update-Place-Details-Gallery-Images: new images appended after the gallery. */
  const addGallery = async (read: FormReader, log?: FastifyBaseLogger) => {
    const { ownerId, gallery: images } = await gallery.append(
      read,
      {
        text: ['id'],
        fields: { images: FILES.images, altTexts: ALT_TEXTS },
        ownerOf: (text) => {
          const id = asUuid(text.id);
          if (id) return id;
          if (text.id === undefined) {
            throw new ValidationError([{ path: 'id', message: 'Place details is required' }]);
          }
          throw notFound();
        },
        noImages: M.noImages,
      },
      log,
    );
    return withGallery(ownerId, images);
  };

  /** DELETE remove-Place-Details-Gallery-Images: ids not in this gallery → 400 at imageIds[i]. */
  const removeGallery = async (
    input: { id: string; imageIds: string[] },
    log?: FastifyBaseLogger,
    force: ForceOption = NO_FORCE,
  ) => {
    const id = asUuid(input.id);
    if (!id) throw notFound();
    const images = await gallery.remove(
      id,
      input.imageIds,
      { field: 'imageIds', message: M.unknownImage },
      log,
      usage?.guard(force, id),
    );
    return withGallery(id, images);
  };

  /**
   * DELETE delete-Place-Details/{id}: nothing refers to place details, so the record goes with its
   * cover and gallery rows; their files are deleted after the commit.
   */
  const remove = (rawId: string, log?: FastifyBaseLogger) =>
    deleteUnlessUsed(
      { db, storage },
      {
        table: placeDetails,
        noun: 'place details record',
        notFound: M.notFound,
        dependants: DEPENDANTS.none,
        images: [COVER, GALLERY],
      },
      rawId,
      log,
    );

  /** Issue 24: active or not (a bulk action: the update's `status`, the record not read back). */
  const setActive = async (rawId: string, active: boolean): Promise<void> => {
    const id = asUuid(rawId);
    await transaction(db, async (tx) => {
      if (!id || !(await lockPlaceDetails(tx, id))) throw notFound();
      await updatePlaceDetails(tx, id, { status: active ? 'active' : 'inactive' });
    });
  };

  return { list, get, add, update, setActive, addGallery, removeGallery, remove };
};
export type PlaceDetailsService = ReturnType<typeof createPlaceDetailsService>;
