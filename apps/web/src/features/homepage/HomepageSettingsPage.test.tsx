import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  makePagination,
  type HomepageSettings,
  type PermissionKey,
} from '@safarnama/contract';
import { renderApp } from '../../test/app';
import { type RecordedCall, stubSignedIn, okResponse, errorResponse } from '../../test/utils';
import { IDS, activeCountries, activeStates, blogListAnswer, makeBlog } from '../blogs/test-data';
import { makeImage } from '../image-libraries/test-data';
import { listAnswer, makeItinerary } from '../itineraries/test-data';

const S = API_PATHS.service;
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
const place = (n: number) => ({
  ...activeStates.states[0],
  _id: `place-${n}`,
  id: `place-${n}`,
  name: `Place ${n}`,
  stateId: IDS.state,
  state: { _id: IDS.state, name: 'Kerala' },
  country: { _id: IDS.country, name: 'India' },
  shortDescription: '',
});
const PLACES = Array.from({ length: 7 }, (_, i) => place(i + 1));
const TRIPS = Array.from({ length: 9 }, (_, i) => makeItinerary(i + 1, { title: `Trip ${i + 1}` }));
const INACTIVE = makeItinerary(20, { title: 'Closed Trip', isActive: false });
const BLOGS = Array.from({ length: 4 }, (_, i) => makeBlog(i + 1, { title: `Story ${i + 1}` }));

const stub = (
  options: {
    settings?: HomepageSettings;
    put?: (call: RecordedCall) => Response;
    permissions?: PermissionKey[];
  } = {},
) =>
  stubSignedIn({ permissions: options.permissions ?? EDITOR }, (call) => {
    if (call.url === S.homepageSettings) {
      if (call.method === 'PUT')
        return options.put
          ? options.put(call)
          : okResponse({ data: EMPTY }, 200, 'Homepage settings updated successfully');
      return okResponse({ data: options.settings ?? EMPTY });
    }
    if (call.url === S.activeCountries) return okResponse(activeCountries);
    if (call.url === S.activeStates) return okResponse(activeStates);
    if (call.url === S.activePlaces) return okResponse({ places: PLACES });
    if (call.url === S.listItineraries)
      return okResponse(listAnswer([...TRIPS, INACTIVE], makePagination(10, 1, 100)));
    if (call.url === S.listBlogs) return okResponse(blogListAnswer(BLOGS));
    return undefined;
  });

const open = async () => {
  renderApp(PAGE);
  expect(await screen.findByRole('heading', { name: 'Homepage Settings' })).toBeInTheDocument();
  // The sections appear once the saved settings have loaded (the heading comes first): on a busy
  // machine that is after the heading, so wait for them too.
  return {
    destinations: await screen.findByRole('region', { name: 'Trending Destinations' }),
    packages: await screen.findByRole('region', { name: 'Tour Packages' }),
    blogs: await screen.findByRole('region', { name: 'Travelpedia Blogs' }),
  };
};

describe('HomepageSettingsPage', () => {
  it('asks for a country and state before showing place cards, then refuses a 7th place', async () => {
    stub();
    const user = userEvent.setup();
    const { destinations } = await open();
    const d = within(destinations);
    expect(
      d.getByText('Please select a country and state to view available places'),
    ).toBeInTheDocument();
    expect(d.getByRole('heading', { name: 'Trending Destinations (0/6 selected)' })).toBeVisible();
    const country = await d.findByLabelText('Country');
    // The select is there before its countries have loaded.
    await within(country).findByRole('option', { name: 'India (IN)' });
    await user.selectOptions(country, IDS.country);
    expect(d.getByText('Please select a country and state to view available places')).toBeVisible();
    await waitFor(() => {
      expect(d.getByRole('option', { name: 'Kerala' })).toBeInTheDocument();
    });
    await user.selectOptions(d.getByLabelText('State'), IDS.state);
    const cards = within(await d.findByRole('list', { name: 'Available places' }));
    for (let i = 1; i <= 7; i += 1)
      await user.click(cards.getByRole('button', { name: new RegExp(`^Place ${i}`) }));
    expect(await screen.findByText('Maximum 6 places can be selected')).toBeInTheDocument();
    expect(d.getByRole('heading', { name: 'Trending Destinations (6/6 selected)' })).toBeVisible();
    await user.click(d.getByRole('button', { name: 'Remove Place 2' }));
    expect(d.getByRole('heading', { name: 'Trending Destinations (5/6 selected)' })).toBeVisible();
  });

  it('offers only active packages not chosen, refuses a 9th, and saves the order', async () => {
    const calls = stub();
    const user = userEvent.setup();
    const { packages, blogs } = await open();
    const p = within(packages);
    const available = within(await p.findByRole('list', { name: 'Available packages' }));
    expect(available.queryByText('Closed Trip')).not.toBeInTheDocument();
    expect(available.getAllByText('₹1,25,000 per person')).toHaveLength(9);
    for (let i = 1; i <= 8; i += 1)
      await user.click(available.getByRole('button', { name: new RegExp(`^Trip ${i}\\b`) }));
    // Chosen ones leave the offer: only Trip 9 remains.
    expect(available.getAllByRole('button')).toHaveLength(1);
    await user.click(available.getByRole('button', { name: /^Trip 9/ }));
    expect(await screen.findByText('Maximum 8 packages can be selected')).toBeInTheDocument();
    expect(p.getByRole('heading', { name: 'Tour Packages (8/8 selected)' })).toBeVisible();

    const selected = within(p.getByRole('list', { name: 'Selected packages' }));
    await user.click(
      within(selected.getByRole('listitem', { name: '2. Trip 2' })).getByRole('button', {
        name: 'Move up',
      }),
    );
    expect(selected.getByRole('listitem', { name: '1. Trip 2' })).toBeInTheDocument();

    const b = within(blogs);
    const blogCards = within(await b.findByRole('list', { name: 'Available blogs' }));
    for (let i = 1; i <= 4; i += 1)
      await user.click(blogCards.getByRole('button', { name: new RegExp(`^Story ${i}`) }));
    expect(await screen.findByText('Maximum 3 blogs can be selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Homepage settings updated successfully')).toBeInTheDocument();
    const put = calls.find((c) => c.url === S.homepageSettings && c.method === 'PUT');
    const order = [2, 1, 3, 4, 5, 6, 7, 8];
    expect(put?.body).toEqual({
      data: {
        trendingDestinations: [],
        trendingActivities: [],
        tourPackages: order.map((n, i) => ({ _id: TRIPS[n - 1]?._id, displayOrder: i + 1 })),
        blogs: BLOGS.slice(0, 3).map((blog) => blog._id),
        isActive: true,
      },
    });
  });

  it('searches blogs with page 1 and size 10 after the debounce', async () => {
    const calls = stub();
    const user = userEvent.setup();
    const { blogs } = await open();
    await user.type(within(blogs).getByLabelText('Search blogs...'), 'munnar');
    await waitFor(
      () => {
        const last = calls.filter((c) => c.url === S.listBlogs).at(-1);
        expect(last?.search.get('search')).toBe('munnar');
        expect(last?.search.get('page')).toBe('1');
        expect(last?.search.get('limit')).toBe('10');
      },
      { timeout: 2000 },
    );
  });

  it('shows the saved selection in display order and the server message on failure', async () => {
    stub({
      settings: {
        ...EMPTY,
        tourPackages: [
          {
            _id: 'b',
            displayOrder: 2,
            title: 'Second',
            duration: '2D',
            pricePerPerson: 10,
            description: '',
          },
          {
            _id: 'a',
            displayOrder: 1,
            title: 'First',
            duration: '1D',
            pricePerPerson: 10,
            description: '',
          },
        ],
      },
      put: () => errorResponse(400, 'VALIDATION_ERROR', 'Itinerary is not active'),
    });
    const user = userEvent.setup();
    const { packages } = await open();
    const selected = within(within(packages).getByRole('list', { name: 'Selected packages' }));
    expect(selected.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      '1. First',
      '2. Second',
    ]);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Itinerary is not active')).toBeInTheDocument();
  });

  it('asks the pickers for publishable items only and shows thumbnails on the cards', async () => {
    const pictured = makeItinerary(31, { title: 'Pictured Trip', coverImage: makeImage(31) });
    const bare = makeItinerary(32, { title: 'Bare Trip', coverImage: null });
    const hidden = makeItinerary(33, { title: 'Hidden Trip', visibility: 'private' });
    const places = [{ ...place(1), image: makeImage(41) }, place(2)];
    const calls = stubSignedIn({ permissions: EDITOR }, (call) => {
      if (call.url === S.homepageSettings) return okResponse({ data: EMPTY });
      if (call.url === S.activeCountries) return okResponse(activeCountries);
      if (call.url === S.activeStates) return okResponse(activeStates);
      if (call.url === S.activePlaces) return okResponse({ places });
      if (call.url === S.listItineraries) return okResponse(listAnswer([pictured, bare, hidden]));
      if (call.url === S.listBlogs) return okResponse(blogListAnswer(BLOGS));
      return undefined;
    });
    const user = userEvent.setup();
    const { destinations, packages, blogs } = await open();

    const available = within(
      await within(packages).findByRole('list', { name: 'Available packages' }),
    );
    const itineraryCall = calls.find((c) => c.url === S.listItineraries);
    expect(itineraryCall?.search.get('publishable')).toBe('true');
    await within(blogs).findByRole('list', { name: 'Available blogs' });
    expect(
      calls
        .filter((c) => c.url === S.listBlogs)
        .every((c) => c.search.get('publishable') === 'true'),
    ).toBe(true);
    // A private one is never offered, even if a list answered it.
    expect(available.queryByText('Hidden Trip')).toBeNull();

    const withPicture = available.getByRole('button', { name: /^Pictured Trip/ });
    expect(withPicture.querySelector('img')?.getAttribute('src')).toBe('/uploads/lib/31-320.webp');
    expect(withPicture.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    const withoutPicture = available.getByRole('button', { name: /^Bare Trip/ });
    expect(withoutPicture.querySelector('img')).toBeNull();
    expect(withoutPicture.querySelector('[data-thumbnail="empty"]')).not.toBeNull();

    // The chosen package keeps its picture in the ordered list.
    await user.click(withPicture);
    const selected = within(within(packages).getByRole('list', { name: 'Selected packages' }));
    expect(
      selected.getByRole('listitem', { name: '1. Pictured Trip' }).querySelector('img'),
    ).not.toBeNull();

    const d = within(destinations);
    const country = await d.findByLabelText('Country');
    await within(country).findByRole('option', { name: 'India (IN)' });
    await user.selectOptions(country, IDS.country);
    await waitFor(() => {
      expect(d.getByRole('option', { name: 'Kerala' })).toBeInTheDocument();
    });
    await user.selectOptions(d.getByLabelText('State'), IDS.state);
    const cards = within(await d.findByRole('list', { name: 'Available places' }));
    expect(
      cards
        .getByRole('button', { name: /^Place 1/ })
        .querySelector('img')
        ?.getAttribute('src'),
    ).toBe('/uploads/lib/41-320.webp');
    expect(cards.getByRole('button', { name: /^Place 2/ }).querySelector('img')).toBeNull();
  });

  it('flags chosen items the site no longer shows and says how many', async () => {
    const calls = stub({
      settings: {
        ...EMPTY,
        trendingDestinations: [
          {
            _id: 'place-9',
            name: 'Munnar',
            state: { _id: IDS.state, name: 'Kerala' },
            country: { _id: IDS.country, name: 'India' },
            image: null,
            publishable: false,
            hiddenReason: 'State inactive',
          },
        ],
        tourPackages: [
          {
            _id: 'a',
            displayOrder: 1,
            title: 'First',
            duration: '1D',
            pricePerPerson: 10,
            description: '',
            image: null,
            publishable: false,
            hiddenReason: 'Private',
          },
          {
            _id: 'b',
            displayOrder: 2,
            title: 'Second',
            duration: '2D',
            pricePerPerson: 10,
            description: '',
            image: makeImage(5),
            publishable: true,
          },
        ],
        blogs: [{ _id: 'blog-9', title: 'Old story', publishable: false, hiddenReason: 'Draft' }],
      },
    });
    const user = userEvent.setup();
    const { destinations, packages, blogs } = await open();
    expect(
      screen.getByText(
        '3 chosen items are not shown on the site. Remove them, or make them publishable again.',
      ),
    ).toBeVisible();
    const selected = within(within(packages).getByRole('list', { name: 'Selected packages' }));
    expect(
      within(selected.getByRole('listitem', { name: '1. First' })).getByText(
        'Not shown on the site: Private',
      ),
    ).toBeVisible();
    expect(
      within(selected.getByRole('listitem', { name: '2. Second' })).queryByText(
        /Not shown on the site/,
      ),
    ).toBeNull();
    expect(within(destinations).getByText('Not shown on the site: State inactive')).toBeVisible();
    expect(within(blogs).getByText('Not shown on the site: Draft')).toBeVisible();

    await user.click(within(blogs).getByRole('button', { name: 'Remove Old story' }));
    expect(
      screen.getByText(
        '2 chosen items are not shown on the site. Remove them, or make them publishable again.',
      ),
    ).toBeVisible();
    // A flagged item may stay: the save sends it as it is.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Homepage settings updated successfully');
    const put = calls.find((c) => c.url === S.homepageSettings && c.method === 'PUT');
    expect(put?.body).toMatchObject({
      data: {
        trendingDestinations: ['place-9'],
        tourPackages: [
          { _id: 'a', displayOrder: 1 },
          { _id: 'b', displayOrder: 2 },
        ],
        blogs: [],
      },
    });
  });

  it('with homepage.view only: the saved selection, read-only, and no Save', async () => {
    const calls = stub({
      permissions: ['homepage.view'],
      settings: {
        ...EMPTY,
        tourPackages: [
          {
            _id: 'a',
            displayOrder: 1,
            title: 'First',
            duration: '1D',
            pricePerPerson: 1500,
            description: '',
          },
        ],
        blogs: [
          { _id: 'blog-1', title: 'Story 1' },
          { _id: 'blog-2', title: 'Story 2', publishable: false, hiddenReason: 'Draft' },
        ],
      },
    });
    const { destinations, packages, blogs } = await open();
    expect(
      screen.getByText(
        '1 chosen item is not shown on the site. Remove it, or make it publishable again.',
      ),
    ).toBeVisible();
    expect(within(blogs).getByText('Not shown on the site: Draft')).toBeVisible();
    expect(
      screen.getByText('You can see what the homepage features but not change it.'),
    ).toBeVisible();
    expect(within(destinations).getByText('Nothing selected.')).toBeVisible();
    expect(within(packages).getByText(/First · 1D · ₹1,500 per person/)).toBeVisible();
    expect(within(blogs).getByText('Story 1')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    // The pickers (which need other modules' lists) are not loaded.
    expect(calls.some((call) => call.url === S.listItineraries)).toBe(false);
  });

  it('says an error occurred when the server does not answer', async () => {
    stubSignedIn({ permissions: EDITOR }, (call) => {
      if (call.url === S.homepageSettings && call.method === 'PUT')
        return Promise.reject(new TypeError('Failed to fetch'));
      if (call.url === S.homepageSettings) return okResponse({ data: EMPTY });
      if (call.url === S.listItineraries) return okResponse(listAnswer([]));
      if (call.url === S.listBlogs) return okResponse(blogListAnswer([]));
      return okResponse(activeCountries);
    });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('An error occurred while updating settings'),
    ).toBeInTheDocument();
  });

  it('says so when a picker list is refused, instead of showing it empty', async () => {
    const forbidden = 'You do not have permission to perform this action.';
    const refused = () => errorResponse(403, 'FORBIDDEN', forbidden);
    stubSignedIn({ permissions: EDITOR }, (call) => {
      if (call.url === S.homepageSettings) return okResponse({ data: EMPTY });
      if (call.url === S.activeCountries) return okResponse(activeCountries);
      if (call.url === S.activeStates) return okResponse(activeStates);
      if ([S.activePlaces, S.listItineraries, S.listBlogs].some((url) => url === call.url))
        return refused();
      return undefined;
    });
    const user = userEvent.setup();
    const { destinations, packages, blogs } = await open();
    expect(
      await within(packages).findByText(`Tour packages could not be loaded. ${forbidden}`),
    ).toBeVisible();
    expect(within(packages).queryByText('No active tour packages to add here.')).toBeNull();
    expect(await within(blogs).findByText(`Blogs could not be loaded. ${forbidden}`)).toBeVisible();
    expect(within(blogs).queryByText('No blogs found.')).toBeNull();

    const d = within(destinations);
    const country = await d.findByLabelText('Country');
    await within(country).findByRole('option', { name: 'India (IN)' });
    await user.selectOptions(country, IDS.country);
    await waitFor(() => {
      expect(d.getByRole('option', { name: 'Kerala' })).toBeInTheDocument();
    });
    await user.selectOptions(d.getByLabelText('State'), IDS.state);
    expect(await d.findByText(`Places could not be loaded. ${forbidden}`)).toBeVisible();
    expect(d.queryByText('No active places in this state.')).toBeNull();
  });
});
