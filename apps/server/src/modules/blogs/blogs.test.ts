import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  BLOG_MESSAGES as M,
  GEOGRAPHY_MESSAGES as G,
  blogSchema,
  type Blog,
  type PermissionKey,
} from '@safarnama/contract';
import { placeBlogs } from '../../db/schema/index.js';
import {
  anyListQueryBelow500,
  errorOf,
  expectFiles,
  imagePart,
  record,
  sendForm,
  storedFiles,
  textParts,
} from '../../test/api.js';
import { makeGeography } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { signedInWith } from '../../test/manage.js';
import {
  HTML_AS_JPG,
  SVG_WITH_SCRIPT,
  makeJpeg,
  makePng,
  type FormPart,
} from '../../test/images.js';
import { nextFreeSlug } from './blogs.service.js';

const S = API_PATHS.service;

describe('nextFreeSlug', () => {
  it('slugifies, then counts up from -2, staying within 120 characters', () => {
    expect(nextFreeSlug('Goa Guide!', new Set())).toBe('goa-guide');
    expect(nextFreeSlug('Goa Guide!', new Set(['goa-guide']))).toBe('goa-guide-2');
    expect(nextFreeSlug('Goa Guide', new Set(['goa-guide', 'goa-guide-2']))).toBe('goa-guide-3');
    expect(nextFreeSlug('!!!', new Set())).toBe('blog');
    const long = 'a'.repeat(130);
    expect(nextFreeSlug(long, new Set(['a'.repeat(120)]))).toBe(`${'a'.repeat(118)}-2`);
  });
});

describe('blogs API', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let adminName: string;
  let jpeg: Buffer;
  let ids: { countryId: string; stateId: string; placeId: string };

  beforeAll(async () => {
    t = await createTestApp();
    const session = await signedInWith(t.database.db, t.hasher, 'super');
    adminName = session.admin.name;
    auth = session.headers;
    jpeg = await makeJpeg(400, 300);
    const geo = await makeGeography(t.database.db);
    ids = { countryId: geo.country.id, stateId: geo.state.id, placeId: geo.place.id };
  });
  afterAll(() => t.close());

  const post = (url: string, parts: FormPart[], headers = auth) =>
    sendForm(t.app, 'POST', url, parts, headers);
  const tagParts = (tags: string[]) => tags.map((value, i) => ({ name: `tags[${i}]`, value }));
  const add = (fields: Record<string, string | undefined>, extra: FormPart[] = []) =>
    post(S.addBlog, [...textParts({ ...ids, ...fields }), ...extra]);
  const added = async (fields: Record<string, string | undefined>, extra: FormPart[] = []) =>
    blogSchema.parse(record(await add(fields, extra), 201));
  const update = (fields: Record<string, string | undefined>, extra: FormPart[] = []) =>
    post(S.updateBlog, [...textParts(fields), ...extra]);
  const updated = async (fields: Record<string, string | undefined>, extra: FormPart[] = []) =>
    blogSchema.parse(record(await update(fields, extra)));
  const search = async (query: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${S.listBlogs}?${new URLSearchParams(query).toString()}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ data: { blogs: Blog[]; pagination: { total: number; totalPages: number } } }>(res)
      .data;
  };

  it('adds a blog: 201, generated slug, clean content, tags, cover, author, names', async () => {
    const res = await add(
      {
        title: '  Café Culture in Goa: A Guide! ',
        excerpt: ' Where to sip ',
        content:
          '<h2>Panjim</h2><ul><li>One</li></ul><p><a href="https://goa.in">site</a></p>' +
          '<script>alert(1)</script><img src=x onerror=alert(1)>',
        metaTitle: 'Goa cafés',
        metaDescription: 'The best cafés of Goa',
      },
      [...tagParts(['Goa', ' food ', 'goa']), imagePart('coverImage', jpeg)],
    );
    expect(body(res)).toMatchObject({ status: 201, success: true, message: M.added });
    const blog = blogSchema.parse(record(res, 201));
    expect(blog).toMatchObject({
      title: 'Café Culture in Goa: A Guide!',
      slug: 'cafe-culture-in-goa-a-guide',
      excerpt: 'Where to sip',
      content:
        '<h2>Panjim</h2><ul><li>One</li></ul><p><a href="https://goa.in" rel="noopener noreferrer nofollow">site</a></p>',
      tags: ['Goa', 'food'],
      status: 'draft',
      publishedAt: null,
      author: { name: adminName, image: null },
      ...ids,
    });
    expect(blog.place._id).toBe(ids.placeId);
    expectFiles(t.uploadsDir, blog.coverImage, true);
  });

  it('stores XSS clean (SECURITY 15)', async () => {
    const blog = await added({
      title: 'XSS',
      content:
        '<p onmouseover="alert(1)">a</p><script>alert(document.cookie)</script>' +
        '<a href="javascript:alert(1)">j</a><a href="data:text/html;base64,PHNjcmlwdD4=">d</a>' +
        '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe><style>*{}</style>' +
        '<p style="position:fixed">b</p><img src="x" onerror="alert(1)">',
    });
    const [row] = await t.database.db.select().from(placeBlogs).where(eq(placeBlogs.id, blog.id));
    const expected =
      '<p>a</p><a rel="noopener noreferrer nofollow">j</a><a rel="noopener noreferrer nofollow">d</a><p>b</p>';
    expect(row?.content).toBe(expected);
    expect(blog.content).toBe(expected);
    const again = await updated({ id: blog.id, content: '<p>ok</p><svg onload=alert(1)></svg>' });
    expect(again.content).toBe('<p>ok</p>');
  });

  it('makes generated slugs unique and refuses a taken slug that was asked for (409)', async () => {
    const a = await added({ title: 'Monsoon Trek' });
    const b = await added({ title: 'Monsoon trek', slug: '' });
    const c = await added({ title: 'MONSOON TREK!' });
    expect([a.slug, b.slug, c.slug]).toEqual(['monsoon-trek', 'monsoon-trek-2', 'monsoon-trek-3']);
    expect(errorOf(await add({ title: 'Other', slug: 'monsoon-trek-2' }), 409).message).toBe(
      M.duplicateSlug,
    );
    expect((await add({ title: 'Other', slug: 'Bad Slug' })).statusCode).toBe(400);
    const own = await added({ title: 'Whatever', slug: 'my-own-slug' });
    expect(own.slug).toBe('my-own-slug');
    // Concurrent saves of one title still get distinct slugs.
    const race = await Promise.all([add({ title: 'Race Day' }), add({ title: 'Race Day' })]);
    const slugs = race.map((r) => blogSchema.parse(record(r, 201)).slug).sort();
    expect(slugs).toEqual(['race-day', 'race-day-2']);
    // On update: another blog's slug → 409; empty → generated again from the title.
    expect(errorOf(await update({ id: own.id, slug: 'monsoon-trek' }), 409).message).toBe(
      M.duplicateSlug,
    );
    expect((await updated({ id: own.id, slug: own.slug })).slug).toBe('my-own-slug');
    expect((await updated({ id: own.id, slug: '', title: 'Monsoon Trek' })).slug).toBe(
      'monsoon-trek-4',
    );
  });

  it('stamps publishedAt on the first publication and keeps it', async () => {
    const blog = await added({ title: 'Publish me' });
    expect(blog.publishedAt).toBeNull();
    const published = await updated({ id: blog.id, status: 'published' });
    expect(published.publishedAt).not.toBeNull();
    const draft = await updated({ id: blog.id, status: 'draft' });
    expect(draft).toMatchObject({ status: 'draft', publishedAt: published.publishedAt });
    const again = await updated({ id: blog.id, status: 'published' });
    expect(again.publishedAt).toBe(published.publishedAt);
    const direct = await added({ title: 'Straight out', status: 'published' });
    expect(direct.publishedAt).not.toBeNull();
  });

  it('updates only what is sent; tags change when sent and clear with an empty tags field', async () => {
    const blog = await added(
      { title: 'Keep me', excerpt: 'E', metaTitle: 'M' },
      tagParts(['a', 'b']),
    );
    const renamed = await updated({ id: blog.id, title: 'Kept' });
    expect(renamed).toMatchObject({
      title: 'Kept',
      excerpt: 'E',
      metaTitle: 'M',
      tags: ['a', 'b'],
      slug: blog.slug,
    });
    expect((await updated({ id: blog.id }, tagParts(['c']))).tags).toEqual(['c']);
    expect((await updated({ id: blog.id, tags: '' })).tags).toEqual([]);
    const tooMany = errorOf(
      await update({ id: blog.id }, tagParts(Array.from({ length: 11 }, (_, i) => `t${i}`))),
      400,
    );
    expect(tooMany.details?.[0]?.path).toBe('tags');
    const blank = errorOf(await update({ id: blog.id }, tagParts(['ok', '  '])), 400);
    expect(blank.details?.[0]?.path).toBe('tags[1]');
    expect(
      errorOf(await update({ id: '0190a6e4-0000-7000-8000-000000000000', title: 'x' }), 404)
        .message,
    ).toBe(M.notFound);
  });

  it('replaces the cover with a new file and deletes the old files; wrong types → 415', async () => {
    const blog = await added({ title: 'Covered' }, [imagePart('coverImage', jpeg)]);
    const png = await makePng(120, 90);
    const next = await updated({ id: blog.id }, [
      imagePart('coverImage', png, 'c.png', 'image/png'),
    ]);
    expect(next.coverImage?.mimeType).toBe('image/png');
    expectFiles(t.uploadsDir, blog.coverImage, false);
    const before = await storedFiles(t.uploadsDir);
    for (const [data, name, type] of [
      [HTML_AS_JPG, 'x.jpg', 'image/jpeg'],
      [SVG_WITH_SCRIPT, 'x.svg', 'image/svg+xml'],
    ] as const) {
      expect(
        (await update({ id: blog.id }, [imagePart('coverImage', data, name, type)])).statusCode,
      ).toBe(415);
      expect(
        (await add({ title: 'Never' }, [imagePart('coverImage', data, name, type)])).statusCode,
      ).toBe(415);
    }
    expect(await storedFiles(t.uploadsDir)).toEqual(before);
    expect((await search({ search: 'Never' })).blogs).toEqual([]);
  });

  it('checks the place hierarchy on add and update (400)', async () => {
    const other = await makeGeography(t.database.db);
    const err = errorOf(await add({ title: 'Wrong', placeId: other.place.id }), 400);
    expect(err.details).toEqual([{ path: 'placeId', message: G.placeNotInState }]);
    const blog = await added({ title: 'Mover' });
    const moved = await updated({
      id: blog.id,
      countryId: other.country.id,
      stateId: other.state.id,
      placeId: other.place.id,
    });
    expect(moved.place).toEqual({ _id: other.place.id, name: other.place.name });
    expect(errorOf(await update({ id: blog.id, placeId: ids.placeId }), 400).details).toEqual([
      { path: 'placeId', message: G.placeNotInState },
    ]);
    const missing = errorOf(await add({ title: '', countryId: undefined }), 400);
    expect(missing.details?.map((d) => d.path).sort()).toEqual(['countryId', 'title']);
  });

  it('searches title, excerpt, tags and slug; paged like the homepage picker (page 1, limit 10)', async () => {
    for (let i = 0; i < 12; i++) await added({ title: `Kumbh Diary ${i}` });
    await added({ title: 'Quiet hills', excerpt: 'A zephyr of pine' }, tagParts(['Himalaya']));
    await added({ title: 'Slugged', slug: 'secret-kumquat' });
    const page1 = await search({ page: '1', limit: '10', search: 'kumbh diary' });
    expect(page1.blogs).toHaveLength(10);
    expect(page1.blogs[0]?.title).toBe('Kumbh Diary 11');
    expect(page1.pagination).toMatchObject({ total: 12, totalPages: 2 });
    expect((await search({ page: '2', limit: '10', search: 'kumbh diary' })).blogs).toHaveLength(2);
    expect((await search({ search: 'zephyr' })).blogs.map((b) => b.title)).toEqual(['Quiet hills']);
    expect((await search({ search: 'himalaya' })).blogs.map((b) => b.title)).toEqual([
      'Quiet hills',
    ]);
    expect((await search({ search: 'kumquat' })).blogs.map((b) => b.title)).toEqual(['Slugged']);
    expect((await search({ search: '%' })).blogs).toEqual([]);
  });

  it('answers 401 anonymous, 403 without the key, and lets the key alone through', async () => {
    const noKeys = (await signedInWith(t.database.db, t.hasher, [])).headers;
    const blog = await added({ title: 'Guarded' });
    const routes: [
      string,
      PermissionKey,
      (h: Record<string, string>) => Promise<{ statusCode: number; body: string }>,
    ][] = [
      [
        S.addBlog,
        'blogs.create',
        (h) => post(S.addBlog, textParts({ ...ids, title: 'Access' }), h),
      ],
      [
        S.updateBlog,
        'blogs.update',
        (h) => post(S.updateBlog, textParts({ id: blog.id, title: 'Access 2' }), h),
      ],
      [
        S.listBlogs,
        'blogs.view',
        (h) => t.app.inject({ method: 'GET', url: S.listBlogs, headers: h }),
      ],
    ];
    for (const [url, key, call] of routes) {
      expect((await call({})).statusCode, url).toBe(401);
      expect((await call(noKeys)).statusCode, url).toBe(403);
      const res = await call((await signedInWith(t.database.db, t.hasher, [key])).headers);
      expect(res.statusCode, `${url} with ${key}: ${res.body}`).toBeLessThan(300);
    }
  });

  it('property: any list query or blog form answers 2xx/4xx', async () => {
    await anyListQueryBelow500(t.app, {
      urls: [S.listBlogs],
      headers: auth,
      keys: ['page', 'limit', 'search'],
    });
    const text = fc.oneof(
      fc.string({ maxLength: 150 }),
      fc.constantFrom(
        ids.countryId,
        ids.stateId,
        ids.placeId,
        '',
        'published',
        'draft',
        'a-slug',
        '<script>x</script>',
      ),
    );
    const fields = fc.record(
      {
        title: text,
        slug: text,
        excerpt: text,
        content: text,
        metaTitle: text,
        status: text,
        countryId: text,
        stateId: text,
        placeId: text,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fields,
        fc.array(fc.string({ maxLength: 50 }), { maxLength: 12 }),
        async (isAdd, f, tags) => {
          const res = isAdd
            ? await post(S.addBlog, [...textParts(f), ...tagParts(tags)])
            : await post(S.updateBlog, [...textParts({ ...f, id: 'x' }), ...tagParts(tags)]);
          expect(res.statusCode, res.body).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
  });
});
