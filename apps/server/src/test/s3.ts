import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createS3Storage } from '../media/s3-storage.js';

/**
 * A local S3-compatible server (s3rver) on loopback with one bucket, and the app's S3 driver
 * pointed at it. Everything is removed on close.
 */
export const startLocalS3 = async (bucket = 'safarnama-test') => {
  const directory = await mkdtemp(join(tmpdir(), 'safarnama-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const storage = await createS3Storage({
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    publicBaseUrl: `${endpoint}/${bucket}`,
    timeoutMs: 10_000,
  });
  return {
    endpoint,
    bucket,
    storage,
    close: async () => {
      storage.client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};
