import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { API_PATHS, DEFAULT_BRANDING, SOCKET_EVENTS, type Branding } from '@safarnama/contract';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/app';
import { serverEmit, sockets } from '../test/fakeSocket';
import {
  okResponse,
  stubFetch,
  errorResponse,
  stubSignedIn,
  type RecordedCall,
} from '../test/utils';
import { listAnswer, makeItinerary } from '../features/itineraries/test-data';

/**
 * Issue 20: the Basic Settings' product name, logo, currency symbol and time zone reach the
 * sidebar, the tab title, the sign-in page and every price, and follow a save live.
 */
const CONFIG = API_PATHS.common.clientConfig;
const LOCATION_OFF = {
  ipLookupUrl: '',
  reverseGeocodeUrl: '',
  ipGeolocationUrl: '',
  timeoutMs: 3000,
};
const YATRA: Branding = {
  productName: 'Yatra Desk',
  logoUrl: '/uploads/images/2025/01/logo-320.webp',
  currencySymbol: '$',
  timeZone: 'Asia/Kolkata',
};
const goa = makeItinerary(1, { title: 'Goa Beach Escape', pricePerPerson: 125_000 });

/** A signed-in itineraries reader; client-config answers `branding` (undefined: an older server). */
const stubServer = (branding: () => Branding | undefined | 'down') =>
  stubSignedIn({ permissions: ['itineraries.view', 'itineraries.create'] }, (call) => {
    if (call.url === CONFIG) {
      const current = branding();
      if (current === 'down') return errorResponse(502, 'BAD_GATEWAY', 'Bad gateway');
      return okResponse(
        current ? { location: LOCATION_OFF, branding: current } : { location: LOCATION_OFF },
      );
    }
    if (call.url === API_PATHS.service.listItineraries) return okResponse(listAnswer([goa]));
    return undefined;
  });

const sidebarBrand = () => {
  const sidebar = document.getElementById('app-sidebar');
  if (!sidebar) throw new Error('no sidebar');
  return { text: sidebar.querySelector('p')?.textContent, logo: sidebar.querySelector('img') };
};

const priceOf = async (title: string) => {
  const row = (await screen.findByText(title)).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return within(row);
};

const configCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url === CONFIG);

describe('branding from the Basic Settings', () => {
  it('names the sidebar and the tab, shows the logo and prices every amount with the symbol', async () => {
    stubServer(() => YATRA);
    renderApp('/services/itineraries');
    const row = await priceOf('Goa Beach Escape');
    await waitFor(() => expect(row.getByText('$1,25,000')).toBeInTheDocument());
    expect(sidebarBrand().text).toBe('Yatra Desk');
    expect(sidebarBrand().logo).toHaveAttribute('src', YATRA.logoUrl);
    expect(document.title).toBe('Manage Itineraries · Yatra Desk');
    // The form's price label names the same symbol.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add New Itinerary' }));
    expect(await screen.findByLabelText('Price per Person ($) *')).toBeInTheDocument();
  });

  it('keeps the defaults while the settings cannot be read, and from an older server', async () => {
    for (const answer of ['down', undefined] as const) {
      const calls = stubServer(() => answer);
      const view = renderApp('/services/itineraries');
      const row = await priceOf('Goa Beach Escape');
      await waitFor(() => expect(configCalls(calls).length).toBeGreaterThan(0));
      expect(row.getByText('₹1,25,000')).toBeInTheDocument();
      expect(sidebarBrand().text).toBe('Safarnama');
      expect(sidebarBrand().logo).toHaveAttribute('src', '/favicon.svg');
      expect(document.title).toBe('Manage Itineraries · Safarnama');
      view.unmount();
    }
  });

  it('follows a save made in another tab live: sidebar, title and prices, without a reload', async () => {
    const server: { branding?: Branding } = {};
    const calls = stubServer(() => server.branding);
    renderApp('/services/itineraries');
    const row = await priceOf('Goa Beach Escape');
    expect(row.getByText('₹1,25,000')).toBeInTheDocument();
    await waitFor(() => expect(sockets.current).not.toBeNull());
    await waitFor(() => expect(document.title).toBe('Manage Itineraries · Safarnama'));

    // The event carries the new branding: it applies at once, without asking the server.
    const before = configCalls(calls).length;
    act(() => serverEmit(SOCKET_EVENTS.brandingChanged, { branding: YATRA }));
    expect(row.getByText('$1,25,000')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Manage Itineraries · Yatra Desk'));
    expect(sidebarBrand().text).toBe('Yatra Desk');
    expect(sidebarBrand().logo).toHaveAttribute('src', YATRA.logoUrl);
    expect(configCalls(calls)).toHaveLength(before);

    // An event without values (an older server) reads the client config again.
    server.branding = { ...YATRA, productName: 'Safar Desk', currencySymbol: 'Rs.', logoUrl: null };
    act(() => serverEmit(SOCKET_EVENTS.brandingChanged, {}));
    await waitFor(() => expect(sidebarBrand().text).toBe('Safar Desk'));
    expect(row.getByText('Rs.1,25,000')).toBeInTheDocument();
    expect(configCalls(calls)).toHaveLength(before + 1);
    expect(sidebarBrand().logo).toHaveAttribute('src', '/favicon.svg');
    expect(document.title).toBe('Manage Itineraries · Safar Desk');
  });

  it('shows every date in the configured zone with its name, and follows a zone change live', async () => {
    stubSignedIn({ permissions: ['settings.view'], createdAt: '2025-01-01T00:00:00.000Z' });
    renderApp('/profile-details');
    expect(await screen.findByText('Jan 1, 2025, 5:30 AM IST')).toBeInTheDocument();
    await waitFor(() => expect(sockets.current).not.toBeNull());
    act(() =>
      serverEmit(SOCKET_EVENTS.brandingChanged, {
        branding: { ...DEFAULT_BRANDING, timeZone: 'America/New_York' },
      }),
    );
    expect(screen.getByText('Dec 31, 2024, 7:00 PM GMT-5')).toBeInTheDocument();
  });

  it('names the product on the sign-in page, before sign-in', async () => {
    stubFetch((call) =>
      call.url === CONFIG
        ? okResponse({ location: LOCATION_OFF, branding: YATRA })
        : errorResponse(401, 'UNAUTHENTICATED', 'Authentication required'),
    );
    renderApp('/login');
    expect(
      await screen.findByText('Welcome back. Sign in to the Yatra Desk back-office.'),
    ).toBeInTheDocument();
    expect(document.title).toBe('Sign in · Yatra Desk');
    expect(screen.getByText('Yatra Desk admin back-office')).toBeInTheDocument();
  });
});
