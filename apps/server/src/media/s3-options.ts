/**
 * The S3 storage options: the shape `config.ts` builds from the environment and
 * `s3-storage.ts` opens. No imports, so config and the storage drivers both depend on it and not
 * on each other.
 */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Custom endpoint for S3-compatible services; omitted = AWS. */
  endpoint?: string | undefined;
  /** Path-style URLs (`endpoint/bucket/key`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Omitted = the SDK's default credential chain (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where browsers load objects from, without a trailing slash. */
  publicBaseUrl: string;
  /** Per-request time limit in ms. */
  timeoutMs?: number;
}

/** The public base URL when none is configured: path-style on a custom endpoint, else AWS's. */
export const defaultS3PublicBaseUrl = (
  o: Pick<S3StorageOptions, 'bucket' | 'region' | 'endpoint'>,
) =>
  o.endpoint
    ? `${o.endpoint.replace(/\/+$/, '')}/${o.bucket}`
    : `https://${o.bucket}.s3.${o.region}.amazonaws.com`;
