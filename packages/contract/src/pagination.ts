import { z } from 'zod';
import { FIRST_PAGE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, PAGE_SIZE } from './constants.js';

/** The pagination object of spec §3 (with the totals of DESIGN §3). */
export const paginationSchema = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  totalPages: z.number().int().min(1),
  hasPrevPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** The image library slice's starting value (spec §3). */
export const EMPTY_PAGINATION: Pagination = {
  total: 0,
  page: FIRST_PAGE,
  limit: PAGE_SIZE,
  totalPages: 1,
  hasPrevPage: false,
  hasNextPage: false,
};

/** `page`, `limit`, `search` of every list query; query strings arrive as text. */
export const listQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(FIRST_PAGE),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  search: z.string().trim().max(MAX_SEARCH_LENGTH).default(''),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Builds the pagination object from a total row count. */
export const makePagination = (total: number, page: number, limit: number): Pagination => {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    total,
    page,
    limit,
    totalPages,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
  };
};
