import { API_PATHS, type BlogList, type ListQuery } from '@safarnama/contract';
import { dataOf, getQuery, injectEndpoints, pageParams } from '../../app/api';

/** The blog list (spec §7), on its own so a picker loads it without the blog form's code. */
export const blogListApi = injectEndpoints({
  /** A page of blogs; `publishable`: published ones only (issue 20, the homepage picker). */
  listBlogs: getQuery(
    (args: ListQuery & { publishable?: boolean }) => ({
      url: API_PATHS.service.listBlogs,
      params: { ...pageParams(args), ...(args.publishable ? { publishable: true } : {}) },
    }),
    dataOf<BlogList>,
    [{ type: 'Blog', id: 'LIST' }],
  ),
});

export const { useListBlogsQuery } = blogListApi;
