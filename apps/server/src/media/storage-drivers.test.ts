import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, countrySchema } from '@safarnama/contract';
import { imagePart, record, sendForm, textParts } from '../test/api.js';
import { loginAs, makeAdmin } from '../test/factories.js';
import { body, createTestApp } from '../test/harness.js';
import { makeJpeg } from '../test/images.js';
import { startLocalS3 } from '../test/s3.js';
import { StoredFileMissing, createLocalStorage, type StorageDriver } from './storage.js';

const listAll = async (storage: StorageDriver) => {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys.sort();
};

let s3: Awaited<ReturnType<typeof startLocalS3>>;
let localDir: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  localDir = await mkdtemp(join(tmpdir(), 'safarnama-local-'));
});
afterAll(async () => {
  await s3.close();
  await rm(localDir, { recursive: true, force: true });
});

// The same behaviour from both drivers: what one promises, the other keeps.
describe.each([
  ['local disk', () => createLocalStorage(localDir)],
  ['S3-compatible', () => s3.storage],
])('%s storage driver', (_name, driver) => {
  it('writes, lists, reads and deletes by key; deleting a missing key is fine', async () => {
    const storage = driver();
    const a = Buffer.from('first object');
    const b = Buffer.from([0, 1, 2, 255]);
    await storage.put('images/2026/11/one-768.webp', a, 'image/webp');
    await storage.put('images/2026/11/two.jpg', b, 'image/jpeg');
    expect(await listAll(storage)).toEqual([
      'images/2026/11/one-768.webp',
      'images/2026/11/two.jpg',
    ]);
    expect(await storage.read('images/2026/11/two.jpg')).toEqual(b);
    await storage.delete('images/2026/11/one-768.webp');
    await storage.delete('images/2026/11/one-768.webp');
    await storage.delete('images/2026/11/never-written.jpg');
    expect(await listAll(storage)).toEqual(['images/2026/11/two.jpg']);
    // A missing object is told apart from storage failing (the framing sweep skips it for good).
    await expect(storage.read('images/2026/11/one-768.webp')).rejects.toBeInstanceOf(
      StoredFileMissing,
    );
    await storage.delete('images/2026/11/two.jpg');
    expect(await listAll(storage)).toEqual([]);
  });

  it('refuses keys the server would never make', async () => {
    const storage = driver();
    for (const key of [
      '../etc/passwd',
      '/abs/key.jpg',
      'images//x.jpg',
      'Images/X.JPG',
      'a/./b.jpg',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /unsafe storage key/,
      );
      expect(() => storage.publicUrl(key), key).toThrow(/unsafe storage key/);
    }
  });
});

describe('the app on S3-compatible storage', () => {
  beforeEach(async () => {
    for (const key of await listAll(s3.storage)) await s3.storage.delete(key);
  });
  it('stores an upload in the bucket, serves its public URL and leaves nothing after delete', async () => {
    const t = await createTestApp({ storage: s3.storage });
    try {
      const admin = await makeAdmin(t.database.db, t.hasher, { superAdmin: true });
      const auth = (await loginAs(t.app, admin)).headers;
      const created = await sendForm(
        t.app,
        'POST',
        API_PATHS.service.addCountry,
        [
          ...textParts({ name: 'India', shortName: 'IN' }),
          imagePart('image', await makeJpeg(300, 200)),
        ],
        auth,
      );
      const country = countrySchema.parse(record(created, 201));
      const stored = await listAll(s3.storage);
      expect(stored.length).toBeGreaterThan(0);
      // Every URL the API hands out points into the bucket, and the object is there.
      const urls = JSON.stringify(body(created)).match(/http:\/\/127\.0\.0\.1:\d+\/[^"]+/g) ?? [];
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) {
        expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
        expect(stored).toContain(url.slice(`${s3.endpoint}/${s3.bucket}/`.length));
      }
      // The CSP lets the browser load pictures from the bucket's origin.
      const page = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(String(page.headers['content-security-policy'])).toContain(s3.endpoint);

      // Replacing the picture removes the old objects: the bucket holds only the new ones.
      const updated = await sendForm(
        t.app,
        'POST',
        API_PATHS.service.updateCountry,
        [
          ...textParts({ id: country._id, name: 'India', shortName: 'IN' }),
          imagePart('image', await makeJpeg(320, 200)),
        ],
        auth,
      );
      expect(updated.statusCode, updated.body).toBe(200);
      const after = await listAll(s3.storage);
      expect(after.length).toBe(stored.length);
      expect(after.filter((key) => stored.includes(key))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a create whose upload fails leaves no row and no object', async () => {
    const failing: StorageDriver = {
      ...s3.storage,
      list: () => s3.storage.list(),
      // The second object of the upload fails (after the first reached the bucket).
      put: (() => {
        let n = 0;
        return async (key: string, data: Buffer, type: string) => {
          n += 1;
          if (n === 2) throw new Error('S3 went away');
          await s3.storage.put(key, data, type);
        };
      })(),
    };
    const t = await createTestApp({ storage: failing });
    try {
      const admin = await makeAdmin(t.database.db, t.hasher, { superAdmin: true });
      const auth = (await loginAs(t.app, admin)).headers;
      const res = await sendForm(
        t.app,
        'POST',
        API_PATHS.service.addCountry,
        [
          ...textParts({ name: 'Nepal', shortName: 'NP' }),
          imagePart('image', await makeJpeg(300, 200)),
        ],
        auth,
      );
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.body).not.toContain('S3 went away');
      const list = await t.app.inject({
        method: 'GET',
        url: `${API_PATHS.service.listCountries}?search=Nepal`,
        headers: auth,
      });
      expect(JSON.stringify(body(list))).not.toContain('Nepal');
      expect(await listAll(s3.storage)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
