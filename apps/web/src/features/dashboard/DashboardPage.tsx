import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  AdminActivity,
  Dashboard,
  DashboardCoverage,
  ScheduledNotification,
  UpcomingPublish,
} from '@safarnama/contract';
import { loadWithTimeout } from '../../app/lazy';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { getErrorMessage } from '../../lib/errors';
import { formatCount, formatDateTime, useDisplaySettings } from '../../lib/format';
import { formatIst } from '../../lib/ist';
import { channelsText, StatusBadge } from '../marketing/labels';
import { useGetDashboardQuery } from './dashboard.api';
import type * as DashboardCharts from './DashboardCharts';
import type { ChartDatum } from './DashboardCharts';

// Recharts lives in this chunk only: the page itself stays small and draws its skeleton first.
// Both charts share one load of the chunk (forgotten again if it fails, so a retry can load it).
let chartsChunk: Promise<typeof DashboardCharts> | null = null;
const loadCharts = () => {
  chartsChunk ??= loadWithTimeout(() => import('./DashboardCharts')).catch((error: unknown) => {
    chartsChunk = null;
    throw error;
  });
  return chartsChunk;
};
const TypeChart = lazy(() => loadCharts().then((m) => ({ default: m.TypeChart })));
const MonthChart = lazy(() => loadCharts().then((m) => ({ default: m.MonthChart })));

export const DASHBOARD_LINKS = {
  homepage: '/services/homepage-settings',
  placeDetails: '/services/addPlaceDetails',
  itineraries: '/services/itineraries',
  countries: '/services/addCountries',
  imageLibrary: '/services/image-library',
  activity: '/admins-activities',
  marketing: '/marketing/notification',
  blogs: '/services/addPlaceBlog',
  coverage: '/services/coverage',
} as const;

/** Chart colours per theme, read by the SVG through CSS variables. */
const CHART_VARS =
  '[--chart-bar:var(--color-teal-600)] [--chart-bar-alt:var(--color-indigo-500)] [--chart-grid:var(--color-slate-200)] [--chart-text:var(--color-slate-600)] [--chart-text-strong:var(--color-slate-900)] [--chart-tooltip-bg:var(--color-white)] [--chart-cursor:var(--color-slate-100)] ' +
  'dark:[--chart-bar:var(--color-teal-400)] dark:[--chart-bar-alt:var(--color-indigo-400)] dark:[--chart-grid:var(--color-slate-700)] dark:[--chart-text:var(--color-slate-300)] dark:[--chart-text-strong:var(--color-slate-100)] dark:[--chart-tooltip-bg:var(--color-slate-800)] dark:[--chart-cursor:var(--color-slate-800)]';

const linkClass =
  'font-medium text-teal-700 underline-offset-2 hover:underline dark:text-teal-400 focus-visible:outline-2 focus-visible:outline-teal-500';

const Section = ({
  title,
  action,
  children,
  className = '',
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) => (
  <Card className={`p-5 ${className}`}>
    <section aria-label={title}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  </Card>
);

const StatCard = ({ label, value, detail }: { label: string; value: number; detail?: string }) => (
  <Card className="p-5">
    <div role="group" aria-label={label}>
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white">
        {value.toLocaleString('en-IN')}
      </p>
      {detail ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{detail}</p> : null}
    </div>
  </Card>
);

const Slot = ({ label, value, limit }: { label: string; value: number; limit: number }) => (
  <li>
    <Link
      to={DASHBOARD_LINKS.homepage}
      className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3 hover:border-teal-500 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-500 dark:border-slate-700 dark:hover:border-teal-400 dark:hover:bg-slate-800"
    >
      <span className="text-sm text-slate-700 dark:text-slate-300">{label}</span>{' '}
      <span
        className={`text-lg font-semibold tabular-nums ${
          value >= limit ? 'text-teal-700 dark:text-teal-400' : 'text-slate-900 dark:text-white'
        }`}
      >
        {value}/{limit}
      </span>
    </Link>
  </li>
);

/** The numbers of a chart for screen readers (the SVG is aria-hidden). */
const ChartTable = ({
  caption,
  head,
  data,
}: {
  caption: string;
  head: string;
  data: ChartDatum[];
}) => (
  <table className="sr-only">
    <caption>{caption}</caption>
    <thead>
      <tr>
        <th scope="col">{head}</th>
        <th scope="col">Itineraries</th>
      </tr>
    </thead>
    <tbody>
      {data.map((d) => (
        <tr key={d.label}>
          <th scope="row">{d.label}</th>
          <td>{d.count}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

const ChartSkeleton = () => (
  <div className="flex h-80 w-full animate-pulse items-center justify-center rounded-lg bg-slate-100 text-teal-600 dark:bg-slate-800 dark:text-teal-400">
    <Spinner className="size-6" label="Loading chart..." />
  </div>
);

const GapItineraries = ({
  title,
  gap,
  none,
}: {
  title: string;
  gap: Dashboard['gaps']['itinerariesWithoutGallery'];
  none: string;
}) => (
  <div>
    <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
      {title}: <span className="tabular-nums">{gap.count}</span>
    </h3>
    {gap.items.length === 0 ? (
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{none}</p>
    ) : (
      <ul className="mt-2 space-y-1 text-sm">
        {gap.items.map((item) => (
          <li key={item._id}>
            <Link to={DASHBOARD_LINKS.itineraries} className={linkClass}>
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    )}
  </div>
);

/** The newest audit entries (sent only to admins who may read the log). */
const LatestActivity = ({ entries }: { entries: readonly AdminActivity[] }) => (
  <Section
    title="Latest admin activity"
    action={
      <Link to={DASHBOARD_LINKS.activity} className={`text-sm ${linkClass}`}>
        View all
      </Link>
    }
  >
    {entries.length === 0 ? (
      <p className="text-sm text-slate-600 dark:text-slate-400">No admin activity yet.</p>
    ) : (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {entries.map((entry) => (
          <li
            key={entry._id}
            className="flex flex-col gap-0.5 py-2.5 first:pt-0 last:pb-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
          >
            <span className="text-sm text-slate-900 dark:text-slate-100">{entry.summary}</span>
            <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
              {entry.admin?.name ?? 'System'} ·{' '}
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </span>
          </li>
        ))}
      </ul>
    )}
  </Section>
);

/** The next scheduled marketing notifications (sent only to admins with `marketing.view`). */
const UpcomingNotifications = ({ items }: { items: readonly ScheduledNotification[] }) => (
  <Section
    title="Upcoming scheduled notifications"
    action={
      <Link to={DASHBOARD_LINKS.marketing} className={`text-sm ${linkClass}`}>
        View all
      </Link>
    }
  >
    {items.length === 0 ? (
      <p className="text-sm text-slate-600 dark:text-slate-400">No notifications are scheduled.</p>
    ) : (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {items.map((item) => (
          <li
            key={item._id}
            className="flex flex-col gap-1 py-2.5 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <span className="min-w-0">
              <span className="block text-sm font-medium break-words text-slate-900 dark:text-slate-100">
                {item.title}
              </span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                <time dateTime={item.scheduledAt}>{formatIst(item.scheduledAt)}</time> ·{' '}
                {channelsText(item.channels)}
              </span>
            </span>
            <span className="shrink-0">
              <StatusBadge status={item.status} />
            </span>
          </li>
        ))}
      </ul>
    )}
  </Section>
);

/** Where an upcoming scheduled change's record is listed, and what it is called there. */
const PUBLISH_TARGETS: Record<UpcomingPublish['entity'], { link: string; noun: string }> = {
  itinerary: { link: DASHBOARD_LINKS.itineraries, noun: 'itinerary' },
  blog: { link: DASHBOARD_LINKS.blogs, noun: 'blog' },
  'homepage-settings': { link: DASHBOARD_LINKS.homepage, noun: 'homepage' },
};
const publishWhat = ({ action, entity }: UpcomingPublish): string =>
  action === 'lineup'
    ? 'Homepage lineup'
    : `${action === 'publish' ? 'Publish' : 'Unpublish'} ${PUBLISH_TARGETS[entity].noun}`;

/**
 * The next scheduled publishes, unpublishes and homepage lineups (issue 21; only what the admin
 * may view, sent only when there is some): what happens, the record linking to its list page,
 * and when (IST), in the upcoming notifications' card style.
 */
const UpcomingPublishes = ({ items }: { items: readonly UpcomingPublish[] }) => (
  <Section title="Upcoming scheduled publishes">
    {items.length === 0 ? (
      <p className="text-sm text-slate-600 dark:text-slate-400">Nothing is scheduled.</p>
    ) : (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {items.map((item) => (
          <li
            key={`${item.entity}-${item.entityId}-${item.action}`}
            className="flex flex-col gap-1 py-2.5 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <span className="min-w-0">
              <Link
                to={PUBLISH_TARGETS[item.entity].link}
                className={`block text-sm break-words ${linkClass}`}
              >
                {item.title}
              </Link>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                <time dateTime={item.at}>{formatIst(item.at)}</time>
              </span>
            </span>
            <span className="shrink-0 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900 dark:bg-sky-500/15 dark:text-sky-200">
              {publishWhat(item)}
            </span>
          </li>
        ))}
      </ul>
    )}
  </Section>
);

/**
 * The dashboard's coverage card (issue 23): the share of place × month cells complete over every
 * active place, the counts of each state, and the five places with the most to do, each linking to
 * the coverage grid.
 */
const CoverageCard = ({ coverage }: { coverage: DashboardCoverage }) => {
  const { totals, emptiestPlaces } = coverage;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div>
        <p className="text-3xl font-semibold text-slate-900 tabular-nums dark:text-white">
          {totals.percentComplete}%
          <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">
            of place months complete
          </span>
        </p>
        <div
          aria-hidden="true"
          className="mt-3 h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div
            className="h-full rounded-full bg-emerald-600 dark:bg-emerald-400"
            style={{ width: `${totals.percentComplete}%` }}
          />
        </div>
        <p className="mt-2 text-sm text-slate-600 tabular-nums dark:text-slate-400">
          {totals.complete} complete · {totals.incomplete} incomplete · {totals.missing} missing
        </p>
      </div>
      <div className="lg:col-span-2">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Emptiest places</h3>
        {emptiestPlaces.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Every active place is complete for all 12 months.
          </p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {emptiestPlaces.map((place) => (
              <li key={place.placeId} className="flex justify-between gap-3">
                <Link to={DASHBOARD_LINKS.coverage} className={linkClass}>
                  {place.name}
                </Link>
                <span className="text-slate-600 tabular-nums dark:text-slate-400">
                  {place.complete}/12 complete · {place.incomplete} incomplete · {place.missing}{' '}
                  missing
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
};

const isFreshInstall = ({ counts }: Dashboard) =>
  counts.itineraries.active + counts.itineraries.inactive === 0 &&
  counts.places.active + counts.places.inactive === 0 &&
  counts.countries === 0 &&
  counts.blogs.draft + counts.blogs.published === 0 &&
  counts.imageLibraries.active + counts.imageLibraries.inactive === 0;

const DashboardContent = ({ data }: { data: Dashboard }) => {
  const { counts, homepage, gaps } = data;
  const byType = data.itinerariesByType.map((r) => ({ label: r.type, count: r.count }));
  const byMonth = data.itinerariesByMonth.map((r) => ({
    label: r.name.slice(0, 3),
    count: r.count,
  }));
  const byMonthFull = data.itinerariesByMonth.map((r) => ({ label: r.name, count: r.count }));
  const fresh = isFreshInstall(data);
  return (
    <div className={`space-y-6 ${CHART_VARS}`}>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard
          label="Itineraries"
          value={counts.itineraries.active + counts.itineraries.inactive}
          detail={`${counts.itineraries.active} active · ${counts.itineraries.inactive} inactive`}
        />
        <StatCard
          label="Places"
          value={counts.places.active + counts.places.inactive}
          detail={`${counts.places.active} active · ${counts.places.inactive} inactive`}
        />
        <StatCard
          label="Countries"
          value={counts.countries}
          detail={formatCount(counts.states, 'state')}
        />
        <StatCard
          label="Blogs"
          value={counts.blogs.draft + counts.blogs.published}
          detail={`${counts.blogs.published} published · ${counts.blogs.draft} draft`}
        />
        <StatCard
          label="Image libraries"
          value={counts.imageLibraries.active + counts.imageLibraries.inactive}
          detail={`${counts.imageLibraries.active} active · ${counts.imageLibraries.inactive} inactive`}
        />
        <StatCard label="Images" value={counts.images} detail="in image libraries" />
      </div>

      <Section
        title="Homepage slots"
        action={
          <Link to={DASHBOARD_LINKS.homepage} className={`text-sm ${linkClass}`}>
            Homepage settings
          </Link>
        }
      >
        <ul className="grid gap-3 sm:grid-cols-3">
          <Slot
            label="Trending Destinations"
            value={homepage.places}
            limit={homepage.limits.places}
          />
          <Slot label="Tour Packages" value={homepage.packages} limit={homepage.limits.packages} />
          <Slot label="Travelpedia Blogs" value={homepage.blogs} limit={homepage.limits.blogs} />
        </ul>
      </Section>

      {data.latestActivity || data.upcomingNotifications || data.upcomingPublishes ? (
        <div
          className={`grid gap-6 ${[data.latestActivity, data.upcomingNotifications, data.upcomingPublishes].filter(Boolean).length > 1 ? 'xl:grid-cols-2' : ''}`}
        >
          {data.upcomingNotifications ? (
            <UpcomingNotifications items={data.upcomingNotifications} />
          ) : null}
          {data.upcomingPublishes ? <UpcomingPublishes items={data.upcomingPublishes} /> : null}
          {data.latestActivity ? <LatestActivity entries={data.latestActivity} /> : null}
        </div>
      ) : null}

      {fresh ? (
        <Card>
          <EmptyState
            title="No content yet"
            message="Add countries, states and places first, then place details, itineraries and blogs. The dashboard fills in as content is added."
          >
            <div className="flex flex-wrap justify-center gap-2">
              <Link to={DASHBOARD_LINKS.countries} className={buttonClasses('primary')}>
                Add countries
              </Link>
              <Link to={DASHBOARD_LINKS.imageLibrary} className={buttonClasses('secondary')}>
                Image library
              </Link>
            </div>
          </EmptyState>
        </Card>
      ) : (
        <>
          <Section title="Content gaps">
            <div className="grid gap-6 lg:grid-cols-3">
              <div>
                <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
                  Places missing months of details
                </h3>
                {gaps.placesMissingMonths.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                    Every active place has details for all 12 months.
                  </p>
                ) : (
                  <ul className="mt-2 space-y-1 text-sm">
                    {gaps.placesMissingMonths.map((p) => (
                      <li key={p.placeId} className="flex justify-between gap-3">
                        <Link to={DASHBOARD_LINKS.placeDetails} className={linkClass}>
                          {p.name}
                        </Link>
                        <span className="text-slate-600 tabular-nums dark:text-slate-400">
                          {p.missingMonths}/12 missing
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <GapItineraries
                title="Itineraries without gallery images"
                gap={gaps.itinerariesWithoutGallery}
                none="Every itinerary has gallery images."
              />
              <GapItineraries
                title="Public itineraries without SEO"
                gap={gaps.publicItinerariesWithoutSeo}
                none="Every public itinerary has a meta title and description."
              />
            </div>
          </Section>

          {data.coverage ? (
            <Section
              title="Content coverage"
              action={
                <Link to={DASHBOARD_LINKS.coverage} className={`text-sm ${linkClass}`}>
                  Open the grid
                </Link>
              }
            >
              <CoverageCard coverage={data.coverage} />
            </Section>
          ) : null}

          <div className="grid gap-6 xl:grid-cols-2">
            <Section title="Itineraries by type">
              <ChartTable caption="Itineraries by type" head="Type" data={byType} />
              <Suspense fallback={<ChartSkeleton />}>
                <TypeChart data={byType} />
              </Suspense>
            </Section>
            <Section title="Itineraries by month">
              <ChartTable caption="Itineraries by month" head="Month" data={byMonthFull} />
              <Suspense fallback={<ChartSkeleton />}>
                <MonthChart data={byMonth} />
              </Suspense>
            </Section>
          </div>
        </>
      )}
    </div>
  );
};

export const DashboardPage = () => {
  useDisplaySettings(); // prices and dates follow the Basic Settings live
  const { data, error, isLoading, isFetching, refetch } = useGetDashboardQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <div>
      <PageHeader title="Dashboard" description="The state of the content at a glance." />
      {isLoading ? (
        <div className="flex justify-center py-16 text-teal-600 dark:text-teal-400">
          <Spinner className="size-8" label="Loading dashboard..." />
        </div>
      ) : data ? (
        <DashboardContent data={data} />
      ) : (
        <Card>
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <p className="text-sm font-semibold text-slate-900 dark:text-white">
              The dashboard could not be loaded
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {getErrorMessage(error, 'Please try again.')}
            </p>
            <Button variant="secondary" loading={isFetching} onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        </Card>
      )}
    </div>
  );
};

export { DashboardPage as Component };
