import type { z } from 'zod';
import { BLOG_FILE_FIELD, BLOG_TAGS_FIELD, type blogFieldsSchema } from '@safarnama/contract';
import { toFormData } from '../../lib/multipart';

type BlogFields = z.input<typeof blogFieldsSchema>;

/**
 * The fields of the blog form, as the web holds them (ids '' = not chosen); the schedule times
 * (issue 21) only when they change (absent keeps the stored time, '' clears it).
 */
export type BlogFormValues = Required<Omit<BlogFields, 'publishAt' | 'unpublishAt'>> &
  Pick<BlogFields, 'publishAt' | 'unpublishAt'>;

/**
 * The multipart body of `POST /add-new-place-blog` and `POST /update-place-blog` (contract
 * `blogFieldsSchema` / `blogUpdateFieldsSchema`): `id` first on update, text fields trimmed (the
 * content as the editor made it), tags as `tags[0]`, `tags[1]`… (on update an empty plain `tags`
 * when all were removed: absent tags mean "unchanged"), an empty slug left out (the server makes
 * one from the title), `publishAt` / `unpublishAt` when sent, and the `coverImage` file last and
 * only when a new file was chosen.
 */
export const buildBlogFormData = (
  values: BlogFormValues,
  coverImage: File | null,
  id?: string,
): FormData =>
  toFormData({
    id,
    title: values.title.trim(),
    slug: values.slug.trim() || undefined,
    countryId: values.countryId,
    stateId: values.stateId,
    placeId: values.placeId,
    excerpt: values.excerpt.trim(),
    content: values.content,
    [BLOG_TAGS_FIELD]: id && values.tags.length === 0 ? '' : values.tags,
    metaTitle: values.metaTitle.trim(),
    metaDescription: values.metaDescription.trim(),
    status: values.status,
    publishAt: values.publishAt,
    unpublishAt: values.unpublishAt,
    [BLOG_FILE_FIELD]: coverImage,
  });
