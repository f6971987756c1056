import { API_PATHS, type Blog, type BlogList, type Envelope } from '@safarnama/contract';
import { baseApi, dataOf } from '../../app/api';
import { uploadWithProgress } from '../../app/upload';
import { idempotencyHeaders } from '../../lib/idempotency';
import { buildBlogFormData, type BlogFormValues } from './blogs.form-data';

export interface BlogListArgs {
  page: number;
  limit: number;
  search: string;
}

export interface SaveBlogArgs {
  /** The blog to update; absent creates one. */
  id?: string;
  values: BlogFormValues;
  /** A newly chosen cover image (sent with upload progress). */
  coverImage: File | null;
  /** Share of the body sent so far (0..1), while a cover image uploads. */
  onProgress?: (fraction: number) => void;
  /** The form's `Idempotency-Key`, sent by an add only: a retry never adds twice. */
  idempotencyKey?: string;
}

const LIST_TAG = { type: 'Blog', id: 'LIST' } as const;

/** Place blog calls (spec §7): add and update are multipart, the list pages and searches. */
export const blogsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listBlogs: build.query<BlogList, BlogListArgs>({
      query: ({ page, limit, search }) => ({
        url: API_PATHS.service.listBlogs,
        params: search.trim() ? { page, limit, search: search.trim() } : { page, limit },
      }),
      transformResponse: dataOf<BlogList>,
      providesTags: (result) => [
        LIST_TAG,
        ...(result?.blogs ?? []).map((blog) => ({ type: 'Blog' as const, id: blog._id })),
      ],
    }),
    saveBlog: build.mutation<Blog, SaveBlogArgs>({
      async queryFn(
        { id, values, coverImage, onProgress, idempotencyKey },
        api,
        _extra,
        baseQuery,
      ) {
        const url = id ? API_PATHS.service.updateBlog : API_PATHS.service.addBlog;
        const body = buildBlogFormData(values, coverImage, id);
        const headers = idempotencyHeaders(id ? undefined : idempotencyKey);
        // Only a file is worth the XHR transport (fetch reports no upload progress).
        const result = coverImage
          ? await uploadWithProgress({ url, method: 'POST', body, headers, onProgress }, api)
          : await baseQuery({ url, method: 'POST', body, headers });
        if (result.error) return { error: result.error };
        return { data: (result.data as Envelope<{ data: Blog }>).data.data };
      },
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [LIST_TAG, ...(id ? [{ type: 'Blog' as const, id }] : [])],
    }),
  }),
});

export const { useListBlogsQuery, useSaveBlogMutation } = blogsApi;
