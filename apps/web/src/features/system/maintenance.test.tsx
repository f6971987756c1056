import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { API_PATHS, SETTINGS_MESSAGES, type PermissionKey } from '@safarnama/contract';
import { serverEmit } from '../../test/fakeSocket';
import { renderApp } from '../../test/app';
import { stubSignedIn, okResponse, errorResponse } from '../../test/utils';
import { SERVICE_STATUS_POLL_MS } from './ServiceUnavailablePage';

const NOTE = 'Back at 6 PM IST.';

interface ServerState {
  /** What the public service status says. */
  active: boolean;
  /** Every admin call but the profile answers the maintenance 503 while not active. */
  blocksCalls: boolean;
}

const stubServer = (permissions: PermissionKey[], state: ServerState) =>
  stubSignedIn({ permissions }, (call) => {
    if (call.url === API_PATHS.common.serviceStatus) {
      return okResponse({ active: state.active, message: state.active ? '' : NOTE });
    }
    if (state.blocksCalls && !state.active) {
      return errorResponse(503, 'SERVICE_UNAVAILABLE', SETTINGS_MESSAGES.maintenance);
    }
    return undefined;
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('maintenance mode in the browser', () => {
  it('a maintenance 503 sends a non-settings admin to /service-unavailable, with the note', async () => {
    stubServer(['dashboard.view'], { active: false, blocksCalls: true });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Service Unavailable' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/service-unavailable');
    expect(
      screen.getByText('Our services are temporarily unavailable. Please try again later.'),
    ).toBeInTheDocument();
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
  });

  it('a 503 that is not maintenance (the status says active) keeps the page and its error', async () => {
    const calls = stubSignedIn({ permissions: ['dashboard.view'] }, (call) => {
      if (call.url === API_PATHS.common.serviceStatus) {
        return okResponse({ active: true, message: '' });
      }
      return errorResponse(503, 'SERVICE_UNAVAILABLE', 'Database is not reachable');
    });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByText('Database is not reachable')).toBeInTheDocument();
    await waitFor(() => {
      expect(calls.some((call) => call.url === API_PATHS.common.serviceStatus)).toBe(true);
    });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('/service-unavailable asks the status again and returns home once maintenance ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state = { active: false, blocksCalls: true };
    stubServer(['dashboard.view'], state);
    const { router } = renderApp('/service-unavailable');
    expect(await screen.findByText(NOTE)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(SERVICE_STATUS_POLL_MS));
    expect(router.state.location.pathname).toBe('/service-unavailable');

    state.active = true;
    await act(() => vi.advanceTimersByTimeAsync(SERVICE_STATUS_POLL_MS));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard');
    });
  });

  it('a settings admin keeps working and sees the banner while maintenance is on', async () => {
    const state = { active: false, blocksCalls: false };
    stubServer(['settings.view', 'settings.update'], state);
    const { router } = renderApp('/tasks');
    await screen.findByRole('heading', { name: 'Tasks' });
    const banner = await screen.findByText('Maintenance mode is on.');
    expect(banner.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Turn it off in Basic Settings' })).toHaveAttribute(
      'href',
      '/settings/basic-settings',
    );

    state.active = true;
    act(() => {
      serverEmit('service-status', { active: true });
    });
    await waitFor(() => {
      expect(screen.queryByText('Maintenance mode is on.')).not.toBeInTheDocument();
    });
    state.active = false;
    act(() => {
      serverEmit('service-status', { active: false });
    });
    expect(await screen.findByText('Maintenance mode is on.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tasks');
  });

  it('no banner (and no status call) for admins who cannot change settings', async () => {
    const calls = stubServer(['dashboard.view'], { active: true, blocksCalls: false });
    renderApp('/tasks');
    await screen.findByRole('heading', { name: 'Tasks' });
    expect(screen.queryByText('Maintenance mode is on.')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === API_PATHS.common.serviceStatus)).toBe(false);
  });
});
