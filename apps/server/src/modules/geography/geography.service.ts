import type { FastifyBaseLogger } from 'fastify';
import {
  GEO_IMAGE_FIELD,
  GEOGRAPHY_MESSAGES as M,
  countryFieldsSchema,
  coordinatesOf,
  countryUpdateFieldsSchema,
  makePagination,
  placeFieldsSchema,
  placeUpdateFieldsSchema,
  stateFieldsSchema,
  stateUpdateFieldsSchema,
  type Country,
  type ListQuery,
  type Place,
  type State,
} from '@safarnama/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import { countries, places, states } from '../../db/schema/index.js';
import { noteEntity, transaction } from '../../db/transaction.js';
import { NotFound } from '../../http/errors.js';
import { asUuid, fieldNames, parseFields } from '../../http/form-fields.js';
import type { FormReader } from '../../http/multipart.js';
import { deleteFiles, withStoredFiles } from '../../media/files.js';
import { receiveImageForm } from '../../media/form-images.js';
import {
  firstByOwner,
  insertImages,
  listImagesOf,
  replaceSingleImage,
  type ImageOwnerType,
} from '../../media/images.repo.js';
import { imageFileKeys, type ImagePipeline, type StoredImage } from '../../media/pipeline.js';
import type { StorageDriver } from '../../media/storage.js';
import {
  findCountry,
  findPlace,
  findState,
  insertCountry,
  insertPlace,
  insertState,
  listActiveCountries,
  listActivePlaces,
  listActiveStates,
  listCountries,
  listPlaces,
  listStates,
  lockPlace,
  lockState,
  updateCountry,
  updatePlace,
  updateState,
} from './geography.repo.js';
import { presentCountry, presentPlace, presentState } from './geography.present.js';
import { DEPENDANTS, deleteUnlessUsed } from './dependants.js';
import { checkHierarchy, guardWrite } from './hierarchy.js';

const COUNTRY_CONFLICTS = { countries_name_lower_key: M.duplicateCountry };
const STATE_CONFLICTS = { states_country_name_lower_key: M.duplicateState };
const PLACE_CONFLICTS = { places_state_name_lower_key: M.duplicatePlace };

type ObjectSchema = z.ZodType & { shape: Record<string, unknown> };

export interface GeographyServiceDeps {
  db: Database;
  storage: StorageDriver;
  pipeline: ImagePipeline;
}

export const createGeographyService = ({ db, storage, pipeline }: GeographyServiceDeps) => {
  const imagesOf = async (owner: ImageOwnerType, ids: string[], executor: Executor = db) =>
    firstByOwner(await listImagesOf(executor, owner, ids));

  /**
   * Reads a geography form (text fields of `schema` + at most one `image`), then runs `save` in a
   * transaction with the parsed fields and the stored image. Files of replaced images are deleted
   * after the commit; every file written is deleted again if anything fails.
   */
  const saveForm = async <S extends ObjectSchema, T>(
    read: FormReader,
    schema: S,
    save: (
      tx: Executor,
      fields: z.output<S>,
      image: StoredImage | undefined,
    ) => Promise<{ id: string; obsolete: string[] }>,
    conflicts: Record<string, string>,
    present: (id: string) => Promise<T>,
    log?: FastifyBaseLogger,
  ): Promise<T> => {
    const { id, obsolete } = await withStoredFiles(
      storage,
      async (batch) => {
        const { form, files } = await receiveImageForm(
          read,
          {
            text: fieldNames(schema),
            indexed: [],
            files: [GEO_IMAGE_FIELD],
            maxFiles: { [GEO_IMAGE_FIELD]: 1 },
          },
          pipeline,
          batch,
        );
        const fields = parseFields(schema, form.text);
        return guardWrite(
          () => transaction(db, (tx) => save(tx, fields, files[GEO_IMAGE_FIELD]?.[0])),
          conflicts,
        );
      },
      log,
    );
    await deleteFiles(storage, obsolete, log);
    return present(id);
  };

  /** Adds or replaces the single image of an owner; answers the file keys to delete later. */
  const putImage = async (
    tx: Executor,
    owner: ImageOwnerType,
    ownerId: string,
    image: StoredImage | undefined,
    replace: boolean,
  ): Promise<string[]> => {
    if (!image) return [];
    if (!replace) {
      await insertImages(tx, [{ ...image, ownerType: owner, ownerId, sortOrder: 0 }]);
      return [];
    }
    const old = await replaceSingleImage(tx, owner, ownerId, image);
    return old.flatMap(imageFileKeys);
  };

  // ── countries ──────────────────────────────────────────────────────────────────────────────

  const getCountry = async (id: string): Promise<Country> => {
    const row = await findCountry(db, id);
    if (!row) throw new NotFound(M.countryNotFound);
    return presentCountry(row, (await imagesOf('country', [id])).get(id), storage);
  };

  const presentCountries = async (rows: Awaited<ReturnType<typeof listActiveCountries>>) => {
    const flags = await imagesOf(
      'country',
      rows.map((r) => r.id),
    );
    return rows.map((row) => presentCountry(row, flags.get(row.id), storage));
  };

  const countryService = {
    list: async (query: ListQuery) => {
      const { rows, ...counted } = await listCountries(db, query);
      return {
        countries: await presentCountries(rows),
        pagination: makePagination(counted.total, query.page, query.limit, counted),
      };
    },
    active: async () => ({ countries: await presentCountries(await listActiveCountries(db)) }),
    add: (read: FormReader, log?: FastifyBaseLogger) =>
      saveForm(
        read,
        countryFieldsSchema,
        async (tx, fields, image) => {
          const row = await insertCountry(tx, fields);
          noteEntity(row.id);
          await putImage(tx, 'country', row.id, image, false);
          return { id: row.id, obsolete: [] };
        },
        COUNTRY_CONFLICTS,
        getCountry,
        log,
      ),
    update: (read: FormReader, log?: FastifyBaseLogger) =>
      saveForm(
        read,
        countryUpdateFieldsSchema,
        async (tx, { id: rawId, ...fields }, image) => {
          const id = asUuid(rawId);
          if (!id || !(await findCountry(tx, id, true))) throw new NotFound(M.countryNotFound);
          await updateCountry(tx, id, fields);
          return { id, obsolete: await putImage(tx, 'country', id, image, true) };
        },
        COUNTRY_CONFLICTS,
        getCountry,
        log,
      ),
    /** DELETE delete-country/{id}: refused (409) while states or content use it. */
    remove: (rawId: string, log?: FastifyBaseLogger) =>
      deleteUnlessUsed(
        { db, storage },
        {
          table: countries,
          noun: 'country',
          notFound: M.countryNotFound,
          dependants: DEPENDANTS.country,
          images: ['country'],
        },
        rawId,
        log,
      ),
  };

  // ── states ─────────────────────────────────────────────────────────────────────────────────

  const getState = async (id: string): Promise<State> => {
    const row = await findState(db, id);
    if (!row) throw new NotFound(M.stateNotFound);
    return presentState(row, (await imagesOf('state', [id])).get(id), storage);
  };

  const presentStates = async (rows: Awaited<ReturnType<typeof listActiveStates>>) => {
    const pictures = await imagesOf(
      'state',
      rows.map((r) => r.state.id),
    );
    return rows.map((row) => presentState(row, pictures.get(row.state.id), storage));
  };

  const stateService = {
    list: async (query: ListQuery) => {
      const { rows, ...counted } = await listStates(db, query);
      return {
        states: await presentStates(rows),
        pagination: makePagination(counted.total, query.page, query.limit, counted),
      };
    },
    /** Active states of an active country; an unknown or malformed id has none. */
    active: async (rawCountryId: string) => {
      const countryId = asUuid(rawCountryId);
      return {
        states: countryId ? await presentStates(await listActiveStates(db, countryId)) : [],
      };
    },
    add: (read: FormReader, log?: FastifyBaseLogger) =>
      saveForm(
        read,
        stateFieldsSchema,
        async (tx, fields, image) => {
          const { countryId } = await checkHierarchy(tx, { countryId: fields.countryId });
          const row = await insertState(tx, { ...fields, countryId });
          noteEntity(row.id);
          await putImage(tx, 'state', row.id, image, false);
          return { id: row.id, obsolete: [] };
        },
        STATE_CONFLICTS,
        getState,
        log,
      ),
    /**
     * A new `countryId` moves the state, and with it (ON UPDATE CASCADE) its places and their
     * details and blogs: they stay consistent without being refused.
     */
    update: (read: FormReader, log?: FastifyBaseLogger) =>
      saveForm(
        read,
        stateUpdateFieldsSchema,
        async (tx, { id: rawId, ...fields }, image) => {
          const id = asUuid(rawId);
          if (!id || !(await lockState(tx, id))) throw new NotFound(M.stateNotFound);
          const countryId =
            fields.countryId === undefined
              ? undefined
              : (await checkHierarchy(tx, { countryId: fields.countryId })).countryId;
          await updateState(tx, id, { ...fields, countryId });
          return { id, obsolete: await putImage(tx, 'state', id, image, true) };
        },
        STATE_CONFLICTS,
        getState,
        log,
      ),
    /** DELETE delete-state/{id}: refused (409) while places or content use it. */
    remove: (rawId: string, log?: FastifyBaseLogger) =>
      deleteUnlessUsed(
        { db, storage },
        {
          table: states,
          noun: 'state',
          notFound: M.stateNotFound,
          dependants: DEPENDANTS.state,
          images: ['state'],
        },
        rawId,
        log,
      ),
  };

  // ── places ─────────────────────────────────────────────────────────────────────────────────

  const getPlace = async (id: string): Promise<Place> => {
    const row = await findPlace(db, id);
    if (!row) throw new NotFound(M.placeNotFound);
    return presentPlace(row, (await imagesOf('place', [id])).get(id), storage);
  };

  const presentPlaces = async (rows: Awaited<ReturnType<typeof listActivePlaces>>) => {
    const pictures = await imagesOf(
      'place',
      rows.map((r) => r.place.id),
    );
    return rows.map((row) => presentPlace(row, pictures.get(row.place.id), storage));
  };

  const placeService = {
    list: async (query: ListQuery) => {
      const { rows, ...counted } = await listPlaces(db, query);
      return {
        places: await presentPlaces(rows),
        pagination: makePagination(counted.total, query.page, query.limit, counted),
      };
    },
    /** Active places whose state and country are active too; unknown ids have none. */
    active: async (rawCountryId: string, rawStateId: string) => {
      const countryId = asUuid(rawCountryId);
      const stateId = asUuid(rawStateId);
      return {
        places:
          countryId && stateId
            ? await presentPlaces(await listActivePlaces(db, countryId, stateId))
            : [],
      };
    },
    add: (read: FormReader, log?: FastifyBaseLogger) =>
      saveForm(
        read,
        placeFieldsSchema,
        async (tx, { latitude, longitude, ...fields }, image) => {
          const ids = await checkHierarchy(tx, {
            countryId: fields.countryId,
            stateId: fields.stateId,
          });
          const row = await insertPlace(tx, {
            ...fields,
            ...ids,
            ...coordinatesOf({ latitude, longitude }),
          });
          noteEntity(row.id);
          await putImage(tx, 'place', row.id, image, false);
          return { id: row.id, obsolete: [] };
        },
        PLACE_CONFLICTS,
        getPlace,
        log,
      ),
    /**
     * `countryId` / `stateId` move the place (checked together with the ones not sent); its
     * details and blogs follow through ON UPDATE CASCADE. Coordinates: absent keep the stored
     * pair, '' clears both, two numbers replace both (the contract's pair rule).
     */
    update: (read: FormReader, log?: FastifyBaseLogger) =>
      saveForm(
        read,
        placeUpdateFieldsSchema,
        async (tx, { id: rawId, latitude, longitude, ...fields }, image) => {
          const id = asUuid(rawId);
          const current = id ? await lockPlace(tx, id) : undefined;
          if (!id || !current) throw new NotFound(M.placeNotFound);
          let parents = {};
          if (fields.countryId !== undefined || fields.stateId !== undefined) {
            parents = await checkHierarchy(tx, {
              countryId: fields.countryId ?? current.countryId,
              stateId: fields.stateId ?? current.stateId,
            });
          }
          await updatePlace(tx, id, {
            ...fields,
            ...parents,
            ...coordinatesOf({ latitude, longitude }),
          });
          return { id, obsolete: await putImage(tx, 'place', id, image, true) };
        },
        PLACE_CONFLICTS,
        getPlace,
        log,
      ),
    /** Issue 24: active or not (a bulk action: update-place's `isActive`, not read back). */
    setActive: async (rawId: string, active: boolean): Promise<void> => {
      const id = asUuid(rawId);
      await transaction(db, async (tx) => {
        if (!id || !(await lockPlace(tx, id))) throw new NotFound(M.placeNotFound);
        await updatePlace(tx, id, { isActive: active });
      });
    },
    /** DELETE delete-place/{id}: refused (409) while content or the homepage use it. */
    remove: (rawId: string, log?: FastifyBaseLogger) =>
      deleteUnlessUsed(
        { db, storage },
        {
          table: places,
          noun: 'place',
          notFound: M.placeNotFound,
          dependants: DEPENDANTS.place,
          images: ['place'],
        },
        rawId,
        log,
      ),
  };

  return { countries: countryService, states: stateService, places: placeService };
};
export type GeographyService = ReturnType<typeof createGeographyService>;
