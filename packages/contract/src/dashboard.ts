import { z } from 'zod';
import { upcomingPublishSchema } from './schedule.js';
import { dashboardCoverageSchema } from './coverage.js';
import { recordSchema } from './envelope.js';
import { HOMEPAGE_LIMITS, MONTH_CODES, TOUR_TYPES } from './constants.js';
import { adminActivitySchema } from './manage.js';
import { scheduledNotificationSchema } from './marketing.js';

/**
 * `GET /api/v1/admin/service/dashboard` (`data.data`): the state of the content at a glance,
 * computed by the server with a handful of aggregate queries. The latest admin activity and the
 * upcoming scheduled notifications are added by the audit-log and notification issues.
 */
const activeInactiveSchema = z.object({
  active: z.number().int().min(0),
  inactive: z.number().int().min(0),
});
const count = z.number().int().min(0);

export const dashboardCountsSchema = z.object({
  itineraries: activeInactiveSchema,
  places: activeInactiveSchema,
  countries: count,
  states: count,
  blogs: z.object({ draft: count, published: count }),
  imageLibraries: activeInactiveSchema,
  /** Pictures held by image libraries. */
  images: count,
});

export const dashboardHomepageSchema = z.object({
  places: count,
  packages: count,
  blogs: count,
  limits: z.object({
    places: z.literal(HOMEPAGE_LIMITS.places),
    packages: z.literal(HOMEPAGE_LIMITS.packages),
    blogs: z.literal(HOMEPAGE_LIMITS.blogs),
  }),
});

const itineraryRefSchema = z.object({ _id: z.string(), title: z.string() });

/** How many rows a gap list shows. */
export const DASHBOARD_GAP_LIMITS = { places: 10, itineraries: 5 } as const;
/** How many of the newest admin activity entries the dashboard shows. */
export const DASHBOARD_ACTIVITY_LIMIT = 5;
/** How many upcoming scheduled notifications the dashboard shows. */
export const DASHBOARD_UPCOMING_LIMIT = 5;

export const dashboardGapsSchema = z.object({
  /** Active places with the fewest of the 12 months covered by place details (most missing first). */
  placesMissingMonths: z.array(
    z.object({
      placeId: z.string(),
      name: z.string(),
      missingMonths: z.number().int().min(1).max(12),
    }),
  ),
  itinerariesWithoutGallery: z.object({ count, items: z.array(itineraryRefSchema) }),
  /** Public itineraries with an empty meta title or meta description. */
  publicItinerariesWithoutSeo: z.object({ count, items: z.array(itineraryRefSchema) }),
});

export const dashboardSchema = z.object({
  counts: dashboardCountsSchema,
  homepage: dashboardHomepageSchema,
  gaps: dashboardGapsSchema,
  /** Every tour type, in TOUR_TYPES order, zeros included. */
  itinerariesByType: z.array(z.object({ type: z.enum(TOUR_TYPES), count })),
  /** JAN..DEC: itineraries offered in each month. */
  itinerariesByMonth: z.array(z.object({ month: z.enum(MONTH_CODES), name: z.string(), count })),
  /**
   * The newest admin activity entries (at most `DASHBOARD_ACTIVITY_LIMIT`), only for an admin who
   * may read the activity log (`activity.view`); absent otherwise.
   */
  latestActivity: z.array(adminActivitySchema).optional(),
  /**
   * The next scheduled marketing notifications (status 'scheduled' or 'sending', soonest first,
   * at most `DASHBOARD_UPCOMING_LIMIT`), only for an admin with `marketing.view`; absent otherwise.
   */
  upcomingNotifications: z.array(scheduledNotificationSchema).optional(),
  /**
   * Issue 21: the next scheduled publishes, unpublishes and homepage lineups the admin may view
   * (soonest first, at most `DASHBOARD_UPCOMING_PUBLISH_LIMIT`); absent when none is visible.
   */
  upcomingPublishes: z.array(upcomingPublishSchema).optional(),
  /**
   * Issue 23: the share of place × month cells complete and the emptiest places, for an admin with
   * `place-details.view`; absent otherwise.
   */
  coverage: dashboardCoverageSchema.optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;
export type DashboardGaps = z.infer<typeof dashboardGapsSchema>;

export const dashboardOneSchema = recordSchema(dashboardSchema);

export const DASHBOARD_MESSAGES = { fetched: 'Dashboard fetched successfully' } as const;
