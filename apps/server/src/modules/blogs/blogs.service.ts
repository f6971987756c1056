import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  BLOG_FILE_FIELD,
  BLOG_LIMITS,
  BLOG_MESSAGES as M,
  BLOG_TAGS_FIELD,
  blogFieldsSchema,
  blogUpdateFieldsSchema,
  makePagination,
  slugify,
  type Blog,
  type blogListQuerySchema,
} from '@safarnama/contract';
import type { Database, Executor } from '../../db/client.js';
import { NEEDS_ATTENTION, countNeedsAttention } from '../../db/quality.js';
import { placeBlogs } from '../../db/schema/index.js';
import { changeContext, noteEntity, transaction } from '../../db/transaction.js';
import { Conflict, NotFound } from '../../http/errors.js';
import { asUuid, fieldNames, indexedList, parseFields } from '../../http/form-fields.js';
import type { FormReader, MultipartForm } from '../../http/multipart.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { deleteFiles, withStoredFiles } from '../../media/files.js';
import { receiveImageForm } from '../../media/form-images.js';
import { firstByOwner, listImagesOf, replaceSingleImage } from '../../media/images.repo.js';
import { imageFileKeys, type ImagePipeline, type StoredImage } from '../../media/pipeline.js';
import type { StorageDriver } from '../../media/storage.js';
import { DEPENDANTS, deleteUnlessUsed } from '../geography/dependants.js';
import { checkHierarchy, guardWrite } from '../geography/hierarchy.js';
import { NO_SCHEDULE, resolveSchedule } from '../schedule/schedule.rules.js';
import {
  findBlog,
  insertBlog,
  listBlogs,
  lockBlog,
  slugsLike,
  updateBlog,
  type BlogWithNames,
  type NewBlog,
} from './blogs.repo.js';
import { presentBlog } from './blogs.present.js';

export const COVER = 'blog-cover' as const;
const CONFLICTS = { place_blogs_slug_key: M.duplicateSlug };
/** Attempts at a generated slug when a concurrent save took the one we picked. */
const SLUG_ATTEMPTS = 5;

/** The free slug for `title`: its slugify, then `-2`, `-3` … (`blog` when nothing is left). */
export const nextFreeSlug = (title: string, taken: ReadonlySet<string>): string => {
  const base = slugify(title) || 'blog';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, BLOG_LIMITS.slug - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
};

const generateSlug = async (tx: Executor, title: string, selfId?: string) => {
  const base = slugify(title) || 'blog';
  const rows = await slugsLike(tx, base.slice(0, BLOG_LIMITS.slug - 4));
  return nextFreeSlug(title, new Set(rows.filter((r) => r.id !== selfId).map((r) => r.slug)));
};

type TextField = string;

/** Tags of the form: `tags[i]` in index order, plus a plain `tags` value; undefined = not sent. */
const readTags = (form: MultipartForm<TextField, typeof BLOG_TAGS_FIELD>) => {
  const plain = form.text[BLOG_TAGS_FIELD];
  const indexed = indexedList(form.indexed[BLOG_TAGS_FIELD]);
  if (plain === undefined && indexed.length === 0) return undefined;
  return [...(plain ? [plain] : []), ...indexed];
};

/** Drops repeated tags (case-insensitively, first spelling kept). */
const uniqueTags = (tags: readonly string[]) => {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export interface BlogServiceDeps {
  db: Database;
  storage: StorageDriver;
  pipeline: ImagePipeline;
  now?: () => Date;
}

export const createBlogService = ({
  db,
  storage,
  pipeline,
  now = () => new Date(),
}: BlogServiceDeps) => {
  const notFound = () => new NotFound(M.notFound);

  const present = async (rows: BlogWithNames[]): Promise<Blog[]> => {
    const covers = firstByOwner(
      await listImagesOf(
        db,
        COVER,
        rows.map((r) => r.blog.id),
      ),
    );
    return rows.map((row) => presentBlog(row, covers.get(row.blog.id), storage));
  };

  /** One blog as the list presents it; an unknown or malformed id is 404 (no uuid cast). */
  const get = async (rawId: string): Promise<Blog> => {
    const id = asUuid(rawId);
    const row = id ? await findBlog(db, id) : undefined;
    if (!row) throw notFound();
    const [blog] = await present([row]);
    if (!blog) throw notFound();
    return blog;
  };

  const list = async (query: z.output<typeof blogListQuerySchema>) => {
    const [{ rows, ...counted }, needsAttention] = await Promise.all([
      listBlogs(db, query),
      countNeedsAttention(db, placeBlogs, NEEDS_ATTENTION.blog),
    ]);
    return {
      blogs: await present(rows),
      pagination: makePagination(counted.total, query.page, query.limit, counted),
      needsAttention,
    };
  };

  /** Reads the blog form: text fields, `tags[i]`, at most one cover image. */
  const receive = async (
    read: FormReader,
    schema: typeof blogFieldsSchema | typeof blogUpdateFieldsSchema,
    batch: Parameters<Parameters<typeof withStoredFiles>[1]>[0],
  ) => {
    const { form, files } = await receiveImageForm(
      read,
      {
        text: fieldNames(schema),
        indexed: [BLOG_TAGS_FIELD],
        files: [BLOG_FILE_FIELD],
        maxFiles: { [BLOG_FILE_FIELD]: 1 },
      },
      pipeline,
      batch,
    );
    const { [BLOG_TAGS_FIELD]: _plain, ...text } = form.text;
    const tags = readTags(form);
    return {
      input: { ...text, ...(tags !== undefined && { tags }) },
      cover: files[BLOG_FILE_FIELD]?.[0],
    };
  };

  /**
   * Runs a save; when its slug was generated and a concurrent save took it first, tries again
   * with the next free one. A slug the admin chose answers 409 instead.
   */
  const withSlugRetry = async <T>(generated: boolean, work: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await guardWrite(work, CONFLICTS);
      } catch (err) {
        const slugTaken = err instanceof Conflict && err.message === M.duplicateSlug;
        if (!(generated && slugTaken && attempt < SLUG_ATTEMPTS)) throw err;
      }
    }
  };

  const putCover = async (tx: Executor, id: string, cover: StoredImage | undefined) => {
    if (!cover) return [];
    const old = await replaceSingleImage(tx, COVER, id, cover);
    return old.flatMap(imageFileKeys);
  };

  /** POST add-new-place-blog. */
  const add = async (authorId: string, read: FormReader, log?: FastifyBaseLogger) => {
    const id = await withStoredFiles(
      storage,
      async (batch) => {
        const { input, cover } = await receive(read, blogFieldsSchema, batch);
        const fields = parseFields(blogFieldsSchema, input);
        const generated = !fields.slug;
        return withSlugRetry(generated, () =>
          transaction(db, async (tx) => {
            const parents = await checkHierarchy(tx, {
              countryId: fields.countryId,
              stateId: fields.stateId,
              placeId: fields.placeId,
            });
            const tags = uniqueTags(fields.tags);
            // Issue 21: a publish time still to come saves the blog as a draft until then.
            const { times, notLiveYet } = resolveSchedule(fields, NO_SCHEDULE, {
              now: now(),
              actorId: authorId,
            });
            const status = notLiveYet ? 'draft' : fields.status;
            const row = await insertBlog(tx, {
              ...fields,
              ...parents,
              ...times,
              status,
              slug: fields.slug || (await generateSlug(tx, fields.title)),
              content: sanitizeRichText(fields.content),
              tags,
              tagsText: tags.join(' '),
              publishedAt: status === 'published' ? now() : null,
              authorId,
            });
            noteEntity(row.id);
            await putCover(tx, row.id, cover);
            return row.id;
          }),
        );
      },
      log,
    );
    return get(id);
  };

  /**
   * POST update-place-blog: id plus any fields; absent ones stay. An empty slug is generated again
   * from the (new) title. The first move to `published` stamps publishedAt; it is kept afterwards,
   * also when the blog goes back to draft (it records the first publication).
   */
  const update = async (read: FormReader, log?: FastifyBaseLogger) => {
    const { id, obsolete } = await withStoredFiles(
      storage,
      async (batch) => {
        const { input, cover } = await receive(read, blogUpdateFieldsSchema, batch);
        const { id: rawId, ...fields } = parseFields(blogUpdateFieldsSchema, input);
        const id = asUuid(rawId);
        if (!id) throw notFound();
        const generated = fields.slug === '';
        return withSlugRetry(generated, () =>
          transaction(db, async (tx) => {
            const current = await lockBlog(tx, id);
            if (!current) throw notFound();
            const values: Partial<NewBlog> = {};
            if (fields.title !== undefined) values.title = fields.title;
            if (fields.excerpt !== undefined) values.excerpt = fields.excerpt;
            if (fields.metaTitle !== undefined) values.metaTitle = fields.metaTitle;
            if (fields.metaDescription !== undefined)
              values.metaDescription = fields.metaDescription;
            if (fields.content !== undefined) values.content = sanitizeRichText(fields.content);
            if (fields.tags !== undefined) {
              values.tags = uniqueTags(fields.tags);
              values.tagsText = values.tags.join(' ');
            }
            if (fields.slug) values.slug = fields.slug;
            else if (generated) {
              values.slug = await generateSlug(tx, fields.title ?? current.title, id);
            }
            // Issue 21: absent times stay, '' clears; a publish time still to come saves it as
            // a draft until the scheduler publishes it.
            const { times, notLiveYet } = resolveSchedule(fields, current, {
              now: now(),
              actorId: changeContext()?.actor?.id ?? null,
            });
            Object.assign(values, times);
            const status = notLiveYet ? 'draft' : fields.status;
            if (status !== undefined) {
              values.status = status;
              if (status === 'published' && current.publishedAt === null) {
                values.publishedAt = now();
              }
            }
            if (
              fields.countryId !== undefined ||
              fields.stateId !== undefined ||
              fields.placeId !== undefined
            ) {
              Object.assign(
                values,
                await checkHierarchy(tx, {
                  countryId: fields.countryId ?? current.countryId,
                  stateId: fields.stateId ?? current.stateId,
                  placeId: fields.placeId ?? current.placeId,
                }),
              );
            }
            await updateBlog(tx, id, values);
            return { id, obsolete: await putCover(tx, id, cover) };
          }),
        );
      },
      log,
    );
    await deleteFiles(storage, obsolete, log);
    return get(id);
  };

  /** DELETE delete-place-blog/{id}: refused (409) while the homepage shows it; the cover goes. */
  const remove = (rawId: string, log?: FastifyBaseLogger) =>
    deleteUnlessUsed(
      { db, storage },
      {
        table: placeBlogs,
        noun: 'blog',
        notFound: M.notFound,
        dependants: DEPENDANTS.blog,
        images: [COVER],
      },
      rawId,
      log,
    );

  /**
   * Issue 24: published or draft (a bulk action), as update-place-blog's `status` does it: the
   * first publication stamps publishedAt, and a publish time still to come keeps it a draft.
   */
  const setActive = async (rawId: string, active: boolean): Promise<void> => {
    const id = asUuid(rawId);
    await transaction(db, async (tx) => {
      const current = id ? await lockBlog(tx, id) : undefined;
      if (!id || !current) throw notFound();
      const { notLiveYet } = resolveSchedule({}, current, {
        now: now(),
        actorId: changeContext()?.actor?.id ?? null,
      });
      const status = active && !notLiveYet ? 'published' : 'draft';
      const values: Partial<NewBlog> = { status };
      if (status === 'published' && current.publishedAt === null) values.publishedAt = now();
      await updateBlog(tx, id, values);
    });
  };

  return { list, get, add, update, setActive, remove };
};
export type BlogService = ReturnType<typeof createBlogService>;
