import { join } from 'node:path';
import type { Config } from '../config.js';
import { createLocalStorage, type StorageDriver } from './storage.js';

/** The storage the configuration asks for: S3 when S3_BUCKET is set, else DATA_DIR/uploads. */
export const openStorage = async (
  config: Pick<Config, 's3' | 'dataDir'>,
): Promise<StorageDriver> =>
  config.s3
    ? (await import('./s3-storage.js')).createS3Storage(config.s3)
    : createLocalStorage(join(config.dataDir, 'uploads'));
