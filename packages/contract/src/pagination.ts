import { z } from 'zod';
import { FIRST_PAGE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, PAGE_SIZE } from './constants.js';

/**
 * The pagination object of spec §3 (with the totals of DESIGN §3). `totalIsEstimate` (not in the
 * spec, optional) is present and true only when `total` is the planner's estimate of a long list
 * (the server's count strategy): `total` and `totalPages` are then approximate ("about N"), while
 * `hasNextPage` is always the truth (the server reads one row past the page).
 */
export const paginationSchema = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  totalPages: z.number().int().min(1),
  hasPrevPage: z.boolean(),
  hasNextPage: z.boolean(),
  totalIsEstimate: z.boolean().optional(),
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

/** What a list query knows beyond its total: whether a row follows the page, whether the total is exact. */
export interface PageFacts {
  /** A row exists after this page (the server read one row past it). */
  hasNextPage?: boolean | undefined;
  /** `total` is an estimate, not a count. */
  totalIsEstimate?: boolean | undefined;
}

/**
 * Builds the pagination object from a total row count. With `facts.hasNextPage` (the server's
 * look-ahead row), that is the answer whatever the total says, and `totalPages` is never fewer
 * than the pages known to exist; without it, the total decides.
 */
export const makePagination = (
  total: number,
  page: number,
  limit: number,
  facts: PageFacts = {},
): Pagination => {
  const counted = Math.max(1, Math.ceil(total / limit));
  const hasNextPage = facts.hasNextPage ?? page < counted;
  return {
    total,
    page,
    limit,
    totalPages: hasNextPage ? Math.max(counted, page + 1) : counted,
    hasPrevPage: page > 1,
    hasNextPage,
    ...(facts.totalIsEstimate === true ? { totalIsEstimate: true } : {}),
  };
};
