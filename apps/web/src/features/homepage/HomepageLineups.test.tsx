import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  API_PATHS,
  HOMEPAGE_LINEUP_TEXTS,
  IDEMPOTENCY_HEADER,
  SCHEDULE_TEXTS,
  makePagination,
  type HomepageLineup,
  type HomepageLineupStatus,
  type HomepageSettings,
  type PermissionKey,
} from '@safarnama/contract';
import { renderApp } from '../../test/app';
import { okResponse, stubSignedIn, type RecordedCall } from '../../test/utils';
import { blogListAnswer, makeBlog } from '../blogs/test-data';
import { listAnswer, makeItinerary } from '../itineraries/test-data';

const S = API_PATHS.service;
const L = API_PATHS.homepageLineups;
const PAGE = '/services/homepage-settings';
const EDITOR: PermissionKey[] = ['homepage.view', 'homepage.update'];
const EMPTY: HomepageSettings = {
  trendingDestinations: [],
  trendingActivities: [],
  tourPackages: [],
  blogs: [],
  isActive: true,
  updatedAt: null,
};
const STORY = makeBlog(1, { title: 'Story 1' });
const TRIP = makeItinerary(2, { title: 'Trip 2', duration: '3 Days' });

const lineup = (n: number, overrides: Partial<HomepageLineup> = {}): HomepageLineup => ({
  _id: `lineup-${n}`,
  id: `lineup-${n}`,
  startsAt: '2030-05-31T18:30:00.000Z',
  status: 'scheduled',
  trendingDestinations: [{ _id: 'place-7', name: 'Munnar' }],
  tourPackages: [
    { _id: 'gone', name: 'Old Trip', displayOrder: 2 },
    { _id: TRIP._id, name: 'Trip 2', displayOrder: 1 },
  ],
  blogs: [{ _id: STORY._id, name: 'Story 1' }],
  isActive: true,
  createdBy: { _id: 'admin-2', name: 'Ravi Kumar' },
  createdAt: '2030-05-01T00:00:00.000Z',
  updatedAt: '2030-05-01T00:00:00.000Z',
  appliedAt: null,
  dropped: [],
  failureReason: null,
  ...overrides,
});

/** A fake server holding lineups: list by status, create, change and cancel them. */
const serve = (initial: HomepageLineup[] = []) => {
  const lineups = [...initial];
  const calls = stubSignedIn({ permissions: EDITOR }, (call: RecordedCall) => {
    if (call.url === S.homepageSettings) return okResponse({ data: EMPTY });
    if (call.url === S.listItineraries) return okResponse(listAnswer([TRIP]));
    if (call.url === S.listBlogs) return okResponse(blogListAnswer([STORY]));
    if (call.url === L.list && call.method === 'GET') {
      const status = call.search.get('status') as HomepageLineupStatus;
      const found = lineups.filter((item) => item.status === status);
      return okResponse({
        lineups: found,
        pagination: makePagination(found.length, 1, Number(call.search.get('limit'))),
      });
    }
    const body = (call.body as { data?: Record<string, unknown> } | undefined)?.data;
    if (call.url === L.create && call.method === 'POST') {
      const created = lineup(9, { startsAt: String(body?.startsAt), blogs: [] });
      lineups.push(created);
      return okResponse({ data: created }, 201, HOMEPAGE_LINEUP_TEXTS.scheduled);
    }
    const target = lineups.find((item) => call.url === L.one(item._id));
    if (target && call.method === 'PUT') {
      target.startsAt = String(body?.startsAt);
      return okResponse({ data: target }, 200, HOMEPAGE_LINEUP_TEXTS.updated);
    }
    if (target && call.method === 'DELETE') {
      target.status = 'cancelled';
      return okResponse(null, 200, HOMEPAGE_LINEUP_TEXTS.cancelled);
    }
    return undefined;
  });
  return { calls, lineups };
};

const open = async () => {
  const view = renderApp(PAGE);
  const section = await screen.findByRole('region', { name: 'Scheduled lineups' });
  return { ...view, section: within(section) };
};

const setStart = (dialog: ReturnType<typeof within>, date: string, time: string) => {
  fireEvent.change(dialog.getByLabelText('Start date (IST)'), { target: { value: date } });
  fireEvent.change(dialog.getByLabelText('Start time (IST)'), { target: { value: time } });
};

describe('Homepage Settings: scheduled lineups (issue 21)', { timeout: 30_000 }, () => {
  it("'Schedule this lineup…' POSTs the editor's selection with an IST start instead of saving", async () => {
    const { calls } = serve();
    const { user, section } = await open();
    expect(await section.findByText('No lineups are waiting.')).toBeVisible();
    const blogs = await screen.findByRole('region', { name: 'Travelpedia Blogs' });
    const available = await within(blogs).findByRole('list', { name: 'Available blogs' });
    await user.click(within(available).getByRole('button', { name: /Story 1/ }));

    await user.click(screen.getByRole('button', { name: 'Schedule this lineup…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Schedule Lineup' }));
    expect(dialog.getByText('0 destinations · 0 packages · 1 blog')).toBeVisible();
    setStart(dialog, '2020-01-01', '10:00');
    await user.click(dialog.getByRole('button', { name: 'Schedule Lineup' }));
    expect(await dialog.findByText(SCHEDULE_TEXTS.startsInPast)).toBeVisible();
    expect(calls.some((call) => call.url === L.create && call.method === 'POST')).toBe(false);

    setStart(dialog, '2030-06-01', '06:00');
    await user.click(dialog.getByRole('button', { name: 'Schedule Lineup' }));
    expect(await screen.findByText(HOMEPAGE_LINEUP_TEXTS.scheduled)).toBeInTheDocument();
    const post = calls.find((call) => call.url === L.create && call.method === 'POST');
    expect(post?.body).toEqual({
      data: {
        trendingDestinations: [],
        trendingActivities: [],
        tourPackages: [],
        blogs: [STORY._id],
        isActive: true,
        startsAt: '2030-06-01T06:00:00+05:30',
      },
    });
    expect(post?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing was saved live, the list shows the new lineup, the editor is back to the live one.
    expect(calls.some((call) => call.url === S.homepageSettings && call.method === 'PUT')).toBe(
      false,
    );
    expect(
      await section.findByRole('listitem', { name: 'Lineup starting Jun 1, 2030, 6:00:00 AM IST' }),
    ).toBeVisible();
    expect(within(blogs).queryByRole('list', { name: 'Selected blogs' })).not.toBeInTheDocument();
  });

  it('lists waiting lineups with counts, names and who scheduled them, and recent ones with drops', async () => {
    serve([
      lineup(1),
      lineup(2, {
        status: 'applied',
        appliedAt: '2030-04-01T00:00:00.000Z',
        dropped: [{ kind: 'itinerary', _id: 'gone', name: 'Old Trip', reason: 'Deleted' }],
      }),
      lineup(3, {
        status: 'failed',
        updatedAt: '2030-03-01T00:00:00.000Z',
        failureReason: 'Nothing left to show',
      }),
    ]);
    const { section } = await open();
    const waiting = within(
      await section.findByRole('listitem', {
        name: 'Lineup starting Jun 1, 2030, 12:00:00 AM IST',
      }),
    );
    expect(
      waiting.getByText(/1 destination · 2 packages · 1 blog · scheduled by Ravi Kumar/),
    ).toBeVisible();
    // Packages in their display order.
    expect(waiting.getByText('Trip 2, Old Trip')).toBeVisible();
    expect(waiting.getByText('Munnar')).toBeVisible();

    const recent = await section.findByRole('list', { name: 'Recent lineups' });
    // Newest first; each item's own list (what was dropped) is inside it.
    const [applied, failed] = [...recent.children];
    expect(applied).toHaveTextContent('Applied');
    expect(applied).toHaveTextContent('Apr 1, 2030, 5:30:00 AM IST');
    expect(applied).toHaveTextContent('Old Trip (package): Deleted');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('Nothing left to show');
  });

  it('cancels a waiting lineup after the confirm', async () => {
    const { calls } = serve([lineup(1)]);
    const { user, section } = await open();
    await user.click(
      await section.findByRole('button', {
        name: 'Cancel the lineup of Jun 1, 2030, 12:00:00 AM IST',
      }),
    );
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Cancel lineup?' }));
    await user.click(confirm.getByRole('button', { name: 'Cancel Lineup' }));
    expect(await screen.findByText(HOMEPAGE_LINEUP_TEXTS.cancelled)).toBeInTheDocument();
    expect(calls.some((call) => call.url === L.one('lineup-1') && call.method === 'DELETE')).toBe(
      true,
    );
    expect(await section.findByText('No lineups are waiting.')).toBeVisible();
  });

  it('loads a lineup into the editor, then reschedules it with a PUT', async () => {
    const { calls } = serve([lineup(1)]);
    const { user, section } = await open();
    // A package's details come from the package picker's list: loaded before the lineup is.
    const packages = within(screen.getByRole('region', { name: 'Tour Packages' }));
    await packages.findByRole('button', { name: /^Trip 2/ });
    await user.click(
      await section.findByRole('button', {
        name: 'Load the lineup of Jun 1, 2030, 12:00:00 AM IST into the editor',
      }),
    );
    // The lineup's items in the editor: known details where the page has them, else the name.
    const selected = within(packages.getByRole('list', { name: 'Selected packages' }));
    expect(selected.getByRole('listitem', { name: '1. Trip 2' })).toHaveTextContent('3 Days');
    expect(selected.getByRole('listitem', { name: '2. Old Trip' })).not.toHaveTextContent('₹');
    const destinations = within(screen.getByRole('region', { name: 'Trending Destinations' }));
    expect(destinations.getByRole('list', { name: 'Selected destinations' })).toHaveTextContent(
      /^Munnar$/,
    );
    expect(screen.getByText('Editing a scheduled lineup.')).toBeVisible();
    expect(section.getByText('In the editor')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Reschedule lineup…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reschedule Lineup' }));
    expect(dialog.getByLabelText('Start date (IST)')).toHaveValue('2030-06-01');
    expect(dialog.getByLabelText('Start time (IST)')).toHaveValue('00:00:00');
    setStart(dialog, '2030-06-02', '00:00:00');
    await user.click(dialog.getByRole('button', { name: 'Save Lineup' }));
    expect(await screen.findByText(HOMEPAGE_LINEUP_TEXTS.updated)).toBeInTheDocument();
    const put = calls.find((call) => call.url === L.one('lineup-1') && call.method === 'PUT');
    expect(put?.body).toEqual({
      data: {
        trendingDestinations: ['place-7'],
        trendingActivities: [],
        tourPackages: [
          { _id: TRIP._id, displayOrder: 1 },
          { _id: 'gone', displayOrder: 2 },
        ],
        blogs: [STORY._id],
        isActive: true,
        startsAt: '2030-06-02T00:00:00+05:30',
      },
    });
    await waitFor(() => {
      expect(screen.queryByText('Editing a scheduled lineup.')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'Schedule this lineup…' })).toBeVisible();
  });
});
