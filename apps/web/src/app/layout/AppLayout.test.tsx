import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_TOKEN_KEY, type Profile } from '@safarnama/contract';
import { ADMIN_PAGES } from '../navigation';
import { renderApp } from '../../test/app';
import {
  makeProfile,
  stubFetch,
  stubSignedIn,
  okResponse,
  recordResponse,
  errorResponse,
  notFound,
} from '../../test/utils';

const PROFILE = '/api/v1/admin/auth/get-profile-details';
const LOGOUT = '/api/v1/admin/auth/logout';

const stubProfile = (profile: Profile) => stubSignedIn(profile);

/**
 * As the server for a token session: the profile answers only while the tab still sends its
 * token, so once the web has dropped it the login page asks again and is not let back in.
 * (Answering the profile always would send the admin straight back to /dashboard.)
 */
const stubTokenSession = (profile: Profile, logout: () => Response) =>
  stubFetch((call) => {
    if (call.url === LOGOUT) return logout();
    if (call.headers.get('authorization') !== 'Bearer tok')
      return errorResponse(401, 'UNAUTHORIZED', 'Unauthorized');
    return call.url === PROFILE ? recordResponse(profile) : notFound();
  });

const sidebarLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

describe('the signed-in layout', () => {
  it("shows the admin's name and role and every section to a super admin", async () => {
    stubProfile(
      makeProfile({
        name: 'Asha Verma',
        userType: { _id: 'r1', name: 'Super Admin', isSuperAdmin: true },
      }),
    );
    renderApp('/dashboard');
    const links = await sidebarLinks();
    const expected = ADMIN_PAGES.filter((page) => page.nav).map((page) => page.nav?.label);
    expect(links).toEqual(expected);
    for (const label of ['Add Role', 'Places Travelpedia', 'Ip Blocking', 'Chat', 'FAQ']) {
      expect(links).toContain(label);
    }
    expect(screen.getByText('Asha Verma')).toBeInTheDocument();
    expect(screen.getByText('Super Admin')).toBeInTheDocument();
    expect(screen.getByLabelText('Theme')).toBeInTheDocument();
  });

  it('hides the sections the admin has no permission for', async () => {
    stubProfile(makeProfile({ permissions: ['dashboard.view', 'itineraries.view'] }));
    renderApp('/dashboard');
    const links = await sidebarLinks();
    expect(links).toEqual(
      expect.arrayContaining(['Dashboard', 'Manage Itineraries', 'Profile', 'Tasks', 'Chat']),
    );
    for (const hidden of [
      'Countries',
      'Add Role',
      'Add User',
      'Settings',
      'Add Notification',
      'Image Library',
    ]) {
      expect(links).not.toContain(hidden);
    }
    expect(screen.queryByRole('heading', { name: 'Users & Roles' })).not.toBeInTheDocument();
  });

  it('marks the current page in the sidebar', async () => {
    stubProfile(makeProfile({ permissions: ['itineraries.view'] }));
    renderApp('/services/itineraries');
    await screen.findByRole('heading', { name: 'Itinerary Management', level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Manage Itineraries' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Tasks' })).not.toHaveAttribute('aria-current');
  });

  it('answers a page without its permission with the 403 screen', async () => {
    stubProfile(makeProfile({ permissions: ['dashboard.view'] }));
    renderApp('/services/addCountries');
    expect(await screen.findByText('403')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to view this page.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Home' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login with the path to come back to', async () => {
    stubFetch(() => errorResponse(401, 'UNAUTHENTICATED', 'Authentication required'));
    const { router } = renderApp('/services/itineraries?page=2');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(
      '/services/itineraries?page=2',
    );
  });

  it('goes to /service-unavailable when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Service Unavailable' })).toBeInTheDocument();
    expect(
      screen.getByText('Our services are temporarily unavailable. Please try again later.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/service-unavailable');
  });

  it('signs out: revokes the session, clears the token and opens /login', async () => {
    window.sessionStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const calls = stubTokenSession(makeProfile({ permissions: ['dashboard.view'] }), () =>
      okResponse(null),
    );
    const { router } = renderApp('/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('Email', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.find((call) => call.url === LOGOUT)?.headers.get('Authorization')).toBe(
      'Bearer tok',
    );
    expect(window.sessionStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('signs out locally even when the server call fails', async () => {
    window.sessionStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    stubTokenSession(makeProfile({ permissions: ['dashboard.view'] }), () =>
      errorResponse(500, 'INTERNAL_ERROR', 'Something went wrong'),
    );
    const { router } = renderApp('/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('Email', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });
});
