import type { FastifyBaseLogger } from 'fastify';
import type { StorageDriver } from './storage.js';

/** Files written during one request; deleted again if the request does not commit. */
export interface FileBatch {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Every key written (or attempted) so far. */
  readonly keys: readonly string[];
}

/** Deletes files, logging (not throwing) failures: used for rollbacks and after commits. */
export const deleteFiles = async (
  storage: StorageDriver,
  keys: readonly string[],
  log?: FastifyBaseLogger,
): Promise<void> => {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') {
      log?.error({ err: result.reason, key: keys[i] }, 'could not delete a stored file');
    }
  });
};

/**
 * Runs `work` with a batch that records every file it writes. Files are written BEFORE the
 * database transaction; if `work` throws (bad input, a failed transaction), every file written
 * is deleted before the error goes on, so a failure never leaves orphan files (SECURITY 24).
 * Files of rows the work deleted are removed by the caller AFTER the commit (`deleteFiles`).
 */
export const withStoredFiles = async <T>(
  storage: StorageDriver,
  work: (batch: FileBatch) => Promise<T>,
  log?: FastifyBaseLogger,
): Promise<T> => {
  const keys: string[] = [];
  const writes: Promise<void>[] = [];
  const batch: FileBatch = {
    keys,
    put: (key, body, contentType) => {
      keys.push(key); // recorded first: a half-written file is cleaned up too
      const write = storage.put(key, body, contentType);
      writes.push(write);
      return write;
    },
  };
  try {
    return await work(batch);
  } catch (err) {
    // Writes still in flight (a sibling of the one that failed) finish first, or their files
    // would land after the clean-up.
    await Promise.allSettled(writes);
    await deleteFiles(storage, keys, log);
    throw err;
  }
};
