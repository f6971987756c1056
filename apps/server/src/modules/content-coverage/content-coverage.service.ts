import {
  DASHBOARD_COVERAGE_EMPTIEST,
  MONTH_CODES,
  makePagination,
  percentOf,
  type CoverageCell,
  type CoverageList,
  type CoverageTotals,
  type DashboardCoverage,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../http/form-fields.js';
import {
  coverageCounts,
  coveragePage,
  coverageSummary,
  type CoverageFilter,
  type CoverageMonthCounts,
  type CoverageRow,
} from './content-coverage.repo.js';

export interface CoverageServiceDeps {
  db: Database;
}

export type CoverageService = ReturnType<typeof createCoverageService>;

type ParsedQuery = { page: number; limit: number } & CoverageFilter;

/** The twelve cells of a place: a month's details decide it, no details is `missing`. */
const cellsOf = (row: CoverageRow): CoverageCell[] => {
  const byMonth = new Map(row.details.map((d) => [d.month, d]));
  return MONTH_CODES.map((month) => {
    const details = byMonth.get(month);
    if (!details) return { month, state: 'missing' };
    return details.issues.length > 0
      ? { month, state: 'incomplete', placeDetailsId: details.id, issues: details.issues }
      : { month, state: 'complete', placeDetailsId: details.id };
  });
};

/** Every month of `placeCount` places: the complete and incomplete ones, the rest missing. */
const grandTotals = (placeCount: number, complete: number, incomplete: number) => {
  const cells = placeCount * MONTH_CODES.length;
  return {
    complete,
    incomplete,
    missing: Math.max(0, cells - complete - incomplete),
    cells,
    percentComplete: percentOf(complete, cells),
  };
};

/** JAN..DEC totals and the grand total, missing being what the places lack. */
const totalsOf = (placeCount: number, months: CoverageMonthCounts[]) => {
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const monthTotals = MONTH_CODES.map((month) => {
    const m = byMonth.get(month);
    const complete = m?.complete ?? 0;
    const incomplete = m?.incomplete ?? 0;
    return {
      month,
      complete,
      incomplete,
      missing: Math.max(0, placeCount - complete - incomplete),
    };
  });
  const sum = (key: keyof CoverageTotals) => monthTotals.reduce((n, m) => n + m[key], 0);
  return { monthTotals, totals: grandTotals(placeCount, sum('complete'), sum('incomplete')) };
};

/**
 * Issue 23: content coverage. Three statements a grid page (the page with its cells and counts,
 * the number of places, the per-month totals), whatever the number of places.
 */
export const createCoverageService = ({ db }: CoverageServiceDeps) => ({
  async grid(query: ParsedQuery): Promise<CoverageList> {
    const { page, limit, countryId, stateId, search } = query;
    // A malformed id names no country or state: an empty page, as the lists' filters answer.
    if ((countryId && !isUuid(countryId)) || (stateId && !isUuid(stateId))) {
      return { places: [], pagination: makePagination(0, page, limit), ...totalsOf(0, []) };
    }
    const filter = { countryId, stateId, search };
    const [rows, counts] = await Promise.all([
      coveragePage(db, filter, limit, (page - 1) * limit),
      coverageCounts(db, filter),
    ]);
    return {
      places: rows.map((row) => {
        const months = cellsOf(row);
        return {
          _id: row.id,
          name: row.name,
          country: { _id: row.countryId, name: row.countryName },
          state: { _id: row.stateId, name: row.stateName },
          months,
          complete: months.filter((cell) => cell.state === 'complete').length,
          blogCount: row.blogCount,
          activeItineraryCount: row.activeItineraryCount,
        };
      }),
      pagination: makePagination(counts.places, page, limit),
      ...totalsOf(counts.places, counts.months),
    };
  },

  /** The dashboard's card: every active place's totals and the five with the most to do. */
  async summary(): Promise<DashboardCoverage> {
    const { places, complete, incomplete, emptiest } = await coverageSummary(
      db,
      DASHBOARD_COVERAGE_EMPTIEST,
    );
    return {
      totals: grandTotals(places, complete, incomplete),
      emptiestPlaces: emptiest.map((place) => ({
        ...place,
        missing: MONTH_CODES.length - place.complete - place.incomplete,
      })),
    };
  },
});
