import { API_PATHS, type BlogList, type ListQuery } from '@safarnama/contract';
import { dataOf, getQuery, injectEndpoints, pageParams } from '../../app/api';

/** The blog list (spec §7), on its own so a picker loads it without the blog form's code. */
export const blogListApi = injectEndpoints({
  /**
   * A page of blogs; `publishable`: published ones only (issue 20, the homepage picker);
   * `needsAttention`: only those failing a content-quality rule (issue 23).
   */
  listBlogs: getQuery(
    (args: ListQuery & { publishable?: boolean; needsAttention?: boolean }) => ({
      url: API_PATHS.service.listBlogs,
      params: {
        ...pageParams(args),
        ...(args.publishable ? { publishable: true } : {}),
        ...(args.needsAttention ? { needsAttention: true } : {}),
      },
    }),
    dataOf<BlogList>,
    [{ type: 'Blog', id: 'LIST' }],
  ),
});

export const { useListBlogsQuery } = blogListApi;
