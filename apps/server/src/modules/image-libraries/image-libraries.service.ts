import type { FastifyBaseLogger } from 'fastify';
import type { ForceOption, UsageGuards } from '../media-usage/media-usage.service.js';
import { NO_FORCE } from '../media-usage/force.js';
import {
  IMAGE_LIBRARY_MESSAGES,
  LIBRARY_MULTIPART_FIELDS as F,
  imageLibraryFieldsSchema,
  makePagination,
  type ImageLibrary,
  type ImageLibraryList,
  type ListQuery,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import { noteEntity, transaction } from '../../db/transaction.js';
import { NotFound } from '../../http/errors.js';
import {
  FieldErrors,
  type FormReader,
  type IndexedValues,
  type MultipartForm,
  type MultipartSpec,
} from '../../http/multipart.js';
import type { FileBatch } from '../../media/files.js';
import { receiveImageForm } from '../../media/form-images.js';
import {
  createGallery,
  parseAltText,
  type GalleryPlacement,
  type GalleryPlan,
} from '../../media/gallery.js';
import { groupByOwner, listImagesOf, type ImageRow } from '../../media/images.repo.js';
import type { ImagePipeline, StoredImage } from '../../media/pipeline.js';
import type { StorageDriver } from '../../media/storage.js';
import {
  deleteLibrary,
  findLibrary,
  insertLibrary,
  libraryExists,
  listLibraries,
  lockLibrary,
  toggleLibraryStatus,
  setLibraryStatus,
  touchLibrary,
  updateLibrary,
} from './image-libraries.repo.js';
import { presentLibrary } from './image-libraries.present.js';

export const OWNER = 'image-library' as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NEW_REF = /^new:(0|[1-9][0-9]{0,3})$/;

/** `version` (issue 21): the edit version an update was made from, read by the audit scope. */
type TextField = 'title' | 'description' | 'month' | 'version';
type IndexedField = 'altTexts' | 'existingImages' | 'existingAltTexts' | 'imageOrder';

/** The multipart forms of spec §7. */
export const LIBRARY_FORMS = {
  /** POST base and PUT {id}: the library's fields and, optionally, its images. */
  library: {
    text: ['title', 'description', 'month', 'version'],
    indexed: [F.altTexts, F.existingImages, F.existingAltTexts],
    files: [F.images],
  },
  /** PUT {id}/images: the images only, with their order. */
  images: {
    text: ['version'],
    indexed: [F.altTexts, F.existingImages, F.existingAltTexts, F.imageOrder],
    files: [F.images],
  },
} as const satisfies Record<string, Omit<MultipartSpec<TextField, IndexedField>, 'onFile'>>;

/** How the service reads a request's multipart form (the route binds it to the request). */
export type FormSource = FormReader;

type AnyForm = MultipartForm<TextField, IndexedField>;

const emptyValues: IndexedValues = new Map();
const values = (form: AnyForm, name: IndexedField): IndexedValues =>
  (form.indexed as Partial<Record<IndexedField, IndexedValues>>)[name] ?? emptyValues;
const sortedEntries = (v: IndexedValues) => [...v.entries()].sort(([a], [b]) => a - b);

/** Whether a library form touches images at all (PUT {id} without them leaves images alone). */
const sendsImages = (form: AnyForm, newCount: number) =>
  newCount > 0 ||
  values(form, 'altTexts').size > 0 ||
  values(form, 'existingImages').size > 0 ||
  values(form, 'existingAltTexts').size > 0;

/**
 * Checks the image fields against each other (not yet against the database) and builds the final
 * list: `imageOrder` first, then kept images in their listed order, then new files.
 */
const planImages = (form: AnyForm, newImages: StoredImage[], canKeep: boolean): GalleryPlan => {
  const errors = new FieldErrors();
  const alt = (path: string, raw: string | undefined) => parseAltText(errors, path, raw);

  const newAlts = values(form, 'altTexts');
  for (const [i] of newAlts) {
    if (i >= newImages.length) errors.add(`${F.altTexts}[${i}]`, 'No image at this index');
  }

  const kept: { id: string; altText: string | undefined }[] = [];
  const keptPaths = new Map<string, string>();
  const existing = values(form, 'existingImages');
  for (const [i, raw] of sortedEntries(existing)) {
    const path = `${F.existingImages}[${i}]`;
    const id = raw.trim().toLowerCase();
    if (!canKeep || !UUID.test(id)) {
      errors.add(path, IMAGE_LIBRARY_MESSAGES.unknownImage);
      continue;
    }
    if (keptPaths.has(id)) {
      errors.add(path, 'Image listed more than once');
      continue;
    }
    keptPaths.set(id, path);
    kept.push({
      id,
      altText: alt(`${F.existingAltTexts}[${i}]`, values(form, 'existingAltTexts').get(i)),
    });
  }
  for (const [i] of values(form, 'existingAltTexts')) {
    if (!existing.has(i)) errors.add(`${F.existingAltTexts}[${i}]`, 'No image at this index');
  }

  const fresh: GalleryPlacement[] = newImages.map((image, index) => ({
    kind: 'new',
    image,
    altText: alt(`${F.altTexts}[${index}]`, newAlts.get(index)) ?? '',
  }));
  const keptPlacements: GalleryPlacement[] = kept.map((k) => ({ kind: 'keep', ...k }));

  // imageOrder: listed refs first, in that order; anything left out follows in default order.
  const ordered: GalleryPlacement[] = [];
  const used = new Set<GalleryPlacement>();
  for (const [i, raw] of sortedEntries(values(form, 'imageOrder'))) {
    const path = `${F.imageOrder}[${i}]`;
    const ref = raw.trim().toLowerCase();
    const newMatch = NEW_REF.exec(ref);
    const target = newMatch
      ? fresh[Number(newMatch[1])]
      : keptPlacements.find((p) => p.kind === 'keep' && p.id === ref);
    if (!target) errors.add(path, IMAGE_LIBRARY_MESSAGES.unknownImage);
    else if (used.has(target)) errors.add(path, 'Image listed more than once');
    else {
      used.add(target);
      ordered.push(target);
    }
  }
  errors.throwIfAny();
  const placements = [...ordered, ...[...keptPlacements, ...fresh].filter((p) => !used.has(p))];
  return { placements, keptPaths };
};

/** The library's fields: trimmed, title required ('Title is required'), month default. */
const parseFields = (text: Partial<Record<TextField, string>>) => {
  const parsed = imageLibraryFieldsSchema.safeParse({ ...text, title: text.title ?? '' });
  if (parsed.success) {
    // `version` is the edit version the update was made from: checked by the audit scope.
    const { version: _version, ...fields } = parsed.data;
    return fields;
  }
  const errors = new FieldErrors();
  for (const issue of parsed.error.issues)
    errors.add(issue.path.join('.') || 'data', issue.message);
  errors.throwIfAny();
  throw new Error('unreachable');
};

export interface ImageLibraryServiceDeps {
  db: Database;
  storage: StorageDriver;
  pipeline: ImagePipeline;
  /** Issue 24: refuses (or, forced, unlinks) the delete of a library or images in use. */
  usage?: UsageGuards;
}

export const createImageLibraryService = ({
  db,
  storage,
  pipeline,
  usage,
}: ImageLibraryServiceDeps) => {
  const notFound = () => new NotFound(IMAGE_LIBRARY_MESSAGES.notFound);
  const assertId = (id: string) => {
    if (!UUID.test(id)) throw notFound();
    return id.toLowerCase();
  };
  const gallery = createGallery(
    { type: OWNER, lock: lockLibrary, notFound },
    { db, storage, pipeline },
  );

  /** The library with its images: those a change left, else as stored. */
  const present = async (id: string, images?: ImageRow[]): Promise<ImageLibrary> => {
    const found = await findLibrary(db, id);
    if (!found) throw notFound();
    return presentLibrary(found, images ?? (await listImagesOf(db, OWNER, [id])), storage);
  };

  const get = (id: string): Promise<ImageLibrary> => present(assertId(id));

  const list = async (query: ListQuery): Promise<ImageLibraryList> => {
    const { rows, ...counted } = await listLibraries(db, query);
    const images = groupByOwner(
      await listImagesOf(
        db,
        OWNER,
        rows.map((r) => r.library.id),
      ),
    );
    return {
      libraries: rows.map((row) => presentLibrary(row, images.get(row.library.id) ?? [], storage)),
      pagination: makePagination(counted.total, query.page, query.limit, counted),
    };
  };

  /** Reads a library form, every file through the pipeline into `batch` as it arrives. */
  const receive = async (
    source: FormSource,
    spec: (typeof LIBRARY_FORMS)[keyof typeof LIBRARY_FORMS],
    batch: FileBatch,
  ) => {
    const { form, files } = await receiveImageForm(source, spec, pipeline, batch);
    return { form: form as AnyForm, stored: files[F.images] ?? [] };
  };

  const create = async (
    authorId: string,
    source: FormSource,
    log?: FastifyBaseLogger,
  ): Promise<ImageLibrary> => {
    const { id, change } = await gallery.commit(async (batch) => {
      const { form, stored } = await receive(source, LIBRARY_FORMS.library, batch);
      const fields = parseFields(form.text);
      const plan = planImages(form, stored, false);
      return transaction(db, async (tx) => {
        const library = await insertLibrary(tx, { ...fields, authorId });
        noteEntity(library.id);
        const change = await gallery.replaceIn(
          tx,
          library.id,
          plan,
          IMAGE_LIBRARY_MESSAGES.unknownImage,
        );
        return { id: library.id, change };
      });
    }, log);
    return present(id, change.gallery);
  };

  /** PUT {id} (`fieldsToo`) and PUT {id}/images: one transaction, old files deleted after commit. */
  const save = async (
    rawId: string,
    source: FormSource,
    fieldsToo: boolean,
    log?: FastifyBaseLogger,
    force: ForceOption = NO_FORCE,
  ): Promise<ImageLibrary> => {
    const id = assertId(rawId);
    // Answered before the body is read: no upload work for a library that is not there.
    if (!(await libraryExists(db, id))) throw notFound();
    const { change } = await gallery.commit(async (batch) => {
      const spec = fieldsToo ? LIBRARY_FORMS.library : LIBRARY_FORMS.images;
      const { form, stored } = await receive(source, spec, batch);
      const fields = fieldsToo ? parseFields(form.text) : undefined;
      const plan =
        !fieldsToo || sendsImages(form, stored.length) ? planImages(form, stored, true) : null;
      return transaction(db, async (tx) => {
        if (!(await lockLibrary(tx, id))) throw notFound();
        if (fields) await updateLibrary(tx, id, fields);
        else await touchLibrary(tx, id);
        return {
          change: plan
            ? await gallery.replaceIn(
                tx,
                id,
                plan,
                IMAGE_LIBRARY_MESSAGES.unknownImage,
                usage?.guard(force, id),
              )
            : null,
        };
      });
    }, log);
    return present(id, change?.gallery);
  };

  /**
   * DELETE {id}: the library with its images. Issue 24: a library in use (itineraries, place
   * details, or its images used elsewhere) → 409 `InUse` (a `Conflict`) with `data.usage`, unless
   * forced (`force.canForce`: image-libraries.delete), which removes the references first.
   */
  const remove = async (rawId: string, log?: FastifyBaseLogger, force: ForceOption = NO_FORCE) => {
    const id = assertId(rawId);
    await gallery.commit(
      async () => ({
        change: await transaction(db, async (tx) => {
          if (!(await lockLibrary(tx, id))) throw notFound();
          if (usage) {
            await usage.settleLibrary(tx, id, await listImagesOf(tx, OWNER, [id]), force);
          }
          const change = await gallery.clearIn(tx, id);
          await deleteLibrary(tx, id);
          return change;
        }),
      }),
      log,
    );
    return { _id: id, id };
  };

  /** Issue 24: active or not (a bulk action: the toggle's change, the record not read back). */
  const setActive = async (rawId: string, active: boolean): Promise<void> => {
    const id = assertId(rawId);
    await transaction(db, async (tx) => {
      if (!(await setLibraryStatus(tx, id, active ? 'active' : 'inactive'))) throw notFound();
    });
  };

  const toggleStatus = async (rawId: string): Promise<ImageLibrary> => {
    const id = assertId(rawId);
    await transaction(db, async (tx) => {
      if (!(await toggleLibraryStatus(tx, id))) throw notFound();
    });
    return get(id);
  };

  return {
    list,
    get,
    create,
    update: (id: string, source: FormSource, log?: FastifyBaseLogger, force?: ForceOption) =>
      save(id, source, true, log, force),
    updateImages: (id: string, source: FormSource, log?: FastifyBaseLogger, force?: ForceOption) =>
      save(id, source, false, log, force),
    remove,
    toggleStatus,
    setActive,
  };
};
export type ImageLibraryService = ReturnType<typeof createImageLibraryService>;
