import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp, { type Color } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '@safarnama/contract';
import { AppError } from '../http/errors.js';
import {
  HTML_AS_JPG,
  SCRIPT_AS_JPG,
  SVG_WITH_SCRIPT,
  makeGif,
  makeGifJsPolyglot,
  makeJpeg,
  makePixelFloodPng,
  makePng,
  makeWebp,
} from '../test/images.js';
import { withStoredFiles } from './files.js';
import { createImagePipeline, variantWidths } from './pipeline.js';
import { createLocalStorage, type StorageDriver } from './storage.js';

const pipeline = createImagePipeline({ now: () => new Date('2025-06-15T10:00:00Z') });

const refusal = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const app = err as AppError;
  return { status: app.status, message: app.message };
};

describe('image pipeline', () => {
  it('re-encodes a JPEG without its EXIF (GPS, camera) and records size, variants, colour', async () => {
    const input = await makeJpeg(1000, 750, { gps: true });
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(input.includes('Secret Model 9')).toBe(true);

    const out = await pipeline.process(input);
    expect(out).toMatchObject({ mimeType: 'image/jpeg', ext: 'jpg', width: 1000, height: 750 });
    const after = await sharp(out.original).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(out.original.includes('Secret Model 9')).toBe(false);
    expect(out.original.includes('TestCam')).toBe(false);
    expect(out.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 240],
      [768, 576],
      [1000, 750],
    ]);
    for (const v of out.variants) {
      const meta = await sharp(v.data).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    expect(out.placeholder).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('makes 320/768/1600 variants of a large photo and never upscales a small one', async () => {
    const big = await pipeline.process(await makeJpeg(4000, 3000));
    expect(big.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 240],
      [768, 576],
      [1600, 1200],
    ]);
    const small = await pipeline.process(await makePng(200, 150));
    expect(small.variants.map((v) => [v.width, v.height])).toEqual([[200, 150]]);
    expect(variantWidths(500)).toEqual([320, 500]);
    expect(variantWidths(2000)).toEqual([320, 768, 1600]);
  });

  it('applies the EXIF orientation, then drops it', async () => {
    const out = await pipeline.process(await makeJpeg(400, 300, { orientation: 6 }));
    expect([out.width, out.height]).toEqual([300, 400]);
    expect((await sharp(out.original).metadata()).orientation).toBeUndefined();
    // The variants and crops are cut from the upright pixels too.
    expect(out.variants.map((v) => [v.width, v.height])).toEqual([[300, 400]]);
    expect(out.crops.map((c) => [c.kind, c.width, c.height])).toEqual([
      ['square', 300, 300],
      ['card', 300, 158],
    ]);
  });

  it("keeps a still picture's colours and transparency in every variant and crop", async () => {
    const solid = (channels: 3 | 4, background: Color) =>
      sharp({ create: { width: 2000, height: 1500, channels, background } });
    const cases = [
      // A print-ready CMYK JPEG: its variants are sRGB with the same colour, not CMYK read as RGBA.
      {
        input: await solid(3, { r: 200, g: 60, b: 40 }).toColourspace('cmyk').jpeg().toBuffer(),
        space: 'cmyk',
        alpha: null,
      },
      // 16 bits per channel: scaled to 8, not clipped.
      {
        input: await solid(3, { r: 30, g: 120, b: 220 }).toColourspace('rgb16').png().toBuffer(),
        space: 'rgb16',
        alpha: null,
      },
      // Half transparent: the alpha is kept.
      {
        input: await solid(4, { r: 10, g: 200, b: 90, alpha: 0.5 }).png().toBuffer(),
        space: 'srgb',
        alpha: 128,
      },
    ];
    for (const { input, space, alpha } of cases) {
      expect((await sharp(input).metadata()).space).toBe(space);
      // The colour as sRGB says it (a CMYK round trip moves it a little from the one it was made of).
      const reference = await sharp(
        await sharp(input).toColourspace('srgb').png().toBuffer(),
      ).stats();
      const rgb = reference.channels.slice(0, 3).map((c) => c.mean);
      const out = await pipeline.process(input);
      expect(out.variants.map((v) => v.width)).toEqual([320, 768, 1600]);
      for (const picture of [...out.variants, ...out.crops]) {
        const { channels } = await sharp(picture.data).stats();
        const means = channels.map((c) => c.mean);
        rgb.forEach((value, i) => expect(Math.abs((means[i] ?? 0) - value)).toBeLessThan(6));
        if (alpha === null) expect((await sharp(picture.data).metadata()).hasAlpha).toBe(false);
        else expect(Math.abs((means[3] ?? 0) - alpha)).toBeLessThan(3);
      }
    }
  });

  it('keeps PNG, WebP and GIF in their own format, animation included', async () => {
    const png = await pipeline.process(await makePng(300, 200));
    expect((await sharp(png.original).metadata()).format).toBe('png');
    const webp = await pipeline.process(await makeWebp(300, 200));
    expect(webp.mimeType).toBe('image/webp');
    expect((await sharp(webp.original).metadata()).format).toBe('webp');

    const gif = await pipeline.process(await makeGif(120, 80, 3));
    expect([gif.mimeType, gif.width, gif.height]).toEqual(['image/gif', 120, 80]);
    const gifMeta = await sharp(gif.original, { animated: true }).metadata();
    expect(gifMeta.format).toBe('gif');
    expect(gifMeta.pages).toBe(3);
    const variant = gif.variants[0];
    expect(variant?.width).toBe(120);
    expect((await sharp(variant?.data, { animated: true }).metadata()).pages).toBe(3);
  });

  it('refuses a pixel flood from the header alone, fast', async () => {
    const flood = makePixelFloodPng(60000, 60000);
    expect(flood.length).toBeLessThan(70_000);
    const started = performance.now();
    expect(await refusal(pipeline.process(flood))).toEqual({
      status: 413,
      message: MEDIA_MESSAGES.dimensionsTooLarge,
    });
    expect(performance.now() - started).toBeLessThan(500);
    // Just over 40 megapixels is refused too; the limit itself is allowed by the header check.
    expect((await refusal(pipeline.inspect(makePixelFloodPng(8000, 5001)))).status).toBe(413);
  });

  it('refuses what is not a JPEG, PNG, GIF or WebP by its bytes, whatever its name', async () => {
    for (const bytes of [HTML_AS_JPG, SVG_WITH_SCRIPT, SCRIPT_AS_JPG, Buffer.alloc(500, 7)]) {
      expect(await refusal(pipeline.process(bytes))).toEqual({
        status: 415,
        message: MEDIA_MESSAGES.unsupportedType,
      });
    }
    const tiff = await sharp({
      create: { width: 50, height: 50, channels: 3, background: '#fff' },
    })
      .tiff()
      .toBuffer();
    expect((await refusal(pipeline.process(tiff))).status).toBe(415);
  });

  it('refuses a GIF/JS polyglot that does not decode, and scrubs a script appended to a real GIF', async () => {
    expect(await refusal(pipeline.process(makeGifJsPolyglot()))).toEqual({
      status: 415,
      message: MEDIA_MESSAGES.unsupportedType,
    });
    const script = '<script>alert(document.cookie)</script>';
    const appended = Buffer.concat([await makeGif(64, 64), Buffer.from(script)]);
    const out = await pipeline.process(appended);
    expect(out.mimeType).toBe('image/gif');
    expect(out.original.includes(script)).toBe(false);
    expect(out.original.includes('alert')).toBe(false);
  });

  it('refuses a truncated image and a file below the size floor', async () => {
    const jpeg = await makeJpeg(800, 600);
    expect((await refusal(pipeline.process(jpeg.subarray(0, jpeg.length / 2)))).status).toBe(415);
    expect(await refusal(pipeline.process(jpeg.subarray(0, 50)))).toEqual({
      status: 400,
      message: MEDIA_MESSAGES.tooSmall,
    });
  });
});

describe('stored files', () => {
  let root: string;
  let storage: StorageDriver;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'safarnama-store-'));
    storage = createLocalStorage(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const allFiles = async () =>
    (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));

  it('stores the original and variants under generated keys', async () => {
    const stored = await withStoredFiles(storage, async (batch) =>
      pipeline.ingest(await makeJpeg(900, 600), batch),
    );
    expect(stored.fileKey).toMatch(/^images\/2025\/06\/[0-9a-f-]{36}\.jpg$/);
    expect(stored.variants.map((v) => v.key)).toEqual([
      stored.fileKey.replace('.jpg', '-320.webp'),
      stored.fileKey.replace('.jpg', '-768.webp'),
      stored.fileKey.replace('.jpg', '-900.webp'),
    ]);
    expect(storage.publicUrl(stored.fileKey)).toBe(`/uploads/${stored.fileKey}`);
    const original = await readFile(join(root, stored.fileKey));
    expect(original.length).toBe(stored.bytes);
    // Issue 24: the two crops, cut around the centre.
    expect(stored.crops.map((c) => [c.kind, c.width, c.height])).toEqual([
      ['square', 480, 480],
      ['card', 900, 473],
    ]);
    // Noise shrinks to an even grey: measured, too plain to compare (see differenceHash).
    expect(stored.phash).toBe('');
    expect((await allFiles()).length).toBe(6);
  });

  it('deletes every file written when the work fails', async () => {
    const before = await allFiles();
    const err = await withStoredFiles(storage, async (batch) => {
      await pipeline.ingest(await makeJpeg(900, 600), batch);
      await pipeline.ingest(await makePng(500, 400), batch);
      throw new Error('transaction failed');
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(await allFiles()).toEqual(before);
  });

  it('refuses keys that are not plain generated keys', async () => {
    for (const key of [
      '../x.jpg',
      '/etc/passwd',
      'a/../b.jpg',
      'images//a.jpg',
      'A.JPG',
      '.hidden',
      'a/.b',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/unsafe/);
      expect(() => storage.publicUrl(key)).toThrow(/unsafe/);
    }
    await expect(storage.delete('missing/file.jpg')).resolves.toBeUndefined();
  });
});
