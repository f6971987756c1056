import type { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageOptions } from './s3-options.js';
import { StoredFileMissing, assertSafeKey, type StorageDriver } from './storage.js';

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces…), selected by
 * S3_BUCKET. Same contract as the disk driver: server-made keys only, write-once objects (so
 * browsers may cache them for a year), deleting a missing object is not an error. Browsers load
 * files from `publicBaseUrl` (the bucket's public URL or a CDN in front of it).
 */
export const createS3Storage = async (
  options: S3StorageOptions,
): Promise<StorageDriver & { client: S3Client }> => {
  // Loaded only when S3 is configured (the SDK is large).
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
  } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where the API requires them: many S3-compatible servers reject the newer
    // trailing-checksum uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: 5000,
      requestTimeout: options.timeoutMs ?? 30_000,
    },
  });
  const Bucket = options.bucket;
  const base = options.publicBaseUrl.replace(/\/+$/, '');
  return {
    client,
    publicOrigin: new URL(base).origin,
    put: async (key, body, contentType) => {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: assertSafeKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    delete: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertSafeKey(key) }));
    },
    list: async function* () {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, ...(ContinuationToken ? { ContinuationToken } : {}) }),
        );
        for (const item of page.Contents ?? []) if (item.Key) yield item.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    read: async (key) => {
      const object = await client
        .send(new GetObjectCommand({ Bucket, Key: assertSafeKey(key) }))
        .catch((err: unknown) => {
          const { name, $metadata } = err as {
            name?: string;
            $metadata?: { httpStatusCode?: number };
          };
          if (name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404) {
            throw new StoredFileMissing(key);
          }
          throw err;
        });
      if (!object.Body) throw new Error(`empty object: ${key}`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    publicUrl: (key) => `${base}/${assertSafeKey(key)}`,
  };
};
