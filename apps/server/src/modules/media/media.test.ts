import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  DUPLICATE_MAX_DISTANCE,
  IMAGE_CROPS,
  type DuplicateUpload,
  type Image,
  type ImageLibrary,
} from '@safarnama/contract';
import { images } from '../../db/schema/index.js';
import { cropRect, differenceHash } from '../../media/pipeline.js';
import { loginAs, makeAdmin } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { multipart, type FormPart } from '../../test/images.js';

/**
 * A photo-like picture (a sky gradient, a sun, a ridge): structure a difference hash can see.
 * `variant` moves the sun and the ridge, so two variants are different photos.
 */
const scene = (width: number, height: number, variant = 0) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 160 100">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="${variant ? 1 : 0}" y2="1">
        <stop offset="0" stop-color="${variant ? '#1a237e' : '#87ceeb'}"/><stop offset="1" stop-color="${variant ? '#ff8a65' : '#fff8e1'}"/>
      </linearGradient></defs>
      <rect width="160" height="100" fill="url(#sky)"/>
      <circle cx="${variant ? 30 : 120}" cy="${variant ? 70 : 25}" r="14" fill="#ffca28"/>
      <polygon points="${variant ? '0,40 50,90 100,30 160,80 160,100 0,100' : '0,80 40,45 80,70 120,35 160,75 160,100 0,100'}" fill="#2e7d32"/>
    </svg>`),
  );

/** Differing bits of two difference hashes (what the duplicate query's `bit_count` counts). */
const hashDistance = (a: string, b: string): number =>
  [...(BigInt(`0x${a}`) ^ BigInt(`0x${b}`)).toString(2)].filter((bit) => bit === '1').length;

/** A wide picture whose left half is red and right half blue. */
const halves = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      {
        input: { create: { width: width / 2, height, channels: 3, background: '#ff0000' } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();

describe('the difference hash and the crop rectangle', () => {
  it('barely moves for a resized, re-encoded copy and moves a lot for another photo', async () => {
    const photo = await scene(1600, 1000).jpeg({ quality: 90 }).toBuffer();
    const copy = await sharp(photo).resize(640).webp({ quality: 50 }).toBuffer();
    const other = await scene(1600, 1000, 1).jpeg({ quality: 90 }).toBuffer();
    const [a, b, c] = await Promise.all([photo, copy, other].map((p) => differenceHash(p)));
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(hashDistance(a ?? '', b ?? '')).toBeLessThanOrEqual(DUPLICATE_MAX_DISTANCE);
    expect(hashDistance(a ?? '', c ?? '')).toBeGreaterThan(DUPLICATE_MAX_DISTANCE);
  });

  it('does not compare pictures without detail: a flat colour or a horizontal band hashes to nothing', async () => {
    const flat = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#3366cc' },
    })
      .jpeg()
      .toBuffer();
    const band = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#cc6633' },
    })
      .composite([
        {
          input: { create: { width: 400, height: 60, channels: 3, background: '#fafafa' } },
          top: 120,
          left: 0,
        },
      ])
      .jpeg()
      .toBuffer();
    expect(await differenceHash(flat)).toBe('');
    expect(await differenceHash(band)).toBe('');
  });

  it('centres the crop on the focal point and stops at the edges', () => {
    // A 1600×800 picture: the square is 800 wide.
    expect(cropRect(1600, 800, 'square')).toEqual({ left: 400, top: 0, width: 800, height: 800 });
    expect(cropRect(1600, 800, 'square', { x: 0.75, y: 0.5 })).toMatchObject({ left: 800 });
    expect(cropRect(1600, 800, 'square', { x: 0, y: 0 })).toMatchObject({ left: 0, top: 0 });
    expect(cropRect(1600, 800, 'square', { x: 1, y: 1 })).toMatchObject({ left: 800, top: 0 });
    // A tall picture: the card is as wide as the picture and moves up and down.
    const card = cropRect(800, 1600, 'card', { x: 0.5, y: 0.1 });
    expect(card).toMatchObject({ left: 0, width: 800, height: 420 });
    expect(card.top).toBe(0);
    expect(cropRect(800, 1600, 'card', { x: 0.5, y: 0.9 }).top).toBe(1600 - 420);
  });
});

describe('media API: duplicates and focal points', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let limited: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await makeAdmin(t.database.db, t.hasher, { superAdmin: true });
    auth = (await loginAs(t.app, admin)).headers;
    const viewer = await makeAdmin(t.database.db, t.hasher, {
      permissions: ['image-libraries.view'],
    });
    limited = (await loginAs(t.app, viewer)).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  const jpg = (data: Buffer, filename = 'photo.jpg', type = 'image/jpeg'): FormPart => ({
    name: 'images',
    data,
    filename,
    type,
  });
  const createLibrary = async (title: string, parts: FormPart[]) => {
    const form = await multipart([{ name: 'title', value: title }, ...parts]);
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.imageLibraries.base,
      payload: form.payload,
      headers: { ...auth, ...form.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    return body<{ data: { data: ImageLibrary; duplicates?: DuplicateUpload[] } }>(res).data;
  };
  const uploadedFile = (url: string) =>
    readFile(join(t.uploadsDir, url.replace(/^\/uploads\//, '')));

  it('stores a hash and two crops with every upload, and answers no duplicates for a new photo', async () => {
    const first = await createLibrary('Ladakh ridges', [
      jpg(await scene(1600, 1000).jpeg({ quality: 90 }).toBuffer()),
    ]);
    expect(first.duplicates).toBeUndefined();
    const [image] = first.data.images;
    expect(image?.focalPoint).toBeNull();
    expect(image?.crops?.map((c) => [c.kind, c.width, c.height])).toEqual([
      ['square', 480, 480],
      ['card', 1200, 630],
    ]);
    const [row] = await t.database.db
      .select()
      .from(images)
      .where(eq(images.id, image?._id ?? ''));
    expect(row?.phash).toMatch(/^[0-9a-f]{16}$/);
    const square = await sharp(await uploadedFile(image?.crops?.[0]?.url ?? '')).metadata();
    expect([square.format, square.width, square.height]).toEqual(['webp', 480, 480]);
  });

  it('names where the copies are when a resized, re-encoded copy is uploaded; another photo is not one', async () => {
    // Plain pictures are never copies of each other (nor of this one).
    const plain = () =>
      sharp({ create: { width: 600, height: 400, channels: 3, background: '#2e7d32' } })
        .jpeg()
        .toBuffer();
    const plains = await createLibrary('Plain greens', [jpg(await plain()), jpg(await plain())]);
    expect(plains.duplicates).toBeUndefined();
    const original = await scene(1600, 1000).jpeg({ quality: 90 }).toBuffer();
    const first = await createLibrary('Spiti originals', [jpg(original)]);
    const copy = await sharp(original).resize(700).webp({ quality: 60 }).toBuffer();
    const other = await scene(1600, 1000, 1).jpeg({ quality: 90 }).toBuffer();
    const second = await createLibrary('Spiti copies', [
      jpg(copy, 'copy.webp', 'image/webp'),
      jpg(other, 'other.jpg'),
    ]);
    // Kept: both new images are in the library.
    expect(second.data.images).toHaveLength(2);
    const [copyImage, otherImage] = second.data.images;
    expect(second.duplicates?.map((d) => d._id)).toEqual([copyImage?._id]);
    const matches = second.duplicates?.[0]?.matches ?? [];
    const match = matches.find((m) => m._id === first.data.images[0]?._id);
    expect(match).toMatchObject({
      ownerType: 'image-library',
      ownerId: first.data._id,
      ownerName: 'Image library “Spiti originals”',
      link: '/services/image-library',
    });
    expect(match?.distance).toBeLessThanOrEqual(DUPLICATE_MAX_DISTANCE);
    expect(matches.every((m) => m._id !== otherImage?._id)).toBe(true);
  });

  it('flags a copy added to the same library through its images PUT', async () => {
    const original = await scene(1600, 1000).jpeg({ quality: 90 }).toBuffer();
    const first = await createLibrary('Hampi', [jpg(original)]);
    const kept = first.data.images[0]?._id ?? '';
    const copy = await sharp(original).resize(800).webp({ quality: 60 }).toBuffer();
    const form = await multipart([
      { name: 'existingImages[0]', value: kept },
      jpg(copy, 'copy.webp', 'image/webp'),
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.imageLibraries.images(first.data._id),
      payload: form.payload,
      headers: { ...auth, ...form.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = body<{ data: { data: ImageLibrary; duplicates?: DuplicateUpload[] } }>(res).data;
    const added = answer.data.images.find((image) => image._id !== kept);
    expect(answer.duplicates?.map((d) => d._id)).toEqual([added?._id]);
    expect(answer.duplicates?.[0]?.matches.map((m) => m._id)).toContain(kept);
  });

  const setFocal = (imageId: string, data: unknown, headers = auth) =>
    t.app.inject({
      method: 'PUT',
      url: API_PATHS.media.focalPoint(imageId),
      payload: { data },
      headers,
    });
  /** The mean red and blue of a stored crop. */
  const colours = async (crop: { url: string }) => {
    const { channels } = await sharp(await uploadedFile(crop.url)).stats();
    return { red: channels[0]?.mean ?? 0, blue: channels[2]?.mean ?? 0 };
  };

  it('cuts the crops again around a new focal point: the square follows it, old crop files go', async () => {
    const library = await createLibrary('Red and blue', [jpg(await halves(2000, 1000))]);
    const image = library.data.images[0] as Image;
    const centre = await colours(image.crops?.[0] ?? { url: '' });
    // Centred: half red, half blue.
    expect(Math.abs(centre.red - centre.blue)).toBeLessThan(40);

    const left = await setFocal(image._id, { x: 0.1, y: 0.5 });
    expect(left.statusCode, left.body).toBe(200);
    const moved = body<{ data: { data: Image } }>(left).data.data;
    expect(moved.focalPoint).toEqual({ x: 0.1, y: 0.5 });
    const leftSquare = await colours(moved.crops?.[0] ?? { url: '' });
    expect(leftSquare.red).toBeGreaterThan(200);
    expect(leftSquare.blue).toBeLessThan(50);
    // The old crops' files are deleted after the commit; the new ones have keys of their own.
    await expect(uploadedFile(image.crops?.[0]?.url ?? '')).rejects.toThrow();
    expect(moved.crops?.[0]?.url).not.toBe(image.crops?.[0]?.url);

    const right = body<{ data: { data: Image } }>(await setFocal(image._id, { x: 0.95, y: 0.5 }))
      .data.data;
    const rightSquare = await colours(right.crops?.[0] ?? { url: '' });
    expect(rightSquare.blue).toBeGreaterThan(200);
    expect(rightSquare.red).toBeLessThan(50);
    // The card keeps its size around the point.
    expect(right.crops?.[1]).toMatchObject({ kind: 'card', ...IMAGE_CROPS.card });

    // Null clears the point: the centre again. The library reads the same image.
    const cleared = body<{ data: { data: Image } }>(await setFocal(image._id, null)).data.data;
    expect(cleared.focalPoint).toBeNull();
    const again = await t.app.inject({
      method: 'GET',
      url: API_PATHS.imageLibraries.one(library.data._id),
      headers: auth,
    });
    const shown = body<{ data: { data: ImageLibrary } }>(again).data.data.images[0];
    expect(shown?.crops?.[0]?.url).toBe(cleared.crops?.[0]?.url);
  });

  it('refuses a point outside 0–1, an unknown image and an admin without update', async () => {
    const library = await createLibrary('Refusals', [jpg(await scene(800, 500).jpeg().toBuffer())]);
    const id = library.data.images[0]?._id ?? '';
    for (const data of [
      { x: 1.2, y: 0.5 },
      { x: 0.5, y: -0.1 },
      { x: '0.5', y: 0.5 },
      { x: 0.5 },
    ]) {
      const res = await setFocal(id, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
    }
    expect(
      (await setFocal('0190a1b2-0000-7000-8000-000000000000', { x: 0.5, y: 0.5 })).statusCode,
    ).toBe(404);
    expect((await setFocal('not-an-id', { x: 0.5, y: 0.5 })).statusCode).toBe(404);
    expect((await setFocal(id, { x: 0.5, y: 0.5 }, limited)).statusCode).toBe(403);
    // Nothing changed by the refusals.
    const [row] = await t.database.db.select().from(images).where(eq(images.id, id));
    expect(row?.focalX).toBeNull();
  });

  it('gives images stored before issue 24 their hash and crops in the background sweep', async () => {
    const library = await createLibrary('Stored long ago', [
      jpg(await scene(1200, 800).jpeg().toBuffer()),
    ]);
    const id = library.data.images[0]?._id ?? '';
    await t.database.db.update(images).set({ phash: null, crops: [] }).where(eq(images.id, id));
    const result = await t.app.services.media.sweepFraming();
    expect(result.failed).toBe(0);
    expect(result.framed).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(images).where(eq(images.id, id));
    expect(row?.phash).toMatch(/^[0-9a-f]{16}$/);
    expect(row?.crops.map((c) => c.kind)).toEqual(['square', 'card']);
    for (const crop of row?.crops ?? []) {
      expect((await sharp(await readFile(join(t.uploadsDir, crop.key))).metadata()).format).toBe(
        'webp',
      );
    }
    // A second sweep finds nothing left to do.
    expect(await t.app.services.media.sweepFraming()).toEqual({ framed: 0, missing: 0, failed: 0 });
  });

  it('marks an image whose stored files are gone once, and never reads it again', async () => {
    const library = await createLibrary('Files lost', [
      jpg(await scene(900, 600).jpeg().toBuffer()),
    ]);
    const id = library.data.images[0]?._id ?? '';
    const [before] = await t.database.db.select().from(images).where(eq(images.id, id));
    await t.database.db.update(images).set({ phash: null, crops: [] }).where(eq(images.id, id));
    for (const key of [before?.fileKey ?? '', ...(before?.variants ?? []).map((v) => v.key)]) {
      await rm(join(t.uploadsDir, key), { force: true });
    }
    expect(await t.app.services.media.sweepFraming()).toEqual({ framed: 0, missing: 1, failed: 0 });
    const [row] = await t.database.db.select().from(images).where(eq(images.id, id));
    // The empty hash: never compared as a duplicate, no crops (the variants are shown).
    expect(row?.phash).toBe('');
    expect(row?.crops).toEqual([]);
    expect(await t.app.services.media.sweepFraming()).toEqual({ framed: 0, missing: 0, failed: 0 });
  });
});
