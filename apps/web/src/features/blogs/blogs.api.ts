import { API_PATHS, type Blog, type BlogList, type ListQuery } from '@safarnama/contract';
import {
  call,
  dataOf,
  getQuery,
  ifOk,
  injectEndpoints,
  messageOf,
  multipart,
  mutation,
  pageParams,
  recordOf,
} from '../../app/api';
import { buildBlogFormData, type BlogFormValues } from './blogs.form-data';

export interface SaveBlogArgs {
  /** The blog to update; absent creates one. */
  id?: string;
  values: BlogFormValues;
  /** A newly chosen cover image (only a file is worth the upload transport, for its progress). */
  coverImage: File | null;
  onProgress?: (fraction: number) => void;
  /** The form's `Idempotency-Key`, sent by an add only: a retry never adds twice. */
  idempotencyKey?: string;
}

const PATHS = API_PATHS.service;

/** Place blog calls (spec §7): add and update are multipart, the list pages and searches. */
export const blogsApi = injectEndpoints({
  /** A page of blogs; `publishable`: published ones only (issue 20, the homepage picker). */
  listBlogs: getQuery(
    (args: ListQuery & { publishable?: boolean }) => ({
      url: PATHS.listBlogs,
      params: { ...pageParams(args), ...(args.publishable ? { publishable: true } : {}) },
    }),
    dataOf<BlogList>,
    [{ type: 'Blog', id: 'LIST' }],
  ),
  saveBlog: mutation(
    ({ id, values, coverImage, onProgress, idempotencyKey }: SaveBlogArgs) => {
      const body = buildBlogFormData(values, coverImage, id);
      // The key goes with an add only; only a file is worth the upload transport.
      const parts = { body, onProgress, idempotencyKey: id ? undefined : idempotencyKey };
      return multipart('POST', id ? PATHS.updateBlog : PATHS.addBlog, parts, Boolean(coverImage));
    },
    recordOf<Blog>,
    ifOk([{ type: 'Blog', id: 'LIST' }]),
  ),
  /** DELETE delete-place-blog/{id} (issue 20); refused (409) while the homepage shows it. */
  deleteBlog: mutation(
    call('DELETE', PATHS.deleteBlog),
    messageOf,
    ifOk([{ type: 'Blog', id: 'LIST' }]),
  ),
});

export const { useListBlogsQuery, useSaveBlogMutation } = blogsApi;
export const { useDeleteBlogMutation } = blogsApi;
