import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, MONTHS, SOCKET_EVENTS, TOUR_TYPES, type Dashboard } from '@safarnama/contract';
import { renderApp } from '../../test/app';
import { stubSignedIn, okResponse, errorResponse } from '../../test/utils';
import { serverEmit } from '../../test/fakeSocket';
import { makeNotification } from '../marketing/test-data';

// Recharts needs a laid-out DOM; the page's own behaviour is what is tested here.
vi.mock('./DashboardCharts', () => ({
  TypeChart: ({ data }: { data: { label: string }[] }) => <div>{`type chart: ${data.length}`}</div>,
  MonthChart: ({ data }: { data: { label: string }[] }) => (
    <div>{`month chart: ${data.length}`}</div>
  ),
}));

const answer: Dashboard = {
  counts: {
    itineraries: { active: 7, inactive: 2 },
    places: { active: 12, inactive: 1 },
    countries: 3,
    states: 5,
    blogs: { draft: 4, published: 6 },
    imageLibraries: { active: 8, inactive: 0 },
    images: 42,
  },
  homepage: { places: 2, packages: 8, blogs: 1, limits: { places: 6, packages: 8, blogs: 3 } },
  gaps: {
    placesMissingMonths: [
      { placeId: 'p1', name: 'Munnar', missingMonths: 12 },
      { placeId: 'p2', name: 'Hampi', missingMonths: 9 },
    ],
    itinerariesWithoutGallery: { count: 4, items: [{ _id: 'i1', title: 'Goa Beach Escape' }] },
    publicItinerariesWithoutSeo: { count: 1, items: [{ _id: 'i2', title: 'Ladakh Ride' }] },
  },
  itinerariesByType: TOUR_TYPES.map((type, i) => ({ type, count: i === 0 ? 5 : i === 4 ? 4 : 0 })),
  itinerariesByMonth: MONTHS.map((m, i) => ({ month: m.code, name: m.name, count: i + 1 })),
};

const serve = (dashboard: () => Response) =>
  stubSignedIn({ permissions: ['dashboard.view'] }, (call) =>
    call.url === API_PATHS.service.dashboard ? dashboard() : undefined,
  );

const card = (label: string) => screen.getByRole('group', { name: label });

describe('DashboardPage', () => {
  it('shows the counts, homepage slots, gaps with links and the chart numbers', async () => {
    serve(() => okResponse({ data: answer }));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(await screen.findByRole('group', { name: 'Itineraries' })).toHaveTextContent(
      '97 active · 2 inactive',
    );
    expect(card('Places')).toHaveTextContent('1312 active · 1 inactive');
    expect(card('Countries')).toHaveTextContent('35 states');
    expect(card('Blogs')).toHaveTextContent('106 published · 4 draft');
    expect(card('Image libraries')).toHaveTextContent('88 active · 0 inactive');
    expect(card('Images')).toHaveTextContent('42');

    const slots = screen.getByRole('region', { name: 'Homepage slots' });
    for (const [label, text] of [
      ['Trending Destinations', '2/6'],
      ['Tour Packages', '8/8'],
      ['Travelpedia Blogs', '1/3'],
    ] as const) {
      const link = within(slots).getByRole('link', { name: `${label} ${text}` });
      expect(link).toHaveAttribute('href', '/services/homepage-settings');
    }

    const gaps = screen.getByRole('region', { name: 'Content gaps' });
    expect(within(gaps).getByRole('link', { name: 'Munnar' })).toHaveAttribute(
      'href',
      '/services/addPlaceDetails',
    );
    expect(within(gaps).getByText('9/12 missing')).toBeVisible();
    expect(within(gaps).getByText('Itineraries without gallery images:')).toHaveTextContent('4');
    expect(within(gaps).getByRole('link', { name: 'Goa Beach Escape' })).toHaveAttribute(
      'href',
      '/services/itineraries',
    );
    expect(within(gaps).getByRole('link', { name: 'Ladakh Ride' })).toHaveAttribute(
      'href',
      '/services/itineraries',
    );

    const types = screen.getByRole('table', { name: 'Itineraries by type' });
    expect(within(types).getAllByRole('row')).toHaveLength(TOUR_TYPES.length + 1);
    expect(within(types).getByRole('row', { name: 'Adventure 5' })).toBeInTheDocument();
    expect(within(types).getByRole('row', { name: 'Beach 4' })).toBeInTheDocument();
    const months = screen.getByRole('table', { name: 'Itineraries by month' });
    expect(within(months).getByRole('row', { name: 'December 12' })).toBeInTheDocument();
    expect(await screen.findByText('type chart: 10')).toBeInTheDocument();
    expect(await screen.findByText('month chart: 12')).toBeInTheDocument();
  });

  it('shows the latest admin activity when the answer carries it', async () => {
    serve(() =>
      okResponse({
        data: {
          ...answer,
          latestActivity: [
            {
              _id: 'a1',
              admin: { _id: 'x', name: 'Ravi Kumar', email: 'ravi@example.com' },
              action: 'update',
              entityType: 'itinerary',
              entityId: 'i1',
              summary: "Updated itinerary 'Goa Beach Escape'",
              changes: null,
              method: 'PUT',
              path: '/api/v1/admin/service/update-itinerary/i1',
              ip: '203.0.113.7',
              userAgent: null,
              createdAt: '2025-03-07T10:15:00.000Z',
            },
          ],
        },
      }),
    );
    renderApp('/dashboard');
    const latest = await screen.findByRole('region', { name: 'Latest admin activity' });
    expect(within(latest).getByText("Updated itinerary 'Goa Beach Escape'")).toBeVisible();
    expect(within(latest).getByText(/Ravi Kumar/)).toBeVisible();
    expect(within(latest).getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/admins-activities',
    );
  });

  it('leaves the activity card out when the answer has none (no activity.view)', async () => {
    serve(() => okResponse({ data: answer }));
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Homepage slots' });
    expect(screen.queryByRole('region', { name: 'Latest admin activity' })).not.toBeInTheDocument();
  });

  it('shows the content coverage card with the emptiest places when the answer carries it', async () => {
    serve(() =>
      okResponse({
        data: {
          ...answer,
          coverage: {
            totals: { complete: 30, incomplete: 6, missing: 84, cells: 120, percentComplete: 25 },
            emptiestPlaces: [
              { placeId: 'p1', name: 'Munnar', complete: 0, incomplete: 0, missing: 12 },
              { placeId: 'p2', name: 'Hampi', complete: 1, incomplete: 2, missing: 9 },
            ],
          },
        },
      }),
    );
    renderApp('/dashboard');
    const coverage = await screen.findByRole('region', { name: 'Content coverage' });
    expect(within(coverage).getByText('25%')).toBeVisible();
    expect(within(coverage).getByText('30 complete · 6 incomplete · 84 missing')).toBeVisible();
    expect(within(coverage).getByText('1/12 complete · 2 incomplete · 9 missing')).toBeVisible();
    expect(within(coverage).getByRole('link', { name: 'Hampi' })).toHaveAttribute(
      'href',
      '/services/coverage',
    );
    expect(within(coverage).getByRole('link', { name: 'Open the grid' })).toHaveAttribute(
      'href',
      '/services/coverage',
    );
  });

  it('leaves the coverage card out without the field (no place-details.view)', async () => {
    serve(() => okResponse({ data: answer }));
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Homepage slots' });
    expect(screen.queryByRole('region', { name: 'Content coverage' })).not.toBeInTheDocument();
  });

  it('shows the empty state on a fresh install', async () => {
    const zero = { active: 0, inactive: 0 };
    serve(() =>
      okResponse({
        data: {
          ...answer,
          counts: {
            itineraries: zero,
            places: zero,
            countries: 0,
            states: 0,
            blogs: { draft: 0, published: 0 },
            imageLibraries: zero,
            images: 0,
          },
          homepage: { ...answer.homepage, places: 0, packages: 0, blogs: 0 },
          gaps: {
            placesMissingMonths: [],
            itinerariesWithoutGallery: { count: 0, items: [] },
            publicItinerariesWithoutSeo: { count: 0, items: [] },
          },
        },
      }),
    );
    renderApp('/dashboard');
    expect(await screen.findByText('No content yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add countries' })).toHaveAttribute(
      'href',
      '/services/addCountries',
    );
    expect(screen.queryByRole('region', { name: 'Content gaps' })).not.toBeInTheDocument();
  });

  it('shows the error with a retry that loads the dashboard', async () => {
    let fail = true;
    serve(() =>
      fail
        ? errorResponse(500, 'INTERNAL_ERROR', 'Internal server error')
        : okResponse({ data: answer }),
    );
    renderApp('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The dashboard could not be loaded');
    expect(alert).toHaveTextContent('Internal server error');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Images' })).toHaveTextContent('42');
  });

  describe('upcoming scheduled notifications', () => {
    const upcoming = [
      makeNotification(1, {
        title: 'Monsoon offers',
        channels: ['push', 'email'],
        scheduledAt: '2026-11-21T10:00:15.000Z',
      }),
      makeNotification(2, {
        title: 'Diwali greetings',
        channels: ['sms'],
        status: 'sending',
        scheduledAt: '2026-11-20T04:30:00.000Z',
      }),
    ];

    it('lists title, IST time, channels and status with a link to the page', async () => {
      const zone = process.env.TZ;
      process.env.TZ = 'America/New_York';
      try {
        serve(() => okResponse({ data: { ...answer, upcomingNotifications: upcoming } }));
        renderApp('/dashboard');
        const card = await screen.findByRole('region', {
          name: 'Upcoming scheduled notifications',
        });
        const items = within(card).getAllByRole('listitem');
        expect(items).toHaveLength(2);
        expect(items[0]).toHaveTextContent('Monsoon offers');
        expect(items[0]).toHaveTextContent('Nov 21, 2026, 3:30:15 PM IST · Push, E-mail');
        expect(items[0]).toHaveTextContent('Scheduled');
        expect(items[1]).toHaveTextContent('Diwali greetings');
        expect(items[1]).toHaveTextContent('Nov 20, 2026, 10:00:00 AM IST · SMS');
        expect(items[1]).toHaveTextContent('Sending');
        expect(within(card).getByRole('link', { name: 'View all' })).toHaveAttribute(
          'href',
          '/marketing/notification',
        );
      } finally {
        if (zone === undefined) delete process.env.TZ;
        else process.env.TZ = zone;
      }
    });

    it('says when nothing is scheduled', async () => {
      serve(() => okResponse({ data: { ...answer, upcomingNotifications: [] } }));
      renderApp('/dashboard');
      const card = await screen.findByRole('region', { name: 'Upcoming scheduled notifications' });
      expect(within(card).getByText('No notifications are scheduled.')).toBeVisible();
      expect(within(card).queryByRole('listitem')).not.toBeInTheDocument();
    });

    it('leaves the card out when the answer has no such field (no marketing.view)', async () => {
      serve(() => okResponse({ data: answer }));
      renderApp('/dashboard');
      await screen.findByRole('region', { name: 'Homepage slots' });
      expect(
        screen.queryByRole('region', { name: 'Upcoming scheduled notifications' }),
      ).not.toBeInTheDocument();
    });

    it("loads again when a scheduled send finishes (the socket's 'marketing' notification)", async () => {
      let answers = 0;
      serve(() => {
        answers += 1;
        return okResponse({
          data: {
            ...answer,
            upcomingNotifications: answers === 1 ? upcoming : upcoming.slice(0, 1),
          },
        });
      });
      renderApp('/dashboard');
      const card = await screen.findByRole('region', { name: 'Upcoming scheduled notifications' });
      expect(await within(card).findByText('Diwali greetings')).toBeVisible();
      serverEmit(SOCKET_EVENTS.notification, {
        notification: {
          _id: 'n-1',
          type: 'marketing',
          title: 'Scheduled notification was sent',
          message: '"Diwali greetings": 2 delivered, 0 failed.',
          link: '/marketing/notification',
          isRead: false,
          readAt: null,
          createdAt: new Date().toISOString(),
        },
        unreadCount: 1,
      });
      await waitFor(() => {
        expect(within(card).queryByText('Diwali greetings')).not.toBeInTheDocument();
      });
      expect(answers).toBe(2);
    });
  });
});
