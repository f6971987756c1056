import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { AUTH_TOKEN_KEY } from '@safarnama/contract';
import { authApi } from '../features/auth/auth.api';
import { renderApp } from '../test/app';
import { makeProfile, stubFetch, recordResponse, errorResponse } from '../test/utils';

describe('a 401 from the server', () => {
  it('clears the token and the state, says the session expired and returns to /login', async () => {
    window.sessionStorage.setItem(AUTH_TOKEN_KEY, 'expired-soon');
    let expired = false;
    stubFetch(() =>
      expired
        ? errorResponse(401, 'UNAUTHENTICATED', 'Session expired')
        : recordResponse(makeProfile()),
    );
    const { router, store } = renderApp('/tasks');
    await screen.findByRole('heading', { name: 'Tasks' });
    expect(store.getState().auth.isLoggedIn).toBe(true);

    expired = true;
    act(() => {
      store.dispatch(authApi.util.invalidateTags(['Profile']));
    });

    expect(
      await screen.findByText('Your session has expired. Please sign in again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/tasks');
    expect(window.sessionStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('on the login call itself is only a wrong password, not an expired session', async () => {
    window.sessionStorage.setItem(AUTH_TOKEN_KEY, 'still-mine');
    stubFetch(() => errorResponse(401, 'UNAUTHENTICATED', 'Invalid email or password'));
    const { store } = renderApp('/no-such-page');
    await screen.findByText('404');
    await act(async () => {
      await store
        .dispatch(authApi.endpoints.login.initiate({ email: 'a@b.co', password: 'x' }))
        .unwrap()
        .catch(() => undefined);
    });
    expect(window.sessionStorage.getItem(AUTH_TOKEN_KEY)).toBe('still-mine');
    expect(screen.queryByText('Your session has expired. Please sign in again.')).toBeNull();
  });
});
