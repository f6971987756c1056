import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { uuidv7 } from 'uuidv7';
import {
  MARKETING_MESSAGES as M,
  addScheduledNotificationFieldsSchema,
  makePagination,
  updateScheduledNotificationFieldsSchema,
  type ScheduledNotification,
  type ScheduledNotificationList,
  type scheduledNotificationFieldsSchema,
  type scheduledNotificationListQuerySchema,
} from '@safarnama/contract';
import type { Database, Executor } from '../../db/client.js';
import { noteEntity, transaction } from '../../db/transaction.js';
import type { AuthContext } from '../../http/access.js';
import { Conflict, NotFound, ValidationError } from '../../http/errors.js';
import { asUuid, fieldNames, indexedList, parseFields } from '../../http/form-fields.js';
import type { FormReader } from '../../http/multipart.js';
import { deleteFiles, withStoredFiles, type FileBatch } from '../../media/files.js';
import { receiveImageForm } from '../../media/form-images.js';
import {
  deleteImagesOf,
  insertImages,
  listImagesOf,
  replaceSingleImage,
} from '../../media/images.repo.js';
import { imageFileKeys, type ImagePipeline, type StoredImage } from '../../media/pipeline.js';
import type { StorageDriver } from '../../media/storage.js';
import {
  activeUserTypeExists,
  deleteWhileScheduled,
  findScheduled,
  insertScheduled,
  listScheduled,
  statusOf,
  upcomingScheduled,
  updateWhileScheduled,
} from './marketing.repo.js';
import { presentScheduled } from './marketing.present.js';
import type { Scheduler } from './scheduler.js';

/** The multipart file field of add/update (one optional image). */
export const IMAGE_FIELD = 'image';
/** Channels arrive as `channels[0]`, `channels[1]`, … (a plain `channels` is taken too). */
export const CHANNELS_FIELD = 'channels';
/** Owner type of a notification's image in the `images` table (owner id = notification id). */
export const IMAGE_OWNER = 'marketing-notification' as const;
/** A time this little in the past is still accepted (the browser's clock may be behind). */
export const CLOCK_SKEW_MS = 5_000;

export type ListScheduledQuery = z.output<typeof scheduledNotificationListQuerySchema>;
type Fields = z.output<typeof scheduledNotificationFieldsSchema>;

export interface MarketingServiceDeps {
  db: Database;
  storage: StorageDriver;
  pipeline: ImagePipeline;
  now: () => Date;
}

/**
 * Scheduled marketing notifications (issue 9, DESIGN §7): the admin's add / list / update /
 * delete. Only a notification still 'scheduled' can change: the update and the delete are one
 * conditional statement each (`… WHERE status = 'scheduled'`), so when the poller claims the row
 * at the same moment exactly one of them wins, and the admin gets 409. Delete removes the row and
 * its image (files after the commit); the contract's 'cancelled' status is not used.
 */
export const createMarketingService = ({ db, storage, pipeline, now }: MarketingServiceDeps) => {
  const get = async (id: string): Promise<ScheduledNotification> => {
    const found = await findScheduled(db, id);
    if (!found) throw new NotFound(M.notFound);
    return presentScheduled(found, storage);
  };

  const list = async (query: ListScheduledQuery): Promise<ScheduledNotificationList> => {
    const { rows, ...counted } = await listScheduled(db, query);
    return {
      notifications: rows.map((row) => presentScheduled(row, storage)),
      pagination: makePagination(counted.total, query.page, query.limit, counted),
    };
  };

  /** The next ones to go out, soonest first (the dashboard). */
  const upcoming = async (limit: number): Promise<ScheduledNotification[]> =>
    (await upcomingScheduled(db, limit)).map((row) => presentScheduled(row, storage));

  /** Reads the form: text fields, `channels[i]`, at most one image through the media pipeline. */
  const receive = async (
    read: FormReader,
    schema:
      typeof addScheduledNotificationFieldsSchema | typeof updateScheduledNotificationFieldsSchema,
    batch: FileBatch,
  ) => {
    const { form, files } = await receiveImageForm(
      read,
      {
        text: fieldNames(schema),
        indexed: [CHANNELS_FIELD],
        files: [IMAGE_FIELD],
        maxFiles: { [IMAGE_FIELD]: 1 },
      },
      pipeline,
      batch,
    );
    const { [CHANNELS_FIELD]: plain, ...text } = form.text as Record<string, string | undefined>;
    const channels = [...(plain ? [plain] : []), ...indexedList(form.indexed[CHANNELS_FIELD])];
    return { input: { ...text, channels }, image: files[IMAGE_FIELD]?.[0] };
  };

  /** The rules beyond the schema: a future time, an existing active user type. */
  const checkFields = async (tx: Executor, fields: Fields) => {
    const errors: { path: string; message: string }[] = [];
    const scheduledAt = new Date(fields.scheduledAt);
    if (scheduledAt.getTime() < now().getTime() - CLOCK_SKEW_MS) {
      errors.push({ path: 'scheduledAt', message: M.inPast });
    }
    let userTypeId: string | null = null;
    if (fields.audienceType === 'user_type') {
      if (!fields.userTypeId) {
        errors.push({ path: 'userTypeId', message: M.userTypeRequired });
      } else {
        const id = asUuid(fields.userTypeId);
        if (id && (await activeUserTypeExists(tx, id))) userTypeId = id;
        else errors.push({ path: 'userTypeId', message: M.unknownUserType });
      }
    }
    const [first] = errors;
    if (first) throw new ValidationError(errors, errors.length === 1 ? first.message : undefined);
    return {
      title: fields.title,
      // Form fields arrive with CRLF line breaks (HTML form encoding): stored as LF.
      message: fields.message.replace(/\r\n?/g, '\n'),
      link: fields.link || null,
      channels: [...new Set(fields.channels)],
      audienceType: fields.audienceType,
      userTypeId,
      scheduledAt,
    };
  };

  /** 404 for an unknown notification, 409 for one that is no longer 'scheduled'. */
  const refusal = async (tx: Executor, id: string) =>
    (await statusOf(tx, id)) === undefined ? new NotFound(M.notFound) : new Conflict(M.notEditable);

  /**
   * 'Duplicate': a copy of the image of notification `sourceId` (whatever its status), its files
   * copied through `batch` under new keys, so the copy and the source each own their files (a
   * later delete or replacement of either leaves the other whole). 400 at `copyImageFrom` when
   * that notification is gone, has no image, or its files cannot be read.
   */
  const copyImageOf = async (
    sourceId: string,
    batch: FileBatch,
    log?: FastifyBaseLogger,
  ): Promise<StoredImage> => {
    const refuse = () =>
      new ValidationError([{ path: 'copyImageFrom', message: M.noImageToCopy }], M.noImageToCopy);
    const [source] = await listImagesOf(db, IMAGE_OWNER, [sourceId]);
    if (!source) throw refuse();
    try {
      return await pipeline.copy(source, (key) => storage.read(key), batch);
    } catch (err) {
      log?.warn({ err, sourceId }, 'could not copy the image of a scheduled notification');
      throw refuse();
    }
  };

  /** POST add-new-notification (multipart; `copyImageFrom` instead of an image: 'Duplicate'). */
  const add = async (
    auth: AuthContext,
    read: FormReader,
    log?: FastifyBaseLogger,
  ): Promise<ScheduledNotification> => {
    const id = await withStoredFiles(
      storage,
      async (batch) => {
        const { input, image: uploaded } = await receive(
          read,
          addScheduledNotificationFieldsSchema,
          batch,
        );
        const { copyImageFrom, ...fields } = parseFields(
          addScheduledNotificationFieldsSchema,
          input,
        );
        if (uploaded && copyImageFrom) {
          throw new ValidationError(
            [{ path: 'copyImageFrom', message: M.imageOrCopy }],
            M.imageOrCopy,
          );
        }
        const image = copyImageFrom ? await copyImageOf(copyImageFrom, batch, log) : uploaded;
        return transaction(db, async (tx) => {
          const values = await checkFields(tx, fields);
          const id = uuidv7();
          noteEntity(id);
          const imageId = image ? uuidv7() : null;
          if (image && imageId) {
            await insertImages(tx, [
              { ...image, id: imageId, ownerType: IMAGE_OWNER, ownerId: id, sortOrder: 0 },
            ]);
          }
          const at = now();
          await insertScheduled(tx, {
            id,
            ...values,
            imageId,
            createdById: auth.admin.id,
            createdAt: at,
            updatedAt: at,
          });
          return id;
        });
      },
      log,
    );
    return get(id);
  };

  /** POST update-scheduled-notification (multipart: `id`, the fields, `image`, `removeImage`). */
  const update = async (
    read: FormReader,
    log?: FastifyBaseLogger,
  ): Promise<ScheduledNotification> => {
    const { id, obsolete } = await withStoredFiles(
      storage,
      async (batch) => {
        const { input, image } = await receive(
          read,
          updateScheduledNotificationFieldsSchema,
          batch,
        );
        const { id, removeImage, ...rest } = parseFields(
          updateScheduledNotificationFieldsSchema,
          input,
        );
        return transaction(db, async (tx) => {
          const values = await checkFields(tx, rest);
          const row = await updateWhileScheduled(tx, id, { ...values, updatedAt: now() });
          if (!row) throw await refusal(tx, id);
          let obsolete: string[] = [];
          if (image) {
            const imageId = uuidv7();
            const old = await replaceSingleImage(tx, IMAGE_OWNER, id, { ...image, id: imageId });
            await updateWhileScheduled(tx, id, { imageId });
            obsolete = old.flatMap(imageFileKeys);
          } else if (removeImage) {
            // The row's image_id is cleared by its foreign key (ON DELETE SET NULL).
            obsolete = (await deleteImagesOf(tx, IMAGE_OWNER, id)).flatMap(imageFileKeys);
          }
          return { id, obsolete };
        });
      },
      log,
    );
    await deleteFiles(storage, obsolete, log);
    return get(id);
  };

  /** POST delete-scheduled-notification {id}: the row and its image, while still scheduled. */
  const remove = async (
    id: string,
    log?: FastifyBaseLogger,
  ): Promise<{ _id: string; id: string }> => {
    const obsolete = await transaction(db, async (tx) => {
      const row = await deleteWhileScheduled(tx, id);
      if (!row) throw await refusal(tx, id);
      return (await deleteImagesOf(tx, IMAGE_OWNER, id)).flatMap(imageFileKeys);
    });
    await deleteFiles(storage, obsolete, log);
    return { _id: id, id };
  };

  return { get, list, upcoming, add, update, remove };
};

export type MarketingService = ReturnType<typeof createMarketingService> & {
  /** The poller of this process (started by main.ts, stopped on close). */
  scheduler: Scheduler;
};
