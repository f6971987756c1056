import { API_PATHS, type Blog } from '@safarnama/contract';
import {
  call,
  ifOk,
  injectEndpoints,
  messageOf,
  multipart,
  mutation,
  recordOf,
} from '../../app/api';
import { buildBlogFormData, type BlogFormValues } from './blogs.form-data';
import { useListBlogsQuery } from './blogs.list.api';

export interface SaveBlogArgs {
  /** The blog to update; absent creates one. */
  id?: string;
  values: BlogFormValues;
  /** A newly chosen cover image (only a file is worth the upload transport, for its progress). */
  coverImage: File | null;
  onProgress?: (fraction: number) => void;
  /** The form's `Idempotency-Key`, sent by an add only: a retry never adds twice. */
  idempotencyKey?: string;
  /** An update's edit version (`If-Match`, issue 21): the one the form was opened with. */
  version?: number | undefined;
}

const PATHS = API_PATHS.service;

/**
 * Place blog calls (spec §7): add and update are multipart, delete; the list is in
 * `blogs.list.api.ts` (the homepage picker loads it without the form code).
 */
export const blogsApi = injectEndpoints({
  saveBlog: mutation(
    ({ id, values, coverImage, onProgress, idempotencyKey, version }: SaveBlogArgs) => {
      const body = buildBlogFormData(values, coverImage, id);
      // The key goes with an add only; only a file is worth the upload transport.
      const parts = { body, onProgress, idempotencyKey: id ? undefined : idempotencyKey };
      const path = id ? PATHS.updateBlog : PATHS.addBlog;
      return {
        ...multipart('POST', path, parts, Boolean(coverImage)),
        version: id ? version : undefined,
      };
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

export { useListBlogsQuery };
export const { useSaveBlogMutation } = blogsApi;
export const { useDeleteBlogMutation } = blogsApi;
