import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_TOKEN_KEY, CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@safarnama/contract';
import { routes } from '../../app/router';
import {
  errorEnvelope,
  jsonResponse,
  makeProfile,
  okEnvelope,
  renderRoutes,
  stubFetch,
  type RecordedCall,
} from '../../test/utils';

const LOGIN = '/api/v1/admin/auth/login';
const PROFILE = '/api/v1/admin/auth/get-profile-details';
const unauthenticated = () =>
  jsonResponse(errorEnvelope(401, 'UNAUTHENTICATED', 'Authentication required'));

/** A server that refuses the profile until a login succeeded, and answers login with `answer`. */
const stubServer = (answer: (call: RecordedCall) => Response | Promise<Response>) => {
  let signedIn = false;
  return stubFetch(async (call) => {
    if (call.url === LOGIN) {
      const response = await answer(call);
      signedIn = response.ok;
      return response;
    }
    if (call.url === PROFILE) {
      return signedIn
        ? jsonResponse(okEnvelope(makeProfile({ permissions: ['dashboard.view'] })))
        : unauthenticated();
    }
    return jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
  });
};

const fillForm = async (email: string, password: string) => {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  return user;
};

describe('LoginPage', () => {
  it('labels every field and offers the theme control and the forgot-password link', async () => {
    stubServer(() => unauthenticated());
    renderRoutes(routes, '/login');
    expect(await screen.findByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Remember me')).not.toBeChecked();
    expect(screen.getByLabelText('Theme')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('shows and hides the password', async () => {
    stubServer(() => unauthenticated());
    renderRoutes(routes, '/login');
    const user = await fillForm('a@b.co', 'secret');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('disables the button while signing in, then keeps a Session token and opens the dashboard', async () => {
    let release: (response: Response) => void = () => undefined;
    const calls = stubServer(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const { router } = renderRoutes(routes, '/login');
    const user = await fillForm('  admin@example.com ', 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const pending = await screen.findByRole('button', { name: 'Signing in...' });
    expect(pending).toBeDisabled();

    release(jsonResponse(okEnvelope({ token: 'session-token-1', tokenType: 'Session' })));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.sessionStorage.getItem(AUTH_TOKEN_KEY)).toBe('session-token-1');

    const login = calls.find((call) => call.url === LOGIN);
    expect(login?.method).toBe('POST');
    expect(login?.body).toEqual({
      data: { email: 'admin@example.com', password: 'correct horse', rememberMe: false },
    });
    expect(login?.headers.get(CLIENT_HEADER)).toBe(CLIENT_HEADER_VALUE);
    // Later calls carry the token.
    const lastProfile = calls.filter((call) => call.url === PROFILE).at(-1);
    expect(lastProfile?.headers.get('Authorization')).toBe('Bearer session-token-1');
  });

  it('stores nothing for a Cookie session and returns to the page asked for', async () => {
    const calls = stubServer(() => jsonResponse(okEnvelope({ token: null, tokenType: 'Cookie' })));
    const { router } = renderRoutes(routes, '/login?returnTo=%2Ftasks');
    const user = await fillForm('admin@example.com', 'correct horse');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'Tasks' });
    expect(router.state.location.pathname).toBe('/tasks');
    expect(window.sessionStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(calls.find((call) => call.url === LOGIN)?.body).toMatchObject({
      data: { rememberMe: true },
    });
  });

  it("shows the server's message when the credentials are wrong", async () => {
    stubServer(() =>
      jsonResponse(errorEnvelope(401, 'UNAUTHENTICATED', 'Invalid email or password')),
    );
    const { router } = renderRoutes(routes, '/login');
    const user = await fillForm('admin@example.com', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('shows field errors from a 400 answer under the field', async () => {
    stubServer(() =>
      jsonResponse(
        errorEnvelope(400, 'VALIDATION_ERROR', 'Please correct the highlighted fields', [
          { path: 'email', message: 'This e-mail is not allowed' },
        ]),
      ),
    );
    renderRoutes(routes, '/login');
    const user = await fillForm('admin@example.com', 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please correct the highlighted fields',
    );
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('This e-mail is not allowed');
  });

  it('checks the form with the contract before calling the server', async () => {
    const calls = stubServer(() => unauthenticated());
    renderRoutes(routes, '/login');
    const user = await fillForm('not-an-email', 'x');
    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls.some((call) => call.url === LOGIN)).toBe(false);
  });

  it('sends an admin who is already signed in on to the dashboard', async () => {
    stubFetch(() => jsonResponse(okEnvelope(makeProfile({ permissions: ['dashboard.view'] }))));
    const { router } = renderRoutes(routes, '/login');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
