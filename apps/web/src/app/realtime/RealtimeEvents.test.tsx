import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_TOKEN_KEY, type Profile } from '@safarnama/contract';
import { serverEmit, sockets } from '../../test/fakeSocket';
import { renderApp } from '../../test/app';
import {
  makeProfile,
  stubFetch,
  notFound,
  okResponse,
  recordResponse,
  errorResponse,
} from '../../test/utils';

const AUTH = '/api/v1/admin/auth';

/** A server with one session: the profile (first answer, then `later`) until it ends. */
const stubServer = (first: Profile, later: Profile = first) => {
  let answered = 0;
  const state = { signedIn: true };
  stubFetch((call) => {
    if (call.url === `${AUTH}/get-profile-details`) {
      if (!state.signedIn) {
        return errorResponse(401, 'UNAUTHENTICATED', 'Authentication required');
      }
      answered += 1;
      return recordResponse(answered === 1 ? first : later);
    }
    if (call.url === `${AUTH}/logout`) {
      state.signedIn = false;
      return okResponse(null);
    }
    return notFound();
  });
  return state;
};

const mainLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the realtime socket of the signed-in layout', () => {
  it('connects with the tab session token and closes on sign-out', async () => {
    window.sessionStorage.setItem(AUTH_TOKEN_KEY, 'tab-token');
    stubServer(makeProfile());
    renderApp('/tasks');
    await screen.findByRole('heading', { name: 'Tasks' });
    expect(sockets.opened).toEqual(['tab-token']);
    expect(sockets.current?.active).toBe(true);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByLabelText('Email');
    expect(sockets.current).toBeNull();
  });

  it('connects without a token for a remembered (cookie) session', async () => {
    stubServer(makeProfile());
    renderApp('/tasks');
    await screen.findByRole('heading', { name: 'Tasks' });
    expect(sockets.opened).toEqual([null]);
  });

  it('session-revoked: clears the token and goes to /login with the reason', async () => {
    window.sessionStorage.setItem(AUTH_TOKEN_KEY, 'tab-token');
    const server = stubServer(makeProfile());
    const { router } = renderApp('/tasks');
    await screen.findByRole('heading', { name: 'Tasks' });
    server.signedIn = false;
    act(() => {
      serverEmit('session-revoked', { reason: 'password-changed' });
    });
    expect(
      await screen.findByText(
        'Your password was changed, so this session was signed out. Please sign in again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/tasks');
    expect(window.sessionStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(sockets.current).toBeNull();
  });

  it('permissions-changed: reloads the profile so the menu follows', async () => {
    stubServer(
      makeProfile({ permissions: ['dashboard.view'] }),
      makeProfile({ permissions: ['dashboard.view', 'itineraries.view'] }),
    );
    renderApp('/tasks');
    await screen.findByRole('heading', { name: 'Tasks' });
    expect(mainLinks()).not.toContain('Manage Itineraries');
    act(() => {
      serverEmit('permissions-changed', {});
    });
    await waitFor(() => {
      expect(mainLinks()).toContain('Manage Itineraries');
    });
  });

  it('service-status: off → /service-unavailable, then on → back to /', async () => {
    stubServer(makeProfile({ permissions: ['dashboard.view'] }));
    const { router } = renderApp('/tasks');
    await screen.findByRole('heading', { name: 'Tasks' });
    act(() => {
      serverEmit('service-status', { active: false });
    });
    expect(await screen.findByRole('heading', { name: 'Service Unavailable' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/service-unavailable');
    // The page listens on its own socket, opened by an effect that may run after the heading shows
    // (under load it did, and the event went to the layout's socket as it closed).
    await waitFor(() => {
      expect(sockets.opened).toHaveLength(2);
    });
    expect(sockets.current?.listenerCount('service-status')).toBe(1);
    act(() => {
      serverEmit('service-status', { active: true });
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard');
    });
  });

  it('service-status off leaves alone an admin who can end the maintenance', async () => {
    stubServer(makeProfile({ permissions: ['settings.view', 'settings.update'] }));
    const { router } = renderApp('/tasks');
    await screen.findByRole('heading', { name: 'Tasks' });
    act(() => {
      serverEmit('service-status', { active: false });
    });
    expect(router.state.location.pathname).toBe('/tasks');
  });

  it('/service-unavailable returns home when the socket reconnects', async () => {
    stubServer(makeProfile({ permissions: ['dashboard.view'] }));
    const { router } = renderApp('/service-unavailable');
    await screen.findByRole('heading', { name: 'Service Unavailable' });
    await waitFor(() => {
      expect(sockets.current?.io.listenerCount('reconnect')).toBe(1);
    });
    act(() => {
      sockets.current?.io.fire('reconnect');
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard');
    });
  });
});
