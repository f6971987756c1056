import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { uuidv7 } from 'uuidv7';
import {
  ACCEPTED_IMAGE_TYPES,
  DEFAULT_FOCAL_POINT,
  IMAGE_CROPS,
  IMAGE_CROP_KINDS,
  MEDIA_MESSAGES,
  UPLOAD_LIMITS,
  type AcceptedImageType,
  type FocalPoint,
  type ImageCropKind,
} from '@safarnama/contract';
import type { StoredCrop, StoredVariant } from '../db/schema/index.js';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from '../http/errors.js';
import type { FileBatch } from './files.js';
import { createLimiter, untilFirstFailure, type Limiter } from './limit.js';

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

/** One cropped variant as the pipeline made it. */
export interface ProcessedCrop {
  kind: ImageCropKind;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  mimeType: AcceptedImageType;
  ext: string;
  width: number;
  height: number;
  original: Buffer;
  placeholder: string;
  variants: { width: number; height: number; data: Buffer }[];
  /** Issue 24: the difference hash (16 hex digits) and the crops around the centre. */
  phash: string;
  crops: ProcessedCrop[];
}

export interface StoredImage {
  fileKey: string;
  mimeType: AcceptedImageType;
  width: number;
  height: number;
  bytes: number;
  placeholder: string;
  variants: StoredVariant[];
  phash: string | null;
  crops: StoredCrop[];
}

/** Every file key of a stored image: the original, its variants and its crops. */
export const imageFileKeys = (image: {
  fileKey: string;
  variants: StoredVariant[];
  crops?: StoredCrop[] | null;
}): string[] => [
  image.fileKey,
  ...image.variants.map((v) => v.key),
  ...(image.crops ?? []).map((c) => c.key),
];

/**
 * Mean brightness step between horizontal neighbours (of 255) under which a picture has no
 * detail a difference hash can see: a flat colour, a plain horizontal band.
 */
export const MIN_HASH_DETAIL = 2;

/**
 * The 64-bit difference hash (dHash) of a picture as 16 hex digits: the picture shrunk to 9×8
 * grey pixels, one bit per pair of neighbours in a row (1 when the left one is brighter). Resizing
 * and re-encoding move only a few bits; another picture differs in about half of them. A picture
 * without horizontal detail (every bit 0 whatever its colours) answers '' (measured, never
 * compared): two plain pictures are not copies of each other.
 */
export const differenceHash = async (picture: Buffer): Promise<string> => {
  const grey = await sharp(picture, { animated: false })
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer();
  let hex = '';
  let detail = 0;
  for (let row = 0; row < 8; row++) {
    let byte = 0;
    for (let col = 0; col < 8; col++) {
      const left = grey[row * 9 + col] ?? 0;
      const right = grey[row * 9 + col + 1] ?? 0;
      detail += Math.abs(left - right);
      byte = (byte << 1) | (left > right ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, '0');
  }
  return detail / 64 < MIN_HASH_DETAIL ? '' : hex;
};

/**
 * The largest rectangle of the crop's aspect ratio inside a `width` × `height` picture, centred
 * on the focal point as far as the edges allow (a focal point near an edge puts the crop against
 * that edge).
 */
export const cropRect = (
  width: number,
  height: number,
  kind: ImageCropKind,
  focal: FocalPoint = DEFAULT_FOCAL_POINT,
) => {
  const target = IMAGE_CROPS[kind];
  const aspect = target.width / target.height;
  const cropWidth = Math.max(1, Math.min(width, Math.round(height * aspect)));
  const cropHeight = Math.max(1, Math.min(height, Math.round(cropWidth / aspect)));
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));
  return {
    left: clamp(focal.x * width - cropWidth / 2, width - cropWidth),
    top: clamp(focal.y * height - cropHeight / 2, height - cropHeight),
    width: cropWidth,
    height: cropHeight,
  };
};

/**
 * The cropped variants of an upright picture `width` × `height` that `open` reads, cut around
 * `focal` and shrunk to each crop's size (never enlarged), each crop a job of its own on `run`.
 */
const cutCrops = (
  open: () => Sharp,
  width: number,
  height: number,
  focal: FocalPoint | null,
  run: Limiter,
): Promise<ProcessedCrop[]> =>
  Promise.all(
    IMAGE_CROP_KINDS.map((kind) =>
      run(async () => {
        const rect = cropRect(width, height, kind, focal ?? DEFAULT_FOCAL_POINT);
        const target = IMAGE_CROPS[kind];
        const out = await open()
          .extract(rect)
          .resize({ width: Math.min(target.width, rect.width), withoutEnlargement: true })
          .webp(VARIANT_WEBP)
          .toBuffer({ resolveWithObject: true });
        return { kind, width: out.info.width, height: out.info.height, data: out.data };
      }),
    ),
  );

/**
 * Every cropped variant of a stored picture (the largest width variant: already upright), cut
 * around `focal`: a new focal point, or an animation's first frame.
 */
export const makeCrops = async (
  picture: Buffer,
  focal: FocalPoint | null,
  run: Limiter,
): Promise<ProcessedCrop[]> => {
  const meta = await sharp(picture, { animated: false }).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw new UnsupportedMediaType(MEDIA_MESSAGES.unsupportedType);
  return cutCrops(() => sharp(picture, { animated: false }), width, height, focal, run);
};

type EncodedPicture = { width: number; height: number; data: Buffer };

const encoded = (out: { data: Buffer; info: OutputInfo }): EncodedPicture => ({
  width: out.info.width,
  height: out.info.pageHeight ?? out.info.height,
  data: out.data,
});

/**
 * One WebP variant job per width on `run` (`sized(width)` is the picture at that width), queued
 * largest first (the longest, and what the crops are cut from); answered in the widths' order.
 */
const encodeVariants = (widths: number[], run: Limiter, sized: (width: number) => Sharp) =>
  [...widths]
    .reverse()
    .map((w) =>
      run(async () =>
        encoded(await sized(w).webp(VARIANT_WEBP).toBuffer({ resolveWithObject: true })),
      ),
    )
    .reverse();

/**
 * The variants and crops of a still picture. It is decoded once, at the largest variant's size,
 * into raw pixels (JPEG's shrink-on-load keeps that decode cheap), and every variant and crop is
 * encoded from those pixels as a job of its own, largest first: one decode instead of one per
 * output, and the two slots share the encodes. On a 4000×3000 photo this took the pipeline from
 * 611 to 455 ms at the median (each variant had decoded the JPEG, and the crops the 1600 px WebP
 * once every encode was done). The pixels are 8-bit sRGB (sharp's raw output; a CMYK JPEG or a
 * 16-bit PNG is converted, an alpha channel kept: tested).
 */
const stillVariants = (input: () => Sharp, widths: number[], run: Limiter) => {
  const largest = widths[widths.length - 1] ?? 1;
  const pixels = run(() =>
    input()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const open =
    ({ data, info }: { data: Buffer; info: OutputInfo }) =>
    () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const variants = pixels.then((px) =>
    Promise.all(
      encodeVariants(widths, run, (w) =>
        w < px.info.width ? open(px)().resize({ width: w }) : open(px)(),
      ),
    ),
  );
  const crops = pixels.then((px) => cutCrops(open(px), px.info.width, px.info.height, null, run));
  return { variants, crops };
};

/**
 * The variants of an animation (every frame kept, so each is its own pipeline from the input)
 * and the crops of its first frame, cut from the largest variant once it is there.
 */
const animatedVariants = (
  input: () => Sharp,
  widths: number[],
  original: Promise<EncodedPicture>,
  run: Limiter,
) => {
  const jobs = encodeVariants(widths, run, (w) =>
    input().resize({ width: w, withoutEnlargement: true }),
  );
  const largest = jobs[jobs.length - 1] ?? original;
  const variants = Promise.all(jobs);
  const crops = largest.then((picture) => makeCrops(picture.data, null, run));
  return { variants, crops };
};

export interface ImagePipelineDeps {
  now?: () => Date;
  /** Shared limiter for sharp work (default: one per pipeline, SHARP_JOBS wide). */
  limiter?: Limiter;
  /**
   * Where `process` runs: the server passes its image process (media/image-process.ts), which
   * runs this same pipeline in a child; default here, in this process (the child itself, tests).
   */
  processIn?: (buffer: Buffer) => Promise<ProcessedImage>;
  /** Where `crop` runs (the server's image process); default here. */
  cropIn?: (picture: Buffer, focal: FocalPoint | null) => Promise<ProcessedCrop[]>;
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
  cropIn,
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
      // Every encode is a job of its own on the shared limiter's two slots, queued so that both
      // slots stay busy to the end: the original first (the longest job), then the rest, and work
      // that needs a variant queues the moment that variant is there. Once one fails (the file
      // is refused) its jobs still waiting are dropped.
      const job = untilFirstFailure(run);
      const original = job(() =>
        encodeOriginal(input(), mimeType).toBuffer({ resolveWithObject: true }),
      ).then(encoded);
      const widths = variantWidths(orientedWidth);
      const { variants, crops } = animated
        ? animatedVariants(input, widths, original, job)
        : stillVariants(input, widths, job);
      const smallest = variants.then((all) => all[0]?.data ?? original.then((o) => o.data));
      const [{ width, height, data }, encodedVariants, madeCrops, { dominant }, phash] =
        await Promise.all([
          original,
          variants,
          crops,
          smallest.then((picture) => job(() => sharp(picture, { animated: false }).stats())),
          smallest.then((picture) => job(() => differenceHash(picture))),
        ]);
      return {
        mimeType,
        ext: FORMATS[mimeType].ext,
        width,
        height,
        original: data,
        placeholder: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
        variants: encodedVariants,
        phash,
        crops: madeCrops,
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
  const crop =
    cropIn ?? ((picture: Buffer, focal: FocalPoint | null) => makeCrops(picture, focal, run));

  /** Stores crops under keys of their own (`<base>-<kind>-<n>.webp`, a new `n` per cut). */
  const storeCrops = async (
    base: string,
    crops: readonly ProcessedCrop[],
    batch: FileBatch,
  ): Promise<StoredCrop[]> => {
    const cut = Date.now().toString(36);
    const stored = crops.map((c) => ({ ...c, key: `${base}-${c.kind}-${cut}.webp` }));
    await Promise.all(stored.map((c) => batch.put(c.key, c.data, 'image/webp')));
    return stored.map(({ kind, width, height, key }) => ({ kind, width, height, key }));
  };

  /**
   * The crops of a stored image cut again around a new focal point (from its largest variant,
   * read with `read`), stored through `batch`: the caller swaps them in and deletes the old
   * files after its commit.
   */
  const recrop = async (
    image: { fileKey: string; variants: StoredVariant[] },
    focal: FocalPoint | null,
    read: (key: string) => Promise<Buffer>,
    batch: FileBatch,
  ): Promise<StoredCrop[]> => {
    const largest = image.variants.reduce<StoredVariant | null>(
      (best, v) => (!best || v.width > best.width ? v : best),
      null,
    );
    const picture = await read(largest?.key ?? image.fileKey);
    return storeCrops(image.fileKey.replace(/\.[a-z0-9]+$/, ''), await crop(picture, focal), batch);
  };

  const store = async (image: ProcessedImage, batch: FileBatch): Promise<StoredImage> => {
    const base = newBaseKey();
    const fileKey = `${base}.${image.ext}`;
    const variants = image.variants.map((v) => ({
      width: v.width,
      height: v.height,
      key: `${base}-${v.width}.webp`,
      data: v.data,
    }));
    const [crops] = await Promise.all([
      storeCrops(base, image.crops, batch),
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
      phash: image.phash,
      crops,
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
      ...source.crops.map((c) => ({
        from: c.key,
        to: `${base}-${c.kind}-copy.webp`,
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
      phash: source.phash,
      crops: source.crops.map((c) => ({
        kind: c.kind,
        width: c.width,
        height: c.height,
        key: `${base}-${c.kind}-copy.webp`,
      })),
    };
  };

  return {
    inspect,
    process,
    store,
    copy,
    recrop,
    /** process + store. */
    ingest: async (buffer: Buffer, batch: FileBatch) => store(await process(buffer), batch),
  };
};
export type ImagePipeline = ReturnType<typeof createImagePipeline>;
