import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  IMAGE_LIBRARY_MESSAGES,
  MEDIA_MESSAGES,
  UPLOAD_LIMITS,
  errorEnvelopeSchema,
  imageLibrarySchema,
  type ImageLibrary,
  type ImageLibraryList,
  type PermissionKey,
} from '@safarnama/contract';
import { imageLibraries, images } from '../../db/schema/index.js';
import { loginAs, makeAdmin } from '../../test/factories.js';
import { imageKeys } from '../../test/api.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
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
  multipart,
  type FormPart,
} from '../../test/images.js';

const P = API_PATHS.imageLibraries;

describe('image libraries API', () => {
  let t: TestApp;
  let webDist: string;
  let base: string;
  let auth: Record<string, string>;
  let jpeg: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'safarnama-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Safarnama</title>');
    // The uploads root sits beside a secret file that no /uploads URL may ever reach.
    base = await mkdtemp(join(tmpdir(), 'safarnama-media-'));
    await writeFile(join(base, 'secret.txt'), 'TOP-SECRET');
    t = await createTestApp({ config: { webDist }, uploadsDir: join(base, 'uploads') });
    const admin = await makeAdmin(t.database.db, t.hasher, { superAdmin: true });
    auth = (await loginAs(t.app, admin)).headers;
    jpeg = await makeJpeg(1000, 750, { gps: true });
    png = await makePng(200, 150);
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
    await rm(base, { recursive: true, force: true });
  });

  const send = async (
    method: 'POST' | 'PUT',
    url: string,
    parts: FormPart[],
    headers: Record<string, string> = auth,
  ) => {
    const form = await multipart(parts);
    return t.app.inject({
      method,
      url,
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
  };
  const create = (parts: FormPart[], headers?: Record<string, string>) =>
    send('POST', P.base, parts, headers);
  const created = async (parts: FormPart[]): Promise<ImageLibrary> => {
    const res = await create(parts);
    expect(res.statusCode, res.body).toBe(201);
    return body<{ data: { data: ImageLibrary } }>(res).data.data;
  };
  const getOne = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: P.one(id), headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ data: { data: ImageLibrary } }>(res).data.data;
  };
  const files = async () =>
    (await readdir(t.uploadsDir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(t.uploadsDir.length + 1))
      .sort();
  const rowCounts = async () => {
    const [libs] = await t.database.db.select({ n: count() }).from(imageLibraries);
    const [imgs] = await t.database.db.select({ n: count() }).from(images);
    return { libraries: Number(libs?.n), images: Number(imgs?.n) };
  };
  const keysOf = (library: ImageLibrary) => library.images.flatMap((i) => imageKeys(i));
  const error = (res: LightMyRequestResponse, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    return errorEnvelopeSchema.parse(body(res));
  };
  const jpg = (data: Buffer, filename = 'photo.jpg'): FormPart => ({
    name: 'images',
    data,
    filename,
    type: 'image/jpeg',
  });

  describe('create', () => {
    it('creates a library with images, trimmed fields, author and generated file keys', async () => {
      const before = await files();
      const res = await create([
        { name: 'title', value: '  Goa Beaches  ' },
        { name: 'description', value: '  Sun and sand  ' },
        { name: 'month', value: 'December' },
        jpg(jpeg, '../../etc/passwd.jpg'),
        { name: 'images', data: png, filename: 'b.png', type: 'image/png' },
        { name: 'altTexts[0]', value: '  Baga beach at sunset ' },
        { name: 'altTexts[1]', value: 'A map' },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const envelope = body<{ status: number; success: boolean; message: string }>(res);
      expect(envelope).toMatchObject({
        status: 201,
        success: true,
        message: IMAGE_LIBRARY_MESSAGES.created,
      });
      const library = imageLibrarySchema.parse(body<{ data: { data: unknown } }>(res).data.data);
      expect(library).toMatchObject({
        title: 'Goa Beaches',
        description: 'Sun and sand',
        month: 'December',
        status: 'active',
        author: { name: expect.stringMatching(/^Admin /), image: null },
      });
      expect(library._id).toBe(library.id);
      expect(library.images.map((i) => [i.order, i.altText, i.mimeType])).toEqual([
        [0, 'Baga beach at sunset', 'image/jpeg'],
        [1, 'A map', 'image/png'],
      ]);
      const [first, second] = library.images;
      expect(first?.fileKey).toMatch(/^images\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
      expect(first?.url).toBe(`/uploads/${first?.fileKey}`);
      expect(first?.publicUrl).toBe(first?.url);
      expect([first?.width, first?.height]).toEqual([1000, 750]);
      expect(first?.variants.map((v) => v.width)).toEqual([320, 768, 1000]);
      // No upscaling: a 200 px wide image gets one 200 px variant.
      expect(second?.variants.map((v) => [v.width, v.height])).toEqual([[200, 150]]);
      expect(second?.placeholder).toMatch(/^#[0-9a-f]{6}$/);
      const added = (await files()).filter((f) => !before.includes(f));
      expect(added.sort()).toEqual(keysOf(library).sort());
      expect(added.join()).not.toContain('passwd');
    });

    it('stores the JPEG without its EXIF GPS', async () => {
      const library = await created([{ name: 'title', value: 'GPS' }, jpg(jpeg)]);
      const key = library.images[0]?.fileKey ?? '';
      const stored = await readFile(join(t.uploadsDir, key));
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(stored.includes('Secret Model 9')).toBe(false);
      expect(library.images[0]?.bytes).toBe(stored.length);
    });

    it('defaults month to All Months and description to empty; images are optional', async () => {
      const library = await created([{ name: 'title', value: 'Bare' }]);
      expect(library).toMatchObject({ month: 'All Months', description: '', images: [] });
    });

    it("answers 'Title is required' for an empty, blank or missing title, and keeps no files", async () => {
      const before = { files: await files(), rows: await rowCounts() };
      for (const parts of [
        [{ name: 'title', value: '' }],
        [{ name: 'title', value: '   \t ' }],
        [{ name: 'description', value: 'no title' }],
      ] as FormPart[][]) {
        const envelope = error(await create([...parts, jpg(jpeg)]), 400);
        expect(envelope).toMatchObject({ code: 'VALIDATION_ERROR' });
        expect(envelope.details).toEqual([{ path: 'title', message: 'Title is required' }]);
      }
      expect(await files()).toEqual(before.files);
      expect(await rowCounts()).toEqual(before.rows);
    });

    it('limits alt text to 100 characters, at its indexed path', async () => {
      const ok = await created([
        { name: 'title', value: 'Alt' },
        jpg(png),
        { name: 'altTexts[0]', value: 'a'.repeat(100) },
      ]);
      expect(ok.images[0]?.altText).toHaveLength(100);
      const before = await files();
      const envelope = error(
        await create([
          { name: 'title', value: 'Alt' },
          jpg(png),
          jpg(png),
          { name: 'altTexts[1]', value: 'a'.repeat(101) },
        ]),
        400,
      );
      expect(envelope.details).toEqual([
        { path: 'altTexts[1]', message: 'Alt text must be at most 100 characters' },
      ]);
      expect(await files()).toEqual(before);
    });

    it('refuses existing images on create, unknown fields, bad months, and alt texts without a file', async () => {
      const cases: [FormPart[], string, string][] = [
        [
          [
            { name: 'title', value: 'X' },
            { name: 'existingImages[0]', value: '0197a000-0000-7000-8000-000000000000' },
          ],
          'existingImages[0]',
          IMAGE_LIBRARY_MESSAGES.unknownImage,
        ],
        [
          [
            { name: 'title', value: 'X' },
            { name: 'status', value: 'inactive' },
          ],
          'status',
          'Unknown field',
        ],
        [
          [
            { name: 'title', value: 'X' },
            { name: 'imageOrder[0]', value: 'new:0' },
          ],
          'imageOrder[0]',
          'Unknown field',
        ],
        [
          [
            { name: 'title', value: 'X' },
            { name: 'altTexts[0]', value: 'orphan' },
          ],
          'altTexts[0]',
          'No image at this index',
        ],
        [
          [
            { name: 'title', value: 'X' },
            { ...jpg(png), name: 'photo' },
          ],
          'photo',
          'Unknown field',
        ],
      ];
      for (const [parts, path, message] of cases) {
        expect(error(await create(parts), 400).details).toEqual([{ path, message }]);
      }
      const month = error(
        await create([
          { name: 'title', value: 'X' },
          { name: 'month', value: 'Smarch' },
        ]),
        400,
      );
      expect(month.details?.[0]?.path).toBe('month');
    });

    it('accepts multipart only: JSON and urlencoded bodies answer 415', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: P.base,
        headers: auth,
        payload: { data: { title: 'JSON' } },
      });
      expect(error(json, 415).message).toBe(MEDIA_MESSAGES.multipartRequired);
      const form = await t.app.inject({
        method: 'POST',
        url: P.base,
        headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'title=Form',
      });
      expect(error(form, 415).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('makes two libraries of a double-submitted create (libraries have no natural key)', async () => {
      const before = (await rowCounts()).libraries;
      const parts = [{ name: 'title', value: 'Twice' }];
      await Promise.all([created(parts), created(parts)]);
      expect((await rowCounts()).libraries).toBe(before + 2);
    });
  });

  describe('bad files', () => {
    let before: { files: string[]; rows: { libraries: number; images: number } };
    beforeEach(async () => {
      before = { files: await files(), rows: await rowCounts() };
    });
    const expectNothingStored = async () => {
      expect(await files()).toEqual(before.files);
      expect(await rowCounts()).toEqual(before.rows);
    };

    it('refuses HTML, SVG, scripts and a GIF/JS polyglot by their bytes with 415', async () => {
      for (const [data, filename, type] of [
        [HTML_AS_JPG, 'cat.jpg', 'image/jpeg'],
        [SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml'],
        [SVG_WITH_SCRIPT, 'logo.png', 'image/png'],
        [SCRIPT_AS_JPG, 'run.jpg', 'image/jpeg'],
        [makeGifJsPolyglot(), 'x.gif', 'image/gif'],
      ] as const) {
        const res = await create([
          { name: 'title', value: 'Bad' },
          jpg(jpeg),
          { name: 'images', data, filename, type },
        ]);
        expect(error(res, 415)).toMatchObject({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Unsupported file type',
        });
      }
      await expectNothingStored();
    });

    it('refuses a pixel flood (60000×60000 declared in a small PNG) quickly with 413', async () => {
      const started = performance.now();
      const res = await create([
        { name: 'title', value: 'Flood' },
        { name: 'images', data: makePixelFloodPng(), filename: 'f.png', type: 'image/png' },
      ]);
      expect(error(res, 413)).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: MEDIA_MESSAGES.dimensionsTooLarge,
      });
      expect(performance.now() - started).toBeLessThan(1000);
      await expectNothingStored();
    });

    it('refuses a file over 10 MB with 413 while streaming, keeping none of the request', async () => {
      const huge = Buffer.alloc(UPLOAD_LIMITS.maxFileBytes + 1, 0x41);
      jpeg.copy(huge); // a JPEG header, then far too much data
      const res = await create([{ name: 'title', value: 'Huge' }, jpg(jpeg), jpg(huge)]);
      expect(error(res, 413)).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'File is larger than 10 MB',
      });
      await expectNothingStored();
    });

    it('refuses a 21st file with 413 and deletes the 20 already stored', async () => {
      const small = await makePng(120, 90);
      const parts: FormPart[] = [{ name: 'title', value: 'Many' }];
      for (let i = 0; i < 21; i++)
        parts.push({ name: 'images', data: small, filename: `${i}.png` });
      const res = await create(parts);
      expect(error(res, 413)).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Too many files: at most 20 per request',
      });
      await expectNothingStored();
    });

    it('accepts exactly 20 files', async () => {
      const small = await makePng(120, 90);
      const parts: FormPart[] = [{ name: 'title', value: 'Twenty' }];
      for (let i = 0; i < 20; i++)
        parts.push({ name: 'images', data: small, filename: `${i}.png` });
      const library = await created(parts);
      expect(library.images.map((i) => i.order)).toEqual([...Array(20).keys()]);
    });

    it("refuses a file under the size floor with 400 'File is too small'", async () => {
      const res = await create([
        { name: 'title', value: 'Tiny' },
        jpg(jpeg),
        jpg(jpeg.subarray(0, UPLOAD_LIMITS.minFileBytes - 1)),
      ]);
      expect(error(res, 400).message).toBe(MEDIA_MESSAGES.tooSmall);
      await expectNothingStored();
    });

    it('refuses a Content-Length no form could have before reading the body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: P.base,
        headers: {
          ...auth,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(500 * 1024 * 1024),
        },
        payload: '--x--',
      });
      expect(error(res, 413).message).toBe(MEDIA_MESSAGES.requestTooLarge);
    });

    it('answers 400 for a broken multipart body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: P.base,
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc',
      });
      expect(res.statusCode).toBe(400);
      await expectNothingStored();
    });
  });

  describe('list and read', () => {
    let ids: string[];
    beforeAll(async () => {
      await t.database.db.delete(imageLibraries);
      ids = [];
      const seed: [string, string, string][] = [
        ['Kerala Backwaters', 'Houseboats on Vembanad', 'August'],
        ['Rajasthan Forts', 'Sand dunes and 50%_off palaces', 'January'],
        ['Ladakh Roads', 'High passes', 'July'],
        ['Spiti Valley', 'Monasteries of Ladakh border', 'All Months'],
        ['Goa Churches', 'Old Goa', 'December'],
      ];
      for (const [title, description, month] of seed) {
        const library = await created([
          { name: 'title', value: title },
          { name: 'description', value: description },
          { name: 'month', value: month },
        ]);
        ids.push(library.id);
      }
    });

    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${P.base}${query}`, headers: auth });
      expect(res.statusCode, res.body).toBe(200);
      const envelope = body<{ message: string; data: ImageLibraryList }>(res);
      expect(envelope.message).toBe(IMAGE_LIBRARY_MESSAGES.listed);
      return envelope.data;
    };

    it('lists newest first with pagination totals (defaults page 1, limit 10)', async () => {
      const all = await list('');
      expect(all.libraries.map((l) => l.id)).toEqual([...ids].reverse());
      expect(all.pagination).toEqual({
        total: 5,
        page: 1,
        limit: 10,
        totalPages: 1,
        hasPrevPage: false,
        hasNextPage: false,
      });
      const page2 = await list('?page=2&limit=2');
      expect(page2.libraries.map((l) => l.title)).toEqual(['Ladakh Roads', 'Rajasthan Forts']);
      expect(page2.pagination).toEqual({
        total: 5,
        page: 2,
        limit: 2,
        totalPages: 3,
        hasPrevPage: true,
        hasNextPage: true,
      });
      const past = await list('?page=9&limit=2');
      expect(past.libraries).toEqual([]);
      expect(past.pagination.total).toBe(5);
    });

    it('searches title, description and month, case-insensitively, % and _ literally', async () => {
      const titles = async (search: string) =>
        (await list(`?search=${encodeURIComponent(search)}`)).libraries.map((l) => l.title);
      expect(await titles('kerala')).toEqual(['Kerala Backwaters']);
      expect(await titles('LADAKH')).toEqual(['Spiti Valley', 'Ladakh Roads']);
      expect(await titles('houseboat')).toEqual(['Kerala Backwaters']);
      expect(await titles('january')).toEqual(['Rajasthan Forts']);
      expect(await titles('all months')).toEqual(['Spiti Valley']);
      expect(await titles('50%_off')).toEqual(['Rajasthan Forts']);
      expect(await titles('%')).toEqual(['Rajasthan Forts']);
      expect(await titles('_')).toEqual(['Rajasthan Forts']);
      expect(await titles('  goa  ')).toEqual(['Goa Churches']);
      expect(await titles('nothing like this')).toEqual([]);
      const counted = await list('?search=a&limit=1');
      expect(counted.pagination.total).toBe(5);
    });

    it('refuses bad list queries with 400', async () => {
      for (const query of [
        '?page=0',
        '?limit=101',
        '?limit=x',
        '?sort=title',
        `?search=${'x'.repeat(201)}`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url: `${P.base}${query}`, headers: auth });
        expect(res.statusCode, query).toBe(400);
      }
    });

    it('reads one library as data.data; unknown and malformed ids answer 404', async () => {
      const res = await t.app.inject({ method: 'GET', url: P.one(ids[0] ?? ''), headers: auth });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({
        message: IMAGE_LIBRARY_MESSAGES.fetched,
        data: { data: { title: 'Kerala Backwaters', month: 'August' } },
      });
      for (const id of [
        '0197a000-0000-7000-8000-000000000000',
        'not-a-uuid',
        "1' or '1'='1",
        'x'.repeat(100),
      ]) {
        const missing = await t.app.inject({ method: 'GET', url: P.one(id), headers: auth });
        expect(error(missing, 404).message).toBe(IMAGE_LIBRARY_MESSAGES.notFound);
      }
    });
  });

  describe('update, images, toggle, delete', () => {
    it('PUT {id} updates the fields and leaves images alone when no image field is sent', async () => {
      const library = await created([{ name: 'title', value: 'Old' }, jpg(jpeg), jpg(png)]);
      const res = await send('PUT', P.one(library.id), [
        { name: 'title', value: ' New title ' },
        { name: 'description', value: 'New description' },
        { name: 'month', value: 'March' },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res)).toMatchObject({ message: IMAGE_LIBRARY_MESSAGES.updated });
      const after = await getOne(library.id);
      expect(after).toMatchObject({
        title: 'New title',
        description: 'New description',
        month: 'March',
      });
      expect(after.images.map((i) => i.fileKey)).toEqual(library.images.map((i) => i.fileKey));
      expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(library.updatedAt));

      const blank = error(
        await send('PUT', P.one(library.id), [{ name: 'title', value: ' ' }]),
        400,
      );
      expect(blank.details).toEqual([{ path: 'title', message: 'Title is required' }]);
    });

    it('PUT {id} with image fields keeps the listed images and adds new ones', async () => {
      const library = await created([{ name: 'title', value: 'Mixed' }, jpg(jpeg), jpg(png)]);
      const [keep, drop] = library.images;
      const res = await send('PUT', P.one(library.id), [
        { name: 'title', value: 'Mixed' },
        { name: 'existingImages[0]', value: keep?._id ?? '' },
        { name: 'existingAltTexts[0]', value: 'kept' },
        jpg(await makeWebp(300, 200), 'c.webp'),
        { name: 'altTexts[0]', value: 'added' },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const after = await getOne(library.id);
      expect(
        after.images.map((i) => [i._id === keep?._id, i.altText, i.order, i.mimeType]),
      ).toEqual([
        [true, 'kept', 0, 'image/jpeg'],
        [false, 'added', 1, 'image/webp'],
      ]);
      const onDisk = await files();
      for (const key of keysOf({ ...library, images: drop ? [drop] : [] })) {
        expect(onDisk).not.toContain(key);
      }
    });

    it('PUT {id}/images keeps, re-captions, removes, reorders and adds in one go; the order persists', async () => {
      const library = await created([
        { name: 'title', value: 'Manage' },
        jpg(jpeg),
        jpg(png),
        jpg(await makeGif(60, 40, 2), 'anim.gif'),
        { name: 'altTexts[0]', value: 'one' },
        { name: 'altTexts[1]', value: 'two' },
        { name: 'altTexts[2]', value: 'three' },
      ]);
      const [one, two, three] = library.images;
      if (!one || !two || !three) throw new Error('three images expected');
      const res = await send('PUT', P.images(library.id), [
        { name: 'existingImages[0]', value: one._id },
        { name: 'existingImages[1]', value: three._id },
        { name: 'existingAltTexts[1]', value: 'three, re-captioned' },
        jpg(await makeJpeg(500, 400), 'new.jpg'),
        { name: 'altTexts[0]', value: 'four' },
        { name: 'imageOrder[0]', value: three._id },
        { name: 'imageOrder[1]', value: 'new:0' },
        { name: 'imageOrder[2]', value: one._id },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res)).toMatchObject({ message: IMAGE_LIBRARY_MESSAGES.imagesUpdated });
      const expected = [
        [three._id, 'three, re-captioned', 0],
        ['new', 'four', 1],
        [one._id, 'one', 2],
      ];
      const shape = (l: ImageLibrary) =>
        l.images.map((i) => [
          [one._id, three._id].includes(i._id) ? i._id : 'new',
          i.altText,
          i.order,
        ]);
      expect(shape(body<{ data: { data: ImageLibrary } }>(res).data.data)).toEqual(expected);
      expect(shape(await getOne(library.id))).toEqual(expected);
      const onDisk = await files();
      for (const key of keysOf({ ...library, images: [two] })) expect(onDisk).not.toContain(key);
      for (const key of keysOf({ ...library, images: [one, three] })) expect(onDisk).toContain(key);
    });

    it('PUT {id}/images refuses unknown or foreign image ids and bad order refs, storing nothing', async () => {
      const library = await created([{ name: 'title', value: 'Strict' }, jpg(png)]);
      const other = await created([{ name: 'title', value: 'Other' }, jpg(png)]);
      const mine = library.images[0]?._id ?? '';
      const before = { files: await files(), library: await getOne(library.id) };
      const cases: [FormPart[], string][] = [
        [[{ name: 'existingImages[0]', value: other.images[0]?._id ?? '' }], 'existingImages[0]'],
        [
          [{ name: 'existingImages[0]', value: '0197a000-0000-7000-8000-000000000000' }],
          'existingImages[0]',
        ],
        [[{ name: 'existingImages[0]', value: 'nope' }], 'existingImages[0]'],
        [
          [
            { name: 'existingImages[0]', value: mine },
            { name: 'imageOrder[0]', value: 'new:3' },
          ],
          'imageOrder[0]',
        ],
        [
          [
            { name: 'existingImages[0]', value: mine },
            { name: 'existingAltTexts[0]', value: 'x'.repeat(101) },
          ],
          'existingAltTexts[0]',
        ],
        [[{ name: 'title', value: 'not here' }], 'title'],
      ];
      for (const [parts, path] of cases) {
        const res = await send('PUT', P.images(library.id), [jpg(jpeg), ...parts]);
        expect(
          error(res, 400).details?.map((d) => d.path),
          JSON.stringify(parts),
        ).toEqual([path]);
      }
      expect(await files()).toEqual(before.files);
      expect(await getOne(library.id)).toEqual(before.library);
    });

    it('PUT {id}/images listing nothing removes every image and its files', async () => {
      const library = await created([{ name: 'title', value: 'Empty me' }, jpg(jpeg), jpg(png)]);
      const res = await send('PUT', P.images(library.id), []);
      expect(res.statusCode, res.body).toBe(200);
      expect((await getOne(library.id)).images).toEqual([]);
      const onDisk = await files();
      for (const key of keysOf(library)) expect(onDisk).not.toContain(key);
    });

    it('toggles the status active ↔ inactive', async () => {
      const library = await created([{ name: 'title', value: 'Toggle' }]);
      const off = await t.app.inject({
        method: 'PATCH',
        url: P.toggleStatus(library.id),
        headers: auth,
      });
      expect(off.statusCode).toBe(200);
      expect(body(off)).toMatchObject({
        message: IMAGE_LIBRARY_MESSAGES.deactivated,
        data: { data: { status: 'inactive' } },
      });
      const on = await t.app.inject({
        method: 'PATCH',
        url: P.toggleStatus(library.id),
        headers: auth,
      });
      expect(body(on)).toMatchObject({
        message: IMAGE_LIBRARY_MESSAGES.activated,
        data: { data: { status: 'active' } },
      });
    });

    it('deletes a library with its images and every file; then it is gone', async () => {
      const library = await created([{ name: 'title', value: 'Delete me' }, jpg(jpeg), jpg(png)]);
      const keys = keysOf(library);
      // Per image: the original, its width variants and the two crops (issue 24).
      expect(keys.length).toBe(10);
      for (const key of keys) expect(await files()).toContain(key);
      const res = await t.app.inject({ method: 'DELETE', url: P.one(library.id), headers: auth });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({
        message: IMAGE_LIBRARY_MESSAGES.deleted,
        data: { _id: library.id, id: library.id },
      });
      const onDisk = await files();
      for (const key of keys) expect(onDisk).not.toContain(key);
      const [left] = await t.database.db
        .select({ n: count() })
        .from(images)
        .where(sql`${images.ownerId} = ${library.id}`);
      expect(Number(left?.n)).toBe(0);
      expect(
        (await t.app.inject({ method: 'GET', url: P.one(library.id), headers: auth })).statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'DELETE', url: P.one(library.id), headers: auth }))
          .statusCode,
      ).toBe(404);
    });

    it('answers 404 on every route for an unknown or malformed id', async () => {
      for (const id of ['0197a000-0000-7000-8000-000000000000', 'zzz']) {
        expect(
          error(await send('PUT', P.one(id), [{ name: 'title', value: 'X' }]), 404).message,
        ).toBe(IMAGE_LIBRARY_MESSAGES.notFound);
        expect((await send('PUT', P.images(id), [jpg(jpeg)])).statusCode).toBe(404);
        expect(
          (await t.app.inject({ method: 'PATCH', url: P.toggleStatus(id), headers: auth }))
            .statusCode,
        ).toBe(404);
        expect(
          (await t.app.inject({ method: 'DELETE', url: P.one(id), headers: auth })).statusCode,
        ).toBe(404);
      }
    });
  });

  describe('access', () => {
    it('answers 401 to anonymous callers and 403 to admins without the key, on every route', async () => {
      const library = await created([{ name: 'title', value: 'Guarded' }]);
      const nobody = await makeAdmin(t.database.db, t.hasher, { permissions: [] });
      const noKeys = (await loginAs(t.app, nobody)).headers;
      const routes: [string, string, PermissionKey][] = [
        ['GET', P.base, 'image-libraries.view'],
        ['GET', P.one(library.id), 'image-libraries.view'],
        ['POST', P.base, 'image-libraries.create'],
        ['PUT', P.one(library.id), 'image-libraries.update'],
        ['PUT', P.images(library.id), 'image-libraries.update'],
        ['PATCH', P.toggleStatus(library.id), 'image-libraries.update'],
        ['DELETE', P.one(library.id), 'image-libraries.delete'],
      ];
      const libraryForm = await multipart([{ name: 'title', value: 'Nope' }, jpg(jpeg)]);
      const imagesForm = await multipart([jpg(jpeg)]);
      for (const [method, url, key] of routes) {
        const form = url.endsWith('/images') ? imagesForm : libraryForm;
        const withBody = method === 'POST' || method === 'PUT';
        const call = (headers: Record<string, string>) =>
          t.app.inject({
            method: method as 'GET',
            url,
            headers: { ...headers, ...(withBody ? form.headers : {}) },
            ...(withBody ? { payload: form.payload } : {}),
          });
        expect((await call({})).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(noKeys)).statusCode, `${method} ${url}`).toBe(403);
        // The key alone is enough.
        const holder = await makeAdmin(t.database.db, t.hasher, { permissions: [key] });
        const res = await call((await loginAs(t.app, holder)).headers);
        expect(res.statusCode, `${method} ${url} with ${key}`).toBeLessThan(300);
      }
      const routeAccess = (method: string, url: string) =>
        t.app.routeTable.find((r) => r.method === method && r.url === url)?.options.config?.access;
      expect(routeAccess('GET', P.base)).toBe('image-libraries.view');
      expect(routeAccess('PUT', `${P.base}/:id/images`)).toBe('image-libraries.update');
    });
  });

  describe('files and transactions', () => {
    it('leaves no rows and no files when the transaction fails half-way (SECURITY 24)', async () => {
      const db = t.database.db;
      await db.execute(sql`create or replace function test_fail_image() returns trigger language plpgsql as $$
        begin
          if new.alt_text = 'boom' then raise exception 'simulated failure'; end if;
          return new;
        end $$`);
      await db.execute(sql`create trigger test_fail_image before insert on images
        for each row execute function test_fail_image()`);
      try {
        const before = { files: await files(), rows: await rowCounts() };
        const res = await create([
          { name: 'title', value: 'Half-way' },
          jpg(jpeg),
          jpg(png),
          { name: 'altTexts[1]', value: 'boom' },
        ]);
        expect(error(res, 500)).toMatchObject({ code: 'INTERNAL_ERROR' });
        expect(res.body).not.toContain('simulated');
        expect(await files()).toEqual(before.files);
        expect(await rowCounts()).toEqual(before.rows);

        // The same for an images update: the old images stay, the new files are gone.
        const library = await created([{ name: 'title', value: 'Stays' }, jpg(png)]);
        const mid = { files: await files(), library: await getOne(library.id) };
        const upd = await send('PUT', P.images(library.id), [
          jpg(jpeg),
          { name: 'altTexts[0]', value: 'boom' },
        ]);
        expect(upd.statusCode).toBe(500);
        expect(await files()).toEqual(mid.files);
        expect(await getOne(library.id)).toEqual(mid.library);
      } finally {
        await db.execute(sql`drop trigger if exists test_fail_image on images`);
        await db.execute(sql`drop function if exists test_fail_image()`);
      }
    });

    it('serves stored files with immutable caching and nosniff, never a listing or index.html', async () => {
      const library = await created([{ name: 'title', value: 'Served' }, jpg(jpeg)]);
      const image = library.images[0];
      const res = await t.app.inject({ method: 'GET', url: image?.url ?? '' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.length).toBe(image?.bytes);
      const variant = await t.app.inject({ method: 'GET', url: image?.variants[0]?.url ?? '' });
      expect(variant.headers['content-type']).toBe('image/webp');

      const dir = image?.fileKey.split('/').slice(0, 3).join('/') ?? '';
      for (const url of [
        '/uploads',
        '/uploads/',
        '/uploads/images',
        '/uploads/images/',
        `/uploads/${dir}`,
        `/uploads/${dir}/`,
        '/uploads/images/2025/01/missing.jpg',
        '/uploads/..%2fsecret.txt',
        '/uploads/%2e%2e%2fsecret.txt',
        '/uploads/images%2f..%2f..%2fsecret.txt',
        '/uploads/.tmp',
      ]) {
        const r = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(r.statusCode, url).toBe(404);
        expect(r.body, url).not.toContain('<title>Safarnama</title>');
        expect(r.body, url).not.toContain(image?.fileKey.split('/').pop() ?? '');
        expect(r.body, url).not.toContain('TOP-SECRET');
      }
      // Dot segments are resolved by the URL parser before routing: they leave /uploads entirely.
      for (const url of ['/uploads/../secret.txt', '/uploads/%2e%2e/secret.txt']) {
        const r = await t.app.inject({ method: 'GET', url });
        expect(r.body, url).not.toContain('TOP-SECRET');
      }
    });

    it('documents the multipart routes and their fields in OpenAPI', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/json` });
      const doc = body<{
        paths: Record<
          string,
          Record<
            string,
            {
              requestBody?: {
                content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
              };
            }
          >
        >;
      }>(res);
      const post = doc.paths[P.base]?.post?.requestBody?.content?.['multipart/form-data']?.schema;
      expect(Object.keys(post?.properties ?? {})).toEqual(
        expect.arrayContaining([
          'title',
          'description',
          'month',
          'images',
          'altTexts[i]',
          'existingImages[i]',
        ]),
      );
      const images =
        doc.paths[`${P.base}/{id}/images`]?.put?.requestBody?.content?.['multipart/form-data']
          ?.schema;
      expect(Object.keys(images?.properties ?? {})).toEqual(
        expect.arrayContaining(['images', 'imageOrder[i]', 'existingAltTexts[i]']),
      );
    });
  });
});
