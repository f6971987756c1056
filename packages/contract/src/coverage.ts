import { z } from 'zod';
import { MONTH_CODES } from './constants.js';
import { listQuerySchema, paginationSchema } from './pagination.js';

/**
 * Issue 23: the place × month coverage grid, `GET /api/v1/admin/content-coverage`. Per active
 * place, the twelve months JAN–DEC each `missing` (no place details for the month), `incomplete`
 * (details that fail a content-quality rule, `quality.ts`) or `complete`; its blog count and
 * active itinerary count; totals per month over every place the filters select.
 */
export const COVERAGE_STATES = ['missing', 'incomplete', 'complete'] as const;
export type CoverageState = (typeof COVERAGE_STATES)[number];

/** What a person reads for each state (the grid shows it beside a colour and an icon). */
export const COVERAGE_STATE_LABELS: Record<CoverageState, string> = {
  missing: 'Missing',
  incomplete: 'Incomplete',
  complete: 'Complete',
};

export const COVERAGE_MESSAGES = { fetched: 'Content coverage fetched successfully' } as const;

/** Places a grid page shows by default, and at most. */
export const COVERAGE_PAGE_SIZE = 25;
export const COVERAGE_MAX_PAGE_SIZE = 100;

/** How many of the emptiest places the dashboard's coverage card names. */
export const DASHBOARD_COVERAGE_EMPTIEST = 5;

/**
 * Page, limit and search (a place name) as every list takes them, and the optional country and
 * state (a malformed or unknown id selects nothing: an empty page, as the itinerary list's
 * `placeId` does).
 */
export const coverageQuerySchema = listQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(COVERAGE_MAX_PAGE_SIZE).default(COVERAGE_PAGE_SIZE),
  countryId: z.string().trim().max(64).optional(),
  stateId: z.string().trim().max(64).optional(),
});
export type CoverageQuery = z.input<typeof coverageQuerySchema>;

const count = z.number().int().min(0);

export const coverageCellSchema = z.object({
  month: z.enum(MONTH_CODES),
  state: z.enum(COVERAGE_STATES),
  /** The month's place details, when they exist (the grid opens them). */
  placeDetailsId: z.string().optional(),
  /** The codes of the rules the details fail (`incomplete` only). */
  issues: z.array(z.string()).optional(),
});
export type CoverageCell = z.infer<typeof coverageCellSchema>;

const refSchema = z.object({ _id: z.string(), name: z.string() });

export const coveragePlaceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  country: refSchema,
  state: refSchema,
  /** JAN..DEC, always twelve. */
  months: z.array(coverageCellSchema).length(12),
  complete: count,
  blogCount: count,
  activeItineraryCount: count,
});
export type CoveragePlace = z.infer<typeof coveragePlaceSchema>;

export const coverageTotalsSchema = z.object({
  complete: count,
  incomplete: count,
  missing: count,
});
export type CoverageTotals = z.infer<typeof coverageTotalsSchema>;

export const coverageListSchema = z.object({
  places: z.array(coveragePlaceSchema),
  pagination: paginationSchema,
  /** JAN..DEC over every place the filters select (not only this page). */
  monthTotals: z.array(coverageTotalsSchema.extend({ month: z.enum(MONTH_CODES) })).length(12),
  /** All months of every selected place, and the share complete (0–100, one decimal). */
  totals: coverageTotalsSchema.extend({
    cells: count,
    percentComplete: z.number().min(0).max(100),
  }),
});
export type CoverageList = z.infer<typeof coverageListSchema>;

/** The dashboard's coverage card (for an admin with `place-details.view`). */
export const dashboardCoverageSchema = z.object({
  totals: coverageListSchema.shape.totals,
  /** Active places with the fewest complete months (most to do first), at most five. */
  emptiestPlaces: z.array(
    z.object({
      placeId: z.string(),
      name: z.string(),
      complete: count,
      incomplete: count,
      missing: count,
    }),
  ),
});
export type DashboardCoverage = z.infer<typeof dashboardCoverageSchema>;

/** A share of `total` in percent with one decimal (0 when there is nothing to count). */
export const percentOf = (part: number, total: number): number =>
  total === 0 ? 0 : Math.round((part / total) * 1000) / 10;
