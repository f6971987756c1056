import { z } from 'zod';
import { editVersionSchema } from './version.js';
import { scheduleFormFieldsSchema, scheduleRecordFields } from './schedule.js';
import { recordSchema } from './envelope.js';
import { DELETE_TEXTS } from './dependants.js';
import { SLUG_PATTERN, formBooleanSchema, idFieldSchema } from './forms.js';
import { namedRefSchema } from './geography.js';
import { imageSchema } from './media.js';
import { listQuerySchema, paginationSchema } from './pagination.js';
import { qualityListFields, qualityQueryFields, qualityRecordFields } from './quality-schema.js';
import { RICH_TEXT_MAX } from './place-details.js';

export const BLOG_STATUSES = ['draft', 'published'] as const;
export const blogStatusSchema = z.enum(BLOG_STATUSES);
export type BlogStatus = z.infer<typeof blogStatusSchema>;

export const BLOG_LIMITS = {
  title: 200,
  slug: 120,
  excerpt: 500,
  tags: 10,
  tag: 40,
  metaTitle: 70,
  metaDescription: 160,
} as const;

/** Place blog, "Travelpedia" (DESIGN §5). */
export const blogSchema = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  countryId: z.string(),
  stateId: z.string(),
  placeId: z.string(),
  country: namedRefSchema,
  state: namedRefSchema,
  place: namedRefSchema,
  coverImage: imageSchema.nullable(),
  excerpt: z.string(),
  /** Sanitised rich text (HTML). */
  content: z.string(),
  tags: z.array(z.string()),
  metaTitle: z.string(),
  metaDescription: z.string(),
  status: blogStatusSchema,
  publishedAt: z.string().nullable(),
  /** Issue 21: the edit version (1 when created, +1 with every change). */
  version: z.number().int().optional(),
  /** Issue 21: when the scheduler publishes it / takes it down (null: nothing scheduled). */
  ...scheduleRecordFields,
  author: z.object({ name: z.string(), image: z.string().nullable() }).nullable(),
  /** Issue 23: the content-quality rules it fails (`quality.ts`), as its last write stored them. */
  ...qualityRecordFields,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Blog = z.infer<typeof blogSchema>;

const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(BLOG_LIMITS.slug)
  .regex(SLUG_PATTERN, 'Slug may hold lower-case letters, digits and single hyphens');

/**
 * Multipart text fields of `POST /add-new-place-blog` (the `coverImage` file travels beside them;
 * tags as `tags[i]`). A missing or empty slug is generated from the title (made unique).
 */
const blogShape = {
  title: z.string().trim().min(1, 'Title is required').max(BLOG_LIMITS.title),
  slug: z.union([z.literal(''), slugSchema]),
  countryId: idFieldSchema('Country'),
  stateId: idFieldSchema('State'),
  placeId: idFieldSchema('Place'),
  excerpt: z.string().trim().max(BLOG_LIMITS.excerpt),
  content: z.string().max(RICH_TEXT_MAX),
  tags: z
    .array(z.string().trim().min(1, 'Tag cannot be empty').max(BLOG_LIMITS.tag))
    .max(BLOG_LIMITS.tags, `At most ${BLOG_LIMITS.tags} tags`),
  metaTitle: z.string().trim().max(BLOG_LIMITS.metaTitle),
  metaDescription: z.string().trim().max(BLOG_LIMITS.metaDescription),
  status: blogStatusSchema,
  /** Issue 21: scheduled publishing (`schedule.ts`); absent keeps the stored time, '' clears. */
  ...scheduleFormFieldsSchema.shape,
};
export const blogFieldsSchema = z.strictObject({
  ...blogShape,
  slug: blogShape.slug.optional(),
  excerpt: blogShape.excerpt.default(''),
  content: blogShape.content.default(''),
  tags: blogShape.tags.default([]),
  metaTitle: blogShape.metaTitle.default(''),
  metaDescription: blogShape.metaDescription.default(''),
  status: blogShape.status.default('draft'),
});

/**
 * `POST /update-place-blog`: id plus any of the fields; absent fields stay as they are. Built
 * from the shape without defaults (zod 4's `.partial()` would keep them and fill absent fields).
 */
export const blogUpdateFieldsSchema = z
  .strictObject(blogShape)
  .partial()
  .extend({ id: idFieldSchema('Blog'), version: editVersionSchema.optional() });

export const BLOG_FILE_FIELD = 'coverImage';

/**
 * How the multipart blog forms carry tags: `tags[0]`, `tags[1]`, … (blank ones refused, duplicates
 * dropped case-insensitively, first spelling kept). On update, tags change only when the form
 * sends any `tags[i]` or a plain `tags` field; an empty plain `tags` field clears them all.
 */
export const BLOG_TAGS_FIELD = 'tags';

/**
 * `get-all-places-blog`: page, limit, search, and the optional `publishable=true` (issue 20: only
 * published blogs, what the public site can show; `false` or absent lists every blog).
 */
export const blogListQuerySchema = listQuerySchema.extend({
  publishable: formBooleanSchema.optional(),
  /** Issue 23: `needsAttention=true` lists only blogs failing a quality rule. */
  ...qualityQueryFields,
});
export type BlogListQuery = z.input<typeof blogListQuerySchema>;

export const blogListSchema = z.object({
  blogs: z.array(blogSchema),
  pagination: paginationSchema,
  ...qualityListFields,
});
export type BlogList = z.infer<typeof blogListSchema>;
export const blogOneSchema = recordSchema(blogSchema);

export const BLOG_MESSAGES = {
  listed: 'Blogs fetched successfully',
  added: 'Blog added successfully',
  updated: 'Blog updated successfully',
  notFound: 'Blog not found',
  duplicateSlug: 'A blog with this slug already exists',
  /** DELETE delete-place-blog/{id} (issue 20); refused while the homepage shows it. */
  deleted: DELETE_TEXTS.deleted('Blog'),
} as const;
