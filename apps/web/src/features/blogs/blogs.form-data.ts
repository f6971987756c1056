import { BLOG_FILE_FIELD, BLOG_TAGS_FIELD, type BlogStatus } from '@safarnama/contract';

/** The fields of the blog form, as the web holds them (ids '' = not chosen). */
export interface BlogFormValues {
  title: string;
  slug: string;
  countryId: string;
  stateId: string;
  placeId: string;
  excerpt: string;
  /** HTML from the editor ('' when empty); the server sanitises it. */
  content: string;
  tags: string[];
  metaTitle: string;
  metaDescription: string;
  status: BlogStatus;
}

/**
 * The multipart body of `POST /add-new-place-blog` and `POST /update-place-blog` (contract
 * `blogFieldsSchema` / `blogUpdateFieldsSchema`): `id` first on update, text fields trimmed, tags
 * as `tags[0]`, `tags[1]`… (an empty `tags` on update when all were removed), an empty slug left out (the server makes one from the title), and the
 * `coverImage` file last and only when a new file was chosen.
 */
export const buildBlogFormData = (
  values: BlogFormValues,
  coverImage: File | null,
  id?: string,
): FormData => {
  const body = new FormData();
  if (id) body.append('id', id);
  body.append('title', values.title.trim());
  const slug = values.slug.trim();
  if (slug) body.append('slug', slug);
  body.append('countryId', values.countryId);
  body.append('stateId', values.stateId);
  body.append('placeId', values.placeId);
  body.append('excerpt', values.excerpt.trim());
  body.append('content', values.content);
  values.tags.forEach((tag, index) => {
    body.append(`${BLOG_TAGS_FIELD}[${index}]`, tag);
  });
  // On update, absent tags mean "unchanged": an empty plain `tags` field clears them.
  if (id && values.tags.length === 0) body.append(BLOG_TAGS_FIELD, '');
  body.append('metaTitle', values.metaTitle.trim());
  body.append('metaDescription', values.metaDescription.trim());
  body.append('status', values.status);
  if (coverImage instanceof File) body.append(BLOG_FILE_FIELD, coverImage);
  return body;
};
