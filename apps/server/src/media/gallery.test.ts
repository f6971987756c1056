import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { AppError, NotFound, ValidationError } from '../http/errors.js';
import type { FormReader, MultipartForm, MultipartSpec } from '../http/multipart.js';
import { openTestDatabase } from '../test/harness.js';
import { makeJpeg } from '../test/images.js';
import { createGallery, type Gallery, type GalleryPlan } from './gallery.js';
import { listImagesOf, type ImageRow } from './images.repo.js';
import { createImagePipeline, imageFileKeys } from './pipeline.js';
import { createLocalStorage, type StorageDriver } from './storage.js';

const FIELDS = { images: 'images', altTexts: 'altTexts' };
const TYPE = 'itinerary-gallery';

let database: DatabaseHandle;
let root: string;
let storage: StorageDriver;
let gallery: Gallery;
/** Owners that exist: the gallery's `lock` finds only these. */
const owners = new Set<string>();
let photo: Buffer;

beforeAll(async () => {
  database = await openTestDatabase();
  root = await mkdtemp(join(tmpdir(), 'safarnama-gallery-'));
  storage = createLocalStorage(root);
  gallery = createGallery(
    {
      type: TYPE,
      lock: (_tx, id) => Promise.resolve(owners.has(id)),
      notFound: () => new NotFound('No such owner'),
    },
    { db: database.db, storage, pipeline: createImagePipeline() },
  );
  photo = await makeJpeg(120, 90);
});
afterAll(async () => {
  await database.close();
  await rm(root, { recursive: true, force: true });
});

const newOwner = () => {
  const id = uuidv7();
  owners.add(id);
  return id;
};

/** A form reader as the route would bind it: `photos` files, `altTexts[i]` and `ownerId`. */
const formOf =
  (ownerId: string, count: number, alts: Record<number, string> = {}): FormReader =>
  async <Text extends string, Indexed extends string>(spec: MultipartSpec<Text, Indexed>) => {
    for (let index = 0; index < count; index += 1) {
      await spec.onFile({ fieldname: FIELDS.images, index, buffer: photo });
    }
    const altTexts = new Map(Object.entries(alts).map(([i, text]) => [Number(i), text]));
    return {
      text: { ownerId },
      indexed: { altTexts },
      fileCounts: { [FIELDS.images]: count },
    } as unknown as MultipartForm<Text, Indexed>;
  };

const append = (ownerId: string, count: number, alts?: Record<number, string>) =>
  gallery.append(formOf(ownerId, count, alts), {
    text: ['ownerId'],
    fields: FIELDS,
    ownerOf: (text) => text.ownerId ?? '',
    noImages: 'Choose at least one image',
  });

const stored = (ownerId: string) => listImagesOf(database.db, TYPE, [ownerId]);
const placed = (rows: readonly ImageRow[]) => rows.map((r) => [r.altText, r.sortOrder]);
const files = async () =>
  (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );

describe('gallery', () => {
  it('appends after the current images in the order sent and answers the gallery as stored', async () => {
    const owner = newOwner();
    const first = await append(owner, 2, { 0: ' Dunes ', 1: 'Camp' });
    expect(first.ownerId).toBe(owner);
    expect(placed(first.gallery)).toEqual([
      ['Dunes', 0],
      ['Camp', 1],
    ]);
    const second = await append(owner, 1);
    expect(placed(second.gallery)).toEqual([
      ['Dunes', 0],
      ['Camp', 1],
      ['', 2],
    ]);
    expect(second.gallery).toEqual(await stored(owner));
    // Every file of every row is stored.
    const all = await files();
    for (const key of second.gallery.flatMap(imageFileKeys)) expect(all).toContain(key);
  });

  it('removes by id keeping the order of the rest; later appends go after the last one', async () => {
    const owner = newOwner();
    const { gallery: three } = await append(owner, 3, { 0: 'a', 1: 'b', 2: 'c' });
    const [a, b, c] = three;
    if (!a || !b || !c) throw new Error('gallery missing');

    const left = await gallery.remove(owner, [c.id, ` ${a.id.toUpperCase()} `], {
      field: 'imageIds',
      message: 'Image not found in this gallery',
    });
    expect(placed(left)).toEqual([['b', 1]]);
    expect(left).toEqual(await stored(owner));
    // The removed rows' files are gone once the call answers; the kept one's stay.
    const all = await files();
    for (const key of [...imageFileKeys(a), ...imageFileKeys(c)]) expect(all).not.toContain(key);
    for (const key of imageFileKeys(b)) expect(all).toContain(key);

    const { gallery: after } = await append(owner, 1, { 0: 'd' });
    expect(placed(after)).toEqual([
      ['b', 1],
      ['d', 2],
    ]);
  });

  it('refuses ids of other galleries and malformed ids, removing nothing', async () => {
    const owner = newOwner();
    const other = newOwner();
    const { gallery: mine } = await append(owner, 2);
    const { gallery: theirs } = await append(other, 1);
    const before = await files();
    const ids = [mine[0]?.id ?? '', theirs[0]?.id ?? '', 'not-an-id'];

    const err = await failure(
      gallery.remove(owner, ids, { field: 'imageIds', message: 'Not in this gallery' }),
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).details).toEqual([
      { path: 'imageIds[1]', message: 'Not in this gallery' },
      { path: 'imageIds[2]', message: 'Not in this gallery' },
    ]);
    const notFound = await failure(
      gallery.remove(owner, [theirs[0]?.id ?? ''], { notFound: 'Image not found' }),
    );
    expect(notFound).toMatchObject({ status: 404, message: 'Image not found' });
    expect(await stored(owner)).toEqual(mine);
    expect(await stored(other)).toEqual(theirs);
    expect(await files()).toEqual(before);

    // An owner that does not exist: its own 404, and the uploaded files are not kept.
    const missing = await failure(append(uuidv7(), 2));
    expect(missing).toMatchObject({ status: 404, message: 'No such owner' });
    expect(await files()).toEqual(before);
  });

  it('replaces: keeps, re-captions, reorders, adds and removes in one transaction', async () => {
    const owner = newOwner();
    const { gallery: start } = await append(owner, 3, { 0: 'a', 1: 'b', 2: 'c' });
    const [a, b, c] = start;
    if (!a || !b || !c) throw new Error('gallery missing');
    const { change } = await gallery.commit(async (batch) => {
      const fresh = await createImagePipeline().ingest(photo, batch);
      const plan: GalleryPlan = {
        placements: [
          { kind: 'keep', id: c.id, altText: undefined },
          { kind: 'new', image: fresh, altText: 'new' },
          { kind: 'keep', id: a.id, altText: 'A' },
        ],
        keptPaths: new Map([
          [a.id, 'keep[0]'],
          [c.id, 'keep[1]'],
        ]),
      };
      return {
        change: await database.db.transaction((tx) =>
          gallery.replaceIn(tx, owner, plan, 'Unknown'),
        ),
      };
    });
    expect(placed(change.gallery)).toEqual([
      ['c', 0],
      ['new', 1],
      ['A', 2],
    ]);
    expect(change.removed.map((r) => r.id)).toEqual([b.id]);
    expect(change.gallery).toEqual(await stored(owner));
    expect(await files()).not.toContain(b.fileKey);

    // A kept id that is not this gallery's: 400 at its path, nothing changes.
    const foreign = uuidv7();
    const err = await failure(
      database.db.transaction((tx) =>
        gallery.replaceIn(
          tx,
          owner,
          {
            placements: [{ kind: 'keep', id: foreign, altText: undefined }],
            keptPaths: new Map([[foreign, 'existingImages[3]']]),
          },
          'Unknown',
        ),
      ),
    );
    expect((err as ValidationError).details).toEqual([
      { path: 'existingImages[3]', message: 'Unknown' },
    ]);
    expect(await stored(owner)).toEqual(change.gallery);
  });

  describe('a failure half-way', () => {
    beforeAll(async () => {
      await database.db.execute(sql`create or replace function test_fail_image() returns trigger
        language plpgsql as $$
        begin
          if new.alt_text = 'boom' then raise exception 'simulated failure'; end if;
          return new;
        end $$`);
      await database.db.execute(sql`create trigger test_fail_image before insert on images
        for each row execute function test_fail_image()`);
    });
    afterAll(async () => {
      await database.db.execute(sql`drop trigger if exists test_fail_image on images`);
      await database.db.execute(sql`drop function if exists test_fail_image()`);
    });

    it('an append whose second row fails leaves no row and no file', async () => {
      const owner = newOwner();
      const { gallery: before } = await append(owner, 1, { 0: 'kept' });
      const filesBefore = await files();
      const err = await failure(append(owner, 2, { 0: 'fine', 1: 'boom' }));
      expect(err).not.toBeInstanceOf(AppError);
      expect(await stored(owner)).toEqual(before);
      expect(await files()).toEqual(filesBefore);
    });

    it('a replace that fails after its updates and deletes undoes them and keeps every file', async () => {
      const owner = newOwner();
      const { gallery: before } = await append(owner, 2, { 0: 'a', 1: 'b' });
      const [a, b] = before;
      if (!a || !b) throw new Error('gallery missing');
      const filesBefore = await files();
      const err = await failure(
        gallery.commit(async (batch) => {
          const fresh = await createImagePipeline().ingest(photo, batch);
          return {
            change: await database.db.transaction((tx) =>
              gallery.replaceIn(
                tx,
                owner,
                {
                  // b is removed and a re-captioned and moved before the insert fails.
                  placements: [
                    { kind: 'new', image: fresh, altText: 'boom' },
                    { kind: 'keep', id: a.id, altText: 'changed' },
                  ],
                  keptPaths: new Map([[a.id, 'keep[0]']]),
                },
                'Unknown',
              ),
            ),
          };
        }),
      );
      expect(err).toBeInstanceOf(Error);
      expect(await stored(owner)).toEqual(before);
      // The new file is gone again; the files of b (whose delete rolled back) are still there.
      expect(await files()).toEqual(filesBefore);
    });
  });
});
