import {
  DASHBOARD_GAP_LIMITS,
  HOMEPAGE_LIMITS,
  MONTHS,
  TOUR_TYPES,
  type Dashboard,
} from '@safarnama/contract';
import type { Database, Executor } from '../../db/client.js';
import {
  countItinerariesWithGallery,
  countPublicWithoutSeo,
  itineraryGroups,
  newestPublicWithoutSeo,
  newestWithoutGallery,
  otherCounts,
  placesMissingMonths,
  withoutParallelWorkers,
} from './dashboard.repo.js';

export interface DashboardServiceDeps {
  db: Database;
}

export type DashboardService = ReturnType<typeof createDashboardService>;

/**
 * The dashboard: seven aggregate statements sent side by side (the pool runs them in parallel on
 * PostgreSQL; PGlite queues them), then shaped here: every tour type and month listed, zeros
 * included, in the contract's order.
 */
export const createDashboardService = ({ db }: DashboardServiceDeps) => ({
  async get(): Promise<Dashboard> {
    const serial = <T>(run: (tx: Executor) => Promise<T>) => withoutParallelWorkers(db, run);
    const [groups, withGalleryCount, withoutSeoCount, withoutGallery, withoutSeo, others, missing] =
      await Promise.all([
        serial(itineraryGroups),
        serial(countItinerariesWithGallery),
        countPublicWithoutSeo(db),
        newestWithoutGallery(db, DASHBOARD_GAP_LIMITS.itineraries),
        newestPublicWithoutSeo(db, DASHBOARD_GAP_LIMITS.itineraries),
        otherCounts(db),
        serial((tx) => placesMissingMonths(tx, DASHBOARD_GAP_LIMITS.places)),
      ]);
    const byType = new Map<string, number>();
    const byMonth = new Map<string, number>();
    let active = 0;
    let inactive = 0;
    for (const g of groups) {
      byType.set(g.type, (byType.get(g.type) ?? 0) + g.n);
      for (const month of g.months) byMonth.set(month, (byMonth.get(month) ?? 0) + g.n);
      if (g.active) active += g.n;
      else inactive += g.n;
    }
    return {
      counts: {
        itineraries: { active, inactive },
        places: others.places,
        countries: others.countries,
        states: others.states,
        blogs: others.blogs,
        imageLibraries: others.imageLibraries,
        images: others.images,
      },
      homepage: { ...others.homepage, limits: { ...HOMEPAGE_LIMITS } },
      gaps: {
        placesMissingMonths: missing,
        itinerariesWithoutGallery: {
          count: Math.max(0, active + inactive - withGalleryCount),
          items: withoutGallery,
        },
        publicItinerariesWithoutSeo: { count: withoutSeoCount, items: withoutSeo },
      },
      itinerariesByType: TOUR_TYPES.map((type) => ({ type, count: byType.get(type) ?? 0 })),
      itinerariesByMonth: MONTHS.map(({ code, name }) => ({
        month: code,
        name,
        count: byMonth.get(code) ?? 0,
      })),
    };
  },
});
