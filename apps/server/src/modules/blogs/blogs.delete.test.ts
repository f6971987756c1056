import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  BLOG_MESSAGES as M,
  blogSchema,
  dependantsErrorSchema,
  inUseMessage,
} from '@safarnama/contract';
import { adminActivities, homepageBlogs, images, placeBlogs } from '../../db/schema/index.js';
import { errorOf, expectFiles, imagePart, record, sendForm, textParts } from '../../test/api.js';
import { makeGeography } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { signedInWith } from '../../test/manage.js';
import { makeJpeg } from '../../test/images.js';

const S = API_PATHS.service;

describe('deleting blogs (issue 20)', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
    jpeg = await makeJpeg(400, 300);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const del = (id: string, headers = auth) =>
    t.app.inject({ method: 'DELETE', url: S.deleteBlog(id), headers });
  const addBlog = async () => {
    const { country, state, place } = await makeGeography(db());
    const parents = { countryId: country.id, stateId: state.id, placeId: place.id };
    const blog = blogSchema.parse(
      record(
        await sendForm(
          t.app,
          'POST',
          S.addBlog,
          [...textParts({ ...parents, title: 'Monsoon in Goa' }), imagePart('coverImage', jpeg)],
          auth,
        ),
        201,
      ),
    );
    return { blog, placeId: place.id };
  };
  const entries = (id: string) =>
    db()
      .select()
      .from(adminActivities)
      .where(and(eq(adminActivities.entityId, id), eq(adminActivities.action, 'delete')));

  it('deletes a blog with its cover: row, image rows and files gone, audit entry', async () => {
    const { blog, placeId } = await addBlog();
    expectFiles(t.uploadsDir, blog.coverImage, true);

    // While the blog exists its place cannot go.
    const refused = await t.app.inject({
      method: 'DELETE',
      url: S.deletePlace(placeId),
      headers: auth,
    });
    expect(dependantsErrorSchema.parse(body(refused)).data?.dependants).toEqual([
      { kind: 'blog', count: 1, items: [{ _id: blog._id, name: 'Monsoon in Goa' }] },
    ]);

    const res = await del(blog._id);
    expect(body(res)).toEqual({
      status: 200,
      success: true,
      message: M.deleted,
      data: { _id: blog._id, id: blog._id },
    });
    expect(await db().select().from(placeBlogs).where(eq(placeBlogs.id, blog._id))).toEqual([]);
    expect(await db().select().from(images).where(eq(images.ownerId, blog._id))).toEqual([]);
    expectFiles(t.uploadsDir, blog.coverImage, false);
    expect(await entries(blog._id)).toEqual([
      expect.objectContaining({ entityType: 'blog', summary: "Deleted blog 'Monsoon in Goa'" }),
    ]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: S.deletePlace(placeId), headers: auth }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a blog the homepage shows (409 with the section), then deletes it once taken off', async () => {
    const { blog } = await addBlog();
    await db().insert(homepageBlogs).values({ blogId: blog._id, position: 1 });

    const res = await del(blog._id);
    expect(errorOf(res, 409).code).toBe('CONFLICT');
    const refusal = dependantsErrorSchema.parse(body(res));
    expect(refusal.data?.dependants).toEqual([
      { kind: 'homepage', count: 1, items: [{ _id: 'blogs', name: 'Travelpedia Blogs' }] },
    ]);
    expect(refusal.message).toBe(inUseMessage('blog', refusal.data?.dependants ?? []));
    expect(refusal.message).toBe(
      'This blog is used by the homepage (Travelpedia Blogs): delete or change them first.',
    );
    expect(await db().select().from(placeBlogs).where(eq(placeBlogs.id, blog._id))).toHaveLength(1);
    expectFiles(t.uploadsDir, blog.coverImage, true);
    expect(await entries(blog._id)).toEqual([]);

    await db().delete(homepageBlogs).where(eq(homepageBlogs.blogId, blog._id));
    expect((await del(blog._id)).statusCode).toBe(200);
  });

  it('answers 404 for unknown or malformed ids and 403 without blogs.delete', async () => {
    expect(errorOf(await del('0190a0a0-0000-7000-8000-00000000dead'), 404).message).toBe(
      M.notFound,
    );
    expect(errorOf(await del('nope'), 404).message).toBe(M.notFound);
    const { blog } = await addBlog();
    const editor = await signedInWith(db(), t.hasher, [
      'blogs.view',
      'blogs.create',
      'blogs.update',
    ]);
    expect(errorOf(await del(blog._id, editor.headers), 403).code).toBe('FORBIDDEN');
    const deleter = await signedInWith(db(), t.hasher, ['blogs.delete']);
    expect((await del(blog._id, deleter.headers)).statusCode).toBe(200);
  });
});
