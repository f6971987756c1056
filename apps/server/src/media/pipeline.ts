import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { uuidv7 } from 'uuidv7';
import {
  ACCEPTED_IMAGE_TYPES,
  MEDIA_MESSAGES,
  UPLOAD_LIMITS,
  type AcceptedImageType,
} from '@safarnama/contract';
import type { StoredVariant } from '../db/schema/index.js';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from '../http/errors.js';
import type { FileBatch } from './files.js';
import { createLimiter, type Limiter } from './limit.js';

/**
 * libvips threads per pipeline. Two pipelines run at once (see `SHARP_JOBS`), one vips thread each:
 * on the 2-core machine that keeps image work to the two cores' worth of threads it can use, and
 * leaves two of libuv's four threads for file I/O and argon2 while an upload is processed.
 */
export const SHARP_THREADS = 1;
export const SHARP_JOBS = 2;

let configured = false;
export const configureSharp = () => {
  if (configured) return;
  configured = true;
  sharp.concurrency(SHARP_THREADS);
  // Every upload is a new image: libvips' operation cache would only hold memory.
  sharp.cache(false);
};

/** `truncated` or corrupt pixel data fails; harmless warnings (odd markers) do not. */
const FAIL_ON = 'error' as const;

const FORMATS: Record<AcceptedImageType, { ext: string; sharpFormat: string }> = {
  'image/jpeg': { ext: 'jpg', sharpFormat: 'jpeg' },
  'image/png': { ext: 'png', sharpFormat: 'png' },
  'image/gif': { ext: 'gif', sharpFormat: 'gif' },
  'image/webp': { ext: 'webp', sharpFormat: 'webp' },
};

const isAccepted = (mime: string): mime is AcceptedImageType =>
  (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(mime);

/** Re-encodes the original in its own format; no metadata is carried over (sharp's default). */
export const encodeOriginal = (image: Sharp, mime: AcceptedImageType): Sharp => {
  switch (mime) {
    case 'image/jpeg':
      // Progressive with optimised Huffman tables: the cheap half of mozjpeg. Full mozjpeg
      // (trellis quantisation) saves ~15% more bytes but costs ~6× the CPU on a 12 MP photo.
      return image.jpeg({ quality: 85, progressive: true, optimiseCoding: true });
    case 'image/png':
      return image.png({ compressionLevel: 6, adaptiveFiltering: true });
    case 'image/gif':
      return image.gif();
    case 'image/webp':
      return image.webp({ quality: 85, effort: 4 });
  }
};

export const VARIANT_WEBP = { quality: 80, effort: 4 } as const;

/** Variant widths for an image `width` wide: each target capped at the width (no upscaling), deduplicated. */
export const variantWidths = (width: number): number[] =>
  [...new Set(UPLOAD_LIMITS.variantWidths.map((w) => Math.min(w, width)))].sort((a, b) => a - b);

const hex = (n: number) =>
  Math.max(0, Math.min(255, Math.round(n)))
    .toString(16)
    .padStart(2, '0');

export interface ProcessedImage {
  mimeType: AcceptedImageType;
  ext: string;
  width: number;
  height: number;
  original: Buffer;
  placeholder: string;
  variants: { width: number; height: number; data: Buffer }[];
}

export interface StoredImage {
  fileKey: string;
  mimeType: AcceptedImageType;
  width: number;
  height: number;
  bytes: number;
  placeholder: string;
  variants: StoredVariant[];
}

/** Every file key of a stored image: the original and its variants. */
export const imageFileKeys = (image: { fileKey: string; variants: StoredVariant[] }): string[] => [
  image.fileKey,
  ...image.variants.map((v) => v.key),
];

export interface ImagePipelineDeps {
  now?: () => Date;
  /** Shared limiter for sharp work (default: one per pipeline, SHARP_JOBS wide). */
  limiter?: Limiter;
  /**
   * Where `process` runs: the server passes its image process (media/image-process.ts), which
   * runs this same pipeline in a child; default here, in this process (the child itself, tests).
   */
  processIn?: (buffer: Buffer) => Promise<ProcessedImage>;
}

/**
 * The upload pipeline of DESIGN §6 for one file already in memory (≤ 10 MB, the multipart reader
 * enforces that while streaming): size floor → magic-byte sniff → header-only dimension check →
 * decode with `limitInputPixels`, auto-rotate, strip metadata → re-encoded original + WebP
 * variants + dominant colour. All sharp work is async on libuv/vips threads, never on the event
 * loop.
 */
export const createImagePipeline = ({
  now = () => new Date(),
  limiter,
  processIn,
}: ImagePipelineDeps = {}) => {
  configureSharp();
  const run = limiter ?? createLimiter(SHARP_JOBS);

  /** Cheap checks that need no decoding: size, magic bytes, declared dimensions. */
  const inspect = async (buffer: Buffer) => {
    if (buffer.length < UPLOAD_LIMITS.minFileBytes) throw new BadRequest(MEDIA_MESSAGES.tooSmall);
    const sniffed = await fileTypeFromBuffer(buffer);
    if (!sniffed || !isAccepted(sniffed.mime)) {
      throw new UnsupportedMediaType(MEDIA_MESSAGES.unsupportedType);
    }
    const mimeType = sniffed.mime;
    let meta: Metadata;
    try {
      // Header only: a file declaring 60000×60000 is answered here, before any pixel is decoded.
      meta = await sharp(buffer, { limitInputPixels: false, animated: true }).metadata();
    } catch {
      throw new UnsupportedMediaType(MEDIA_MESSAGES.unsupportedType);
    }
    if (meta.format !== FORMATS[mimeType].sharpFormat || !meta.width || !meta.height) {
      throw new UnsupportedMediaType(MEDIA_MESSAGES.unsupportedType);
    }
    const pages = meta.pages ?? 1;
    const pageHeight = meta.pageHeight ?? meta.height;
    // With `animated`, height covers every frame: the limit holds for the whole animation too.
    const pixels = meta.width * Math.max(meta.height, pageHeight * pages);
    if (pixels > UPLOAD_LIMITS.maxPixels) {
      throw new PayloadTooLarge(MEDIA_MESSAGES.dimensionsTooLarge);
    }
    const animated = (mimeType === 'image/gif' || mimeType === 'image/webp') && pages > 1;
    // Width once the EXIF orientation is applied (a portrait photo stored sideways swaps them).
    const width = meta.autoOrient?.width ?? meta.width;
    return { mimeType, animated, width };
  };

  const processHere = async (buffer: Buffer): Promise<ProcessedImage> => {
    const { mimeType, animated, width: orientedWidth } = await inspect(buffer);
    const input = () =>
      sharp(buffer, { failOn: FAIL_ON, limitInputPixels: UPLOAD_LIMITS.maxPixels, animated })
        // Applies and drops the EXIF orientation; nothing else of the metadata is kept either.
        .autoOrient();
    try {
      // The original and the variants are independent pipelines: they share the limiter's slots
      // (JPEG variants decode with shrink-on-load, so they cost a fraction of the original).
      const [original, ...variants] = await Promise.all([
        run(() => encodeOriginal(input(), mimeType).toBuffer({ resolveWithObject: true })).then(
          (out) => ({
            width: out.info.width,
            height: out.info.pageHeight ?? out.info.height,
            data: out.data,
          }),
        ),
        ...variantWidths(orientedWidth).map((w) =>
          run(async () => {
            const out = await input()
              .resize({ width: w, withoutEnlargement: true })
              .webp(VARIANT_WEBP)
              .toBuffer({ resolveWithObject: true });
            return {
              width: out.info.width,
              height: out.info.pageHeight ?? out.info.height,
              data: out.data,
            };
          }),
        ),
      ]);
      const { width, height } = original;
      const smallest = variants[0]?.data ?? original.data;
      const { dominant } = await run(() => sharp(smallest, { animated: false }).stats());
      return {
        mimeType,
        ext: FORMATS[mimeType].ext,
        width,
        height,
        original: original.data,
        placeholder: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
        variants,
      };
    } catch (err) {
      if (err instanceof Error && /pixel limit/i.test(err.message)) {
        throw new PayloadTooLarge(MEDIA_MESSAGES.dimensionsTooLarge);
      }
      // Anything that does not decode cleanly (a polyglot with a GIF header and a script body,
      // truncated data) is not an image we serve.
      throw new UnsupportedMediaType(MEDIA_MESSAGES.unsupportedType);
    }
  };

  /** Server-generated keys: `images/<yyyy>/<mm>/<uuidv7>.<ext>` and `…-<width>.webp`. */
  const newBaseKey = () => {
    const at = now();
    const month = String(at.getUTCMonth() + 1).padStart(2, '0');
    return `images/${at.getUTCFullYear()}/${month}/${uuidv7()}`;
  };

  const process = processIn ?? processHere;

  const store = async (image: ProcessedImage, batch: FileBatch): Promise<StoredImage> => {
    const base = newBaseKey();
    const fileKey = `${base}.${image.ext}`;
    const variants = image.variants.map((v) => ({
      width: v.width,
      height: v.height,
      key: `${base}-${v.width}.webp`,
      data: v.data,
    }));
    await Promise.all([
      batch.put(fileKey, image.original, image.mimeType),
      ...variants.map((v) => batch.put(v.key, v.data, 'image/webp')),
    ]);
    return {
      fileKey,
      mimeType: image.mimeType,
      width: image.width,
      height: image.height,
      bytes: image.original.length,
      placeholder: image.placeholder,
      variants: variants.map(({ width, height, key }) => ({ width, height, key })),
    };
  };

  /**
   * A copy of an image already stored (a duplicated record's picture), under new keys of its
   * own: the original and every variant are read with `read` and written through `batch`, so the
   * copy is removed again if the request fails and either owner can later delete its files alone.
   * Nothing is decoded again (the files were made by this pipeline).
   */
  const copy = async (
    source: Omit<StoredImage, 'mimeType'> & { mimeType: string },
    read: (key: string) => Promise<Buffer>,
    batch: FileBatch,
  ): Promise<StoredImage> => {
    if (!isAccepted(source.mimeType))
      throw new UnsupportedMediaType(MEDIA_MESSAGES.unsupportedType);
    const mimeType = source.mimeType;
    const base = newBaseKey();
    const fileKey = `${base}.${FORMATS[mimeType].ext}`;
    const files = [
      { from: source.fileKey, to: fileKey, type: mimeType as string },
      ...source.variants.map((v) => ({
        from: v.key,
        to: `${base}-${v.width}.webp`,
        type: 'image/webp',
      })),
    ];
    // Everything is read before anything is written: a missing source file writes nothing.
    const bodies = await Promise.all(files.map((file) => read(file.from)));
    await Promise.all(
      files.map((file, i) => batch.put(file.to, bodies[i] ?? Buffer.alloc(0), file.type)),
    );
    return {
      fileKey,
      mimeType,
      width: source.width,
      height: source.height,
      bytes: source.bytes,
      placeholder: source.placeholder,
      variants: source.variants.map((v) => ({
        width: v.width,
        height: v.height,
        key: `${base}-${v.width}.webp`,
      })),
    };
  };

  return {
    inspect,
    process,
    store,
    copy,
    /** process + store. */
    ingest: async (buffer: Buffer, batch: FileBatch) => store(await process(buffer), batch),
  };
};
export type ImagePipeline = ReturnType<typeof createImagePipeline>;
