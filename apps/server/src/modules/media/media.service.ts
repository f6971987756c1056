import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  MEDIA_TOOLS_MESSAGES,
  type FocalPoint,
  type Image,
  type PermissionKey,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import { images } from '../../db/schema/index.js';
import { transaction } from '../../db/transaction.js';
import { Forbidden, NotFound } from '../../http/errors.js';
import { isUuid } from '../../http/form-fields.js';
import { deleteFiles, withStoredFiles } from '../../media/files.js';
import { presentImage } from '../../media/images.present.js';
import { ownerPermission } from '../../media/owners.js';
import type { ImagePipeline } from '../../media/pipeline.js';
import type { StorageDriver } from '../../media/storage.js';

export interface MediaServiceDeps {
  db: Database;
  storage: StorageDriver;
  pipeline: ImagePipeline;
}

/** Who is asking: their id (a profile photo is theirs alone) and permissions. */
export interface MediaCaller {
  adminId: string;
  permissions: ReadonlySet<PermissionKey>;
}

/**
 * Issue 24: an image's focal point. Setting it cuts every cropped variant again around it (in the
 * image process, from the image's largest variant), swaps the crops in with the point in one
 * UPDATE under the row's lock, and deletes the old crop files after the commit.
 */
export const createMediaService = ({ db, storage, pipeline }: MediaServiceDeps) => {
  const loadFor = async (caller: MediaCaller, imageId: string) => {
    if (!isUuid(imageId)) throw new NotFound(MEDIA_TOOLS_MESSAGES.imageNotFound);
    const [row] = await db.select().from(images).where(eq(images.id, imageId));
    if (!row) throw new NotFound(MEDIA_TOOLS_MESSAGES.imageNotFound);
    const needed = ownerPermission(row.ownerType, 'update');
    const allowed =
      needed === null
        ? row.ownerId === caller.adminId
        : needed !== undefined && caller.permissions.has(needed);
    if (!allowed) throw new Forbidden();
    return row;
  };

  const setFocalPoint = async (
    caller: MediaCaller,
    imageId: string,
    focal: FocalPoint | null,
    log?: FastifyBaseLogger,
  ): Promise<Image> => {
    const row = await loadFor(caller, imageId);
    const { updated, oldKeys } = await withStoredFiles(
      storage,
      async (batch) => {
        const crops = await pipeline.recrop(row, focal, (key) => storage.read(key), batch);
        return transaction(db, async (tx) => {
          const [current] = await tx
            .select({ crops: images.crops })
            .from(images)
            .where(eq(images.id, imageId))
            .for('update');
          if (!current) throw new NotFound(MEDIA_TOOLS_MESSAGES.imageNotFound);
          const [saved] = await tx
            .update(images)
            .set({ focalX: focal?.x ?? null, focalY: focal?.y ?? null, crops })
            .where(eq(images.id, imageId))
            .returning();
          if (!saved) throw new NotFound(MEDIA_TOOLS_MESSAGES.imageNotFound);
          return { updated: saved, oldKeys: current.crops.map((c) => c.key) };
        });
      },
      log,
    );
    await deleteFiles(storage, oldKeys, log);
    return presentImage(updated, storage);
  };

  return { setFocalPoint };
};
export type MediaService = ReturnType<typeof createMediaService>;
