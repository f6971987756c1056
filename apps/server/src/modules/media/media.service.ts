import { and, asc, eq, gt, isNull } from 'drizzle-orm';
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
import { differenceHash, type ImagePipeline } from '../../media/pipeline.js';
import { StoredFileMissing, type StorageDriver } from '../../media/storage.js';

export interface MediaServiceDeps {
  db: Database;
  storage: StorageDriver;
  pipeline: ImagePipeline;
  log?: FastifyBaseLogger;
}

/** What one framing sweep did. */
export interface FramingSweepResult {
  /** Images that got their hash and crops. */
  framed: number;
  /** Images whose stored file is gone: given the empty hash, never swept again. */
  missing: number;
  /** Images whose files could not be read or decoded (left for the next start). */
  failed: number;
}

/** Failures the sweep logs one by one; the rest are only counted in its summary. */
const SWEEP_LOGGED_FAILURES = 5;
/** Failures in a row (not missing files) after which storage is taken to be unreachable. */
const SWEEP_GIVE_UP_AFTER = 20;

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
export const createMediaService = ({ db, storage, pipeline, log }: MediaServiceDeps) => {
  const loadFor = async (caller: MediaCaller, imageId: string) => {
    if (!isUuid(imageId)) throw new NotFound(MEDIA_TOOLS_MESSAGES.imageNotFound);
    const [row] = await db.select().from(images).where(eq(images.id, imageId));
    if (!row) throw new NotFound(MEDIA_TOOLS_MESSAGES.imageNotFound);
    const needed = ownerPermission(row.ownerType, 'update');
    // An admin's own profile photo is theirs to frame.
    const allowed =
      (needed !== undefined && caller.permissions.has(needed)) ||
      (row.ownerType === 'admin-avatar' && row.ownerId === caller.adminId);
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

  /**
   * Images stored before issue 24 have no hash and no crops: this gives them both, a batch at a
   * time in key order (each: the smallest variant hashed, the crops cut in the image process
   * from the largest, one UPDATE that only lands while the hash is still missing, so two
   * processes sweeping at once never both write one image; the loser's crop files are deleted).
   * An image whose file is gone (`StoredFileMissing`) gets the empty hash (never compared, no
   * crops: `<Img>` shows its variants) so no later start reads it again; one whose files cannot
   * be read for another reason is left for the next start, and after
   * {@link SWEEP_GIVE_UP_AFTER} such failures in a row (storage unreachable) the sweep stops.
   * Failures are logged one by one for the first few, then once as a summary.
   */
  const sweepFraming = async ({
    batchSize = 20,
    pauseMs = 0,
    stopped = () => false,
  }: { batchSize?: number; pauseMs?: number; stopped?: () => boolean } = {}) => {
    const result: FramingSweepResult = { framed: 0, missing: 0, failed: 0 };
    let failedInARow = 0;
    let after: string | null = null;
    for (;;) {
      if (stopped()) return result;
      const batch = await db
        .select({ id: images.id, fileKey: images.fileKey, variants: images.variants })
        .from(images)
        .where(and(isNull(images.phash), after ? gt(images.id, after) : undefined))
        .orderBy(asc(images.id))
        .limit(batchSize);
      if (batch.length === 0) return result;
      for (const image of batch) {
        after = image.id;
        try {
          const smallest = [...image.variants].sort((a, b) => a.width - b.width)[0];
          const phash = await differenceHash(await storage.read(smallest?.key ?? image.fileKey));
          const stale = await withStoredFiles(
            storage,
            async (files) => {
              const crops = await pipeline.recrop(image, null, (key) => storage.read(key), files);
              const saved = await db
                .update(images)
                .set({ phash, crops })
                .where(and(eq(images.id, image.id), isNull(images.phash)))
                .returning({ id: images.id });
              return saved.length === 0 ? crops.map((c) => c.key) : [];
            },
            log,
          );
          await deleteFiles(storage, stale, log);
          if (stale.length === 0) result.framed += 1;
          failedInARow = 0;
        } catch (err) {
          if (err instanceof StoredFileMissing) {
            await db
              .update(images)
              .set({ phash: '' })
              .where(and(eq(images.id, image.id), isNull(images.phash)));
            result.missing += 1;
            failedInARow = 0;
            continue;
          }
          result.failed += 1;
          failedInARow += 1;
          if (result.failed <= SWEEP_LOGGED_FAILURES) {
            log?.warn({ err, imageId: image.id }, 'could not hash and crop a stored image');
          }
          if (failedInARow >= SWEEP_GIVE_UP_AFTER) {
            log?.warn(
              result,
              'media framing sweep stopped: stored images cannot be read (it runs again at the next start)',
            );
            return result;
          }
        }
      }
      if (pauseMs > 0) await pause(pauseMs);
    }
  };

  let stopping = false;
  let running: Promise<void> | undefined;

  return {
    setFocalPoint,
    sweepFraming,
    /** The background framing sweep of the server's start (once; never holds up the start). */
    start: (): void => {
      if (running || stopping) return;
      running = sweepFraming({ pauseMs: 50, stopped: () => stopping })
        .then((result) => {
          if (result.framed + result.missing + result.failed > 0) {
            // `missing`: images whose stored file is gone (now never compared, shown uncropped).
            log?.info(result, 'media framing sweep finished');
          }
        })
        .catch((err: unknown) => {
          log?.error({ err }, 'media framing sweep failed; it runs again at the next start');
        });
    },
    stop: async (): Promise<void> => {
      stopping = true;
      await running;
    },
  };
};

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });
export type MediaService = ReturnType<typeof createMediaService>;
