import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { API_PATHS, MONTHS, TOUR_TYPES, type Dashboard } from '@safarnama/contract';
import { renderApp } from '../../test/app';
import { okResponse, stubSignedIn } from '../../test/utils';
import { makeNotification } from '../marketing/test-data';

vi.mock('./DashboardCharts', () => ({
  TypeChart: () => <div>type chart</div>,
  MonthChart: () => <div>month chart</div>,
}));

const answer: Dashboard = {
  counts: {
    itineraries: { active: 1, inactive: 1 },
    places: { active: 1, inactive: 0 },
    countries: 1,
    states: 1,
    blogs: { draft: 1, published: 0 },
    imageLibraries: { active: 0, inactive: 0 },
    images: 0,
  },
  homepage: { places: 0, packages: 0, blogs: 0, limits: { places: 6, packages: 8, blogs: 3 } },
  gaps: {
    placesMissingMonths: [],
    itinerariesWithoutGallery: { count: 0, items: [] },
    publicItinerariesWithoutSeo: { count: 0, items: [] },
  },
  itinerariesByType: TOUR_TYPES.map((type) => ({ type, count: 0 })),
  itinerariesByMonth: MONTHS.map((m) => ({ month: m.code, name: m.name, count: 0 })),
};

const serve = (dashboard: Dashboard) =>
  stubSignedIn({ permissions: ['dashboard.view'] }, (call) =>
    call.url === API_PATHS.service.dashboard ? okResponse({ data: dashboard }) : undefined,
  );

describe('DashboardPage: upcoming scheduled publishes (issue 21)', () => {
  it('lists what happens, the record linking to its list page and when (IST), beside the notifications', async () => {
    serve({
      ...answer,
      upcomingNotifications: [makeNotification(1, { title: 'Monsoon offers' })],
      upcomingPublishes: [
        {
          entity: 'blog',
          entityId: 'b1',
          title: 'Monsoon in Munnar',
          action: 'publish',
          at: '2030-05-31T18:30:05.000Z',
        },
        {
          entity: 'itinerary',
          entityId: 'i1',
          title: 'Goa Beach Escape',
          action: 'unpublish',
          at: '2030-06-02T04:30:00.000Z',
        },
        {
          entity: 'homepage-settings',
          entityId: 'l1',
          title: 'Homepage lineup',
          action: 'lineup',
          at: '2030-06-03T00:00:00.000Z',
        },
      ],
    });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Upcoming scheduled publishes' });
    expect(screen.getByRole('region', { name: 'Upcoming scheduled notifications' })).toBeVisible();
    const rows = within(card).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Monsoon in Munnar');
    expect(rows[0]).toHaveTextContent('Jun 1, 2030, 12:00:05 AM IST');
    expect(rows[0]).toHaveTextContent('Publish blog');
    expect(within(rows[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/services/addPlaceBlog',
    );
    expect(rows[1]).toHaveTextContent('Unpublish itinerary');
    expect(
      within(rows[1] as HTMLElement).getByRole('link', { name: 'Goa Beach Escape' }),
    ).toHaveAttribute('href', '/services/itineraries');
    expect(rows[2]).toHaveTextContent('Homepage lineup');
    expect(within(rows[2] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/services/homepage-settings',
    );
  });

  it('leaves the card out when the answer has none', async () => {
    serve(answer);
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Homepage slots' });
    expect(
      screen.queryByRole('region', { name: 'Upcoming scheduled publishes' }),
    ).not.toBeInTheDocument();
  });
});
