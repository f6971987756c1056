import type { FastifyBaseLogger } from 'fastify';
import type { ForceOption, UsageGuards } from '../media-usage/media-usage.service.js';
import { NO_FORCE } from '../media-usage/force.js';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import {
  ITINERARY_GALLERY_FIELDS as FIELDS,
  ITINERARY_LIMITS,
  ITINERARY_MESSAGES as M,
  MONTH_CODES,
  makePagination,
  type Itinerary,
  type itineraryInputSchema,
  type itineraryListQuerySchema,
  type itineraryUpdateSchema,
} from '@safarnama/contract';
import type { Database, Executor } from '../../db/client.js';
import { changeContext, noteEntity, transaction } from '../../db/transaction.js';
import { itineraries } from '../../db/schema/index.js';
import { COUNT_LIMITS } from '../../db/counting.js';
import { NEEDS_ATTENTION, countNeedsAttention } from '../../db/quality.js';
import { NotFound, ValidationError } from '../../http/errors.js';
import { asUuid } from '../../http/form-fields.js';
import type { FormReader } from '../../http/multipart.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { createGallery } from '../../media/gallery.js';
import { withStoredFiles } from '../../media/files.js';
import { insertImages, listImagesOf } from '../../media/images.repo.js';
import type { ImagePipeline, StoredImage } from '../../media/pipeline.js';
import type { StorageDriver } from '../../media/storage.js';
import { checkHierarchy, guardWrite } from '../geography/hierarchy.js';
import { libraryExists } from '../place-details/place-details.repo.js';
import { storedSchedule } from '../schedule/schedule.repo.js';
import { NO_SCHEDULE, resolveSchedule, type ScheduleTimes } from '../schedule/schedule.rules.js';
import {
  deleteItinerary,
  findBuilderFields,
  findItinerary,
  findItineraryRow,
  titlesLike,
  insertItinerary,
  itineraryExists,
  listItineraries,
  lockItinerary,
  replaceItinerary,
  toggleItinerary,
  setItineraryActive,
  type BuilderFields,
  type ItineraryFilter,
  type ItineraryValues,
  type ItineraryWithNames,
} from './itineraries.repo.js';
import { presentItinerary } from './itineraries.present.js';
import { builderValues, dayPlacesOf } from './itineraries.builder.js';
import { ITINERARY_QUALITY, insertedQuality } from '../quality/quality.rules.js';

export const GALLERY = 'itinerary-gallery' as const;
const CONFLICTS = { itineraries_place_title_key: M.duplicate };

export type ItineraryInputData = z.output<typeof itineraryInputSchema>;
export type ItineraryUpdateData = z.output<typeof itineraryUpdateSchema>;
export type ItineraryListQueryData = z.output<typeof itineraryListQuerySchema>;

export interface ItineraryServiceDeps {
  db: Database;
  storage: StorageDriver;
  pipeline: ImagePipeline;
  /** Overrides `COUNT_LIMITS.exactCountLimit` of db/counting.ts (tests). */
  exactCountLimit?: number;
  /** Overrides `COUNT_LIMITS.exactSearchCountLimit` (tests). */
  exactSearchCountLimit?: number;
  /** Issue 24: refuses (or, forced, unlinks) a gallery image another record uses. */
  usage?: UsageGuards;
  /** The clock scheduled times are checked against (issue 21). */
  now?: () => Date;
}

export const createItineraryService = ({
  db,
  storage,
  pipeline,
  exactCountLimit = COUNT_LIMITS.exactCountLimit,
  exactSearchCountLimit = COUNT_LIMITS.exactSearchCountLimit,
  now = () => new Date(),
  usage,
}: ItineraryServiceDeps) => {
  const limits = { exactCountLimit, exactSearchCountLimit };
  const notFound = () => new NotFound(M.notFound);
  const gallery = createGallery(
    { type: GALLERY, lock: lockItinerary, notFound },
    { db, storage, pipeline },
  );

  /**
   * Rows (their galleries came in the same query) with their days' places: one places query for
   * the whole page, none when no day names a place.
   */
  const present = async (rows: ItineraryWithNames[]): Promise<Itinerary[]> => {
    const placesById = await dayPlacesOf(
      db,
      rows.map((r) => r.itinerary.dailyItinerary),
    );
    return rows.map((row) => presentItinerary(row, storage, placesById));
  };

  const get = async (rawId: string): Promise<Itinerary> => {
    const id = asUuid(rawId);
    const row = id ? await findItinerary(db, id) : undefined;
    if (!row) throw notFound();
    const [itinerary] = await present([row]);
    if (!itinerary) throw notFound();
    return itinerary;
  };

  /**
   * A page and its total (`db/counting.ts`): never a scan of the whole table; the page's rows,
   * their names, library and galleries from one query, the days' places from one more when a day
   * names a place.
   */
  const list = async (query: ItineraryListQueryData) => {
    const filter: ItineraryFilter = {
      search: query.search,
      placeId: query.placeId ? (asUuid(query.placeId) ?? null) : undefined,
      publishable: query.publishable,
      needsAttention: query.needsAttention,
    };
    const [{ rows, ...counted }, needsAttention] = await Promise.all([
      listItineraries(db, filter, query, limits),
      countNeedsAttention(db, itineraries, NEEDS_ATTENTION.itinerary, limits),
    ]);
    return {
      itineraries: await present(rows),
      pagination: makePagination(counted.total, query.page, query.limit, counted),
      needsAttention,
    };
  };

  /** '' or null: no library; otherwise it must exist (400 at imageLibraryId). */
  const checkLibrary = async (tx: Executor, raw: string | null): Promise<string | null> => {
    if (raw === null || raw.trim() === '') return null;
    const id = asUuid(raw);
    if (!id || !(await libraryExists(tx, id))) {
      throw new ValidationError([{ path: 'imageLibraryId', message: M.unknownLibrary }]);
    }
    return id;
  };

  /**
   * The stored values of a create or update body: parents and library checked, description
   * sanitised, months in calendar order, SEO fields and FAQs kept only when public (spec §5).
   */
  const valuesOf = async (
    tx: Executor,
    input: ItineraryInputData,
    stored: BuilderFields | null = null,
    itineraryId: string | null = null,
  ): Promise<ItineraryValues> => {
    const parents = await checkHierarchy(tx, {
      countryId: input.countryId,
      stateId: input.stateId,
      placeId: input.placeId,
    });
    const imageLibraryId = await checkLibrary(tx, input.imageLibraryId);
    const isPublic = input.visibility === 'public';
    return {
      ...parents,
      title: input.title,
      duration: input.duration,
      type: input.type,
      groupSize: input.groupSize,
      languages: input.languages,
      pricePerPerson: input.pricePerPerson,
      visibility: input.visibility,
      imageLibraryId,
      months: MONTH_CODES.filter((code) => input.months.includes(code)),
      description: sanitizeRichText(input.description),
      metaTitle: isPublic ? input.metaTitle : '',
      metaDescription: isPublic ? input.metaDescription : '',
      // Issue 22: the days with their places, meals, stay, transfer and image, and the lists,
      // price bands and GST (kept from `stored` when the update leaves them out).
      ...(await builderValues(tx, input, stored, itineraryId)),
      faqs: isPublic ? input.faqs.map((f) => ({ question: f.question, answer: f.answer })) : [],
      isActive: input.isActive,
    };
  };

  /**
   * The stored values with the schedule (issue 21, modules/schedule): the times the save keeps,
   * and a publish time still to come saves the itinerary inactive until the scheduler makes it
   * live. 400 on publishAt / unpublishAt; runs in the save's transaction.
   */
  const withSchedule = (
    values: ItineraryValues,
    input: ItineraryInputData,
    stored: ScheduleTimes,
  ): ItineraryValues => {
    const { times, notLiveYet } = resolveSchedule(input, stored, {
      now: now(),
      actorId: changeContext()?.actor?.id ?? null,
    });
    return { ...values, ...times, isActive: notLiveYet ? false : values.isActive };
  };

  /**
   * POST create-itinerary: checks and one insert, in the transaction that carries the audit entry
   * (the composite foreign key refuses a parent moved in between, and guardWrite answers that as
   * the check would). A new itinerary has no gallery yet.
   */
  const create = async (input: ItineraryInputData): Promise<Itinerary> => {
    const id = await guardWrite(
      () =>
        transaction(db, async (tx) => {
          const values = withSchedule(await valuesOf(tx, input), input, NO_SCHEDULE);
          // The itinerary rules read no origins (quality.rules.ts `ITINERARY_QUALITY`).
          const quality = insertedQuality(ITINERARY_QUALITY, values, { ownOrigins: [] });
          const { id } = await insertItinerary(tx, { ...values, ...quality });
          noteEntity(id);
          return id;
        }),
      CONFLICTS,
    );
    return get(id);
  };

  /** PUT update-itinerary/{id}: the whole record is replaced; `_id`, when sent, must be {id}. */
  const update = async (rawId: string, input: ItineraryUpdateData): Promise<Itinerary> => {
    const { _id, ...fields } = input;
    const id = asUuid(rawId);
    if (_id !== undefined && _id !== '' && (asUuid(_id) ?? _id) !== (id ?? rawId)) {
      throw new ValidationError([{ path: '_id', message: M.idMismatch }]);
    }
    if (!id) throw notFound();
    await guardWrite(
      () =>
        transaction(db, async (tx) => {
          if (!(await lockItinerary(tx, id))) throw notFound();
          const stored = (await storedSchedule(tx, itineraries, id)) ?? NO_SCHEDULE;
          const builder = (await findBuilderFields(tx, id)) ?? null;
          await replaceItinerary(
            tx,
            id,
            withSchedule(await valuesOf(tx, fields, builder, id), fields, stored),
          );
        }),
      CONFLICTS,
    );
    return get(id);
  };

  /** PATCH toggle-itinerary-status/{id}. */
  const toggle = async (rawId: string): Promise<Itinerary> => {
    const id = asUuid(rawId);
    if (!id) throw notFound();
    await transaction(db, async (tx) => {
      if (!(await toggleItinerary(tx, id))) throw notFound();
    });
    return get(id);
  };

  /**
   * Issue 24: active or not (a bulk action; the toggle's change without reading the record back,
   * which a bulk action's open transaction would wait on).
   */
  const setActive = async (rawId: string, active: boolean): Promise<void> => {
    const id = asUuid(rawId);
    if (!id) throw notFound();
    await transaction(db, async (tx) => {
      if (!(await setItineraryActive(tx, id, active))) throw notFound();
    });
  };

  /** DELETE delete-itinerary/{id}: the row and its gallery rows, then (after commit) the files. */
  const remove = async (rawId: string, log?: FastifyBaseLogger) => {
    const id = asUuid(rawId);
    if (!id) throw notFound();
    await gallery.commit(
      async () => ({
        change: await transaction(db, async (tx) => {
          if (!(await deleteItinerary(tx, id))) throw notFound();
          return gallery.clearIn(tx, id);
        }),
      }),
      log,
    );
    return { _id: id, id };
  };

  /**
   * PATCH itinerary/gallery/{itineraryId} (multipart: itineraryId, images, altTexts[i]): the new
   * images are appended after the gallery. An `itineraryId` field other than the path's → 400.
   */
  const addGallery = async (rawId: string, read: FormReader, log?: FastifyBaseLogger) => {
    const id = asUuid(rawId);
    // Checked before the upload is read: no image work for an itinerary that does not exist.
    if (!id || !(await itineraryExists(db, id))) throw notFound();
    await gallery.append(
      read,
      {
        text: [FIELDS.itineraryId],
        fields: FIELDS,
        ownerOf: (text, errors) => {
          const sentId = text[FIELDS.itineraryId];
          if (sentId !== undefined && (asUuid(sentId) ?? sentId) !== id) {
            errors.add(FIELDS.itineraryId, M.idMismatch);
          }
          return id;
        },
        noImages: 'Choose at least one image',
      },
      log,
    );
    return get(id); // with the gallery the change left
  };

  /**
   * DELETE itinerary/gallery/{itineraryId}/{imageId}: an image of another owner → 404. Issue 24:
   * an image a day shows (or another record uses) → 409 with the uses, unless forced.
   */
  const removeGalleryImage = async (
    rawId: string,
    rawImageId: string,
    log?: FastifyBaseLogger,
    force: ForceOption = NO_FORCE,
  ): Promise<Itinerary> => {
    const id = asUuid(rawId);
    if (!id) throw notFound();
    await gallery.remove(
      id,
      [rawImageId],
      { notFound: M.imageNotFound },
      log,
      usage?.guard(force, id),
    );
    return get(id);
  };

  /**
   * A title for a copy at `placeId` that no itinerary there has: "Copy of <title>", then
   * "Copy of <title> (2)", (3)… (cut to the title limit). Read in the clone's transaction; the
   * unique index still refuses a copy made at the same instant under the same name (409).
   */
  const copyTitle = async (tx: Executor, placeId: string, title: string): Promise<string> => {
    const base = `Copy of ${title}`.slice(0, ITINERARY_LIMITS.title);
    const taken = new Set(await titlesLike(tx, placeId, base.toLowerCase()));
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? '' : ` (${String(n)})`;
      const candidate = `${base.slice(0, ITINERARY_LIMITS.title - suffix.length)}${suffix}`;
      if (!taken.has(candidate.toLowerCase())) return candidate;
    }
  };

  /**
   * POST clone-itinerary/{id} (issue 22): an inactive copy titled "Copy of <title>" with the
   * days, FAQs, lists, prices and gallery. The gallery's files are copied under new keys before
   * the transaction (media/pipeline.ts `copy`), so each itinerary owns its files and deleting one
   * never breaks the other; the days' images point at the copies. Nothing is scheduled on the
   * copy. A source deleted meanwhile answers 404 and the copied files are removed again.
   */
  const clone = async (rawId: string, log?: FastifyBaseLogger): Promise<Itinerary> => {
    const id = asUuid(rawId);
    const source = id ? await findItineraryRow(db, id) : undefined;
    if (!id || !source) throw notFound();
    const sourceImages = await listImagesOf(db, GALLERY, [id]);
    const newId = await withStoredFiles(
      storage,
      async (batch) => {
        // One at a time: a large gallery never holds every file in memory at once.
        const copies: StoredImage[] = [];
        for (const image of sourceImages) {
          copies.push(await pipeline.copy(image, (key) => storage.read(key), batch));
        }
        return guardWrite(
          () =>
            transaction(db, async (tx) => {
              if (!(await lockItinerary(tx, id))) throw notFound();
              const copyId = uuidv7();
              noteEntity(copyId);
              const imageIds = new Map(sourceImages.map((image) => [image.id, uuidv7()]));
              const {
                id: _id,
                createdAt: _createdAt,
                updatedAt: _updatedAt,
                version: _version,
                ...fields
              } = source;
              await insertItinerary(tx, {
                ...fields,
                id: copyId,
                title: await copyTitle(tx, source.placeId, source.title),
                isActive: false,
                ...NO_SCHEDULE,
                dailyItinerary: source.dailyItinerary.map((day) => ({
                  ...day,
                  imageId: day.imageId ? (imageIds.get(day.imageId) ?? null) : null,
                })),
              });
              if (copies.length > 0) {
                await insertImages(
                  tx,
                  sourceImages.map((image, i) => ({
                    ...(copies[i] as StoredImage),
                    id: imageIds.get(image.id) ?? uuidv7(),
                    ownerType: GALLERY,
                    ownerId: copyId,
                    altText: image.altText,
                    sortOrder: image.sortOrder,
                  })),
                );
              }
              return copyId;
            }),
          CONFLICTS,
        );
      },
      log,
    );
    return get(newId);
  };

  return {
    list,
    get,
    create,
    update,
    toggle,
    setActive,
    remove,
    addGallery,
    removeGalleryImage,
    clone,
  };
};
export type ItineraryService = ReturnType<typeof createItineraryService>;
