import { CHUNK_LOAD_TIMEOUT_MS } from '@safarnama/contract';

/** A route chunk that did not arrive (network error, stale deploy, or the 120 s time-out). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/**
 * Loads a route module, failing after `timeoutMs` (spec §9: 120 s) so a stalled network ends in
 * the retry screen instead of a page that never appears.
 */
export const loadWithTimeout = <T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`The page took longer than ${timeoutMs / 1000} s to load.`));
    }, timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new ChunkLoadError(String(error)));
      },
    );
  });
