import { describe, expect, it, vi } from 'vitest';
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
  okRecord,
} from '../../test/utils';

const LOGIN = '/api/v1/admin/auth/login';
const VALIDATE_CODE = '/api/v1/admin/auth/validate-login-token';
const CLIENT_CONFIG = '/api/v1/common/client-config';
const LOGIN_TOKEN = 'c'.repeat(43);

const UNKNOWN_LOCATION = {
  ip: 'Unknown IP',
  lat: 0,
  long: 0,
  address: {
    country: 'Unknown Country',
    state: 'Unknown State',
    city: 'Unknown City',
    pinCode: 'Unknown Pin Code',
    complete_display_address: 'Unknown Location',
  },
};
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
        ? jsonResponse(okRecord(makeProfile({ permissions: ['dashboard.view'] })))
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

    // The sign-in is sent once the location lookup has settled (it waits for it briefly).
    await waitFor(() => {
      expect(calls.some((call) => call.url === LOGIN)).toBe(true);
    });
    release(jsonResponse(okEnvelope({ token: 'session-token-1', tokenType: 'Session' })));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.sessionStorage.getItem(AUTH_TOKEN_KEY)).toBe('session-token-1');

    const login = calls.find((call) => call.url === LOGIN);
    expect(login?.method).toBe('POST');
    // No location service answers here: the spec §8 fallbacks go along.
    expect(login?.body).toEqual({
      data: {
        email: 'admin@example.com',
        password: 'correct horse',
        rememberMe: false,
        location: UNKNOWN_LOCATION,
      },
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
    stubFetch(() => jsonResponse(okRecord(makeProfile({ permissions: ['dashboard.view'] }))));
    const { router } = renderRoutes(routes, '/login');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('LoginPage: location step (spec §7)', () => {
  it('sends the browser position with its reverse-geocoded address and the looked-up IP', async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) => {
      success({ coords: { latitude: 15.4909, longitude: 73.8278 } } as GeolocationPosition);
    });
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const calls = stubFetch((call) => {
      if (call.url === CLIENT_CONFIG) {
        return jsonResponse(
          okEnvelope({
            location: {
              ipLookupUrl: `${window.location.origin}/fake-ip`,
              reverseGeocodeUrl: `${window.location.origin}/fake-reverse?lat={lat}&lon={long}`,
              ipGeolocationUrl: `${window.location.origin}/fake-ipgeo`,
              timeoutMs: 2000,
            },
          }),
        );
      }
      if (call.url === '/fake-ip') return jsonResponse({ ip: '198.51.100.7' });
      if (call.url === '/fake-reverse') {
        return jsonResponse({
          display_name: 'Panaji, Goa, 403001, India',
          address: { city: 'Panaji', state: 'Goa', postcode: '403001', country: 'India' },
        });
      }
      if (call.url === LOGIN) {
        return jsonResponse(okEnvelope({ token: 'session-token-1', tokenType: 'Session' }));
      }
      if (call.url === PROFILE) {
        return window.sessionStorage.getItem(AUTH_TOKEN_KEY)
          ? jsonResponse(okRecord(makeProfile({ permissions: ['dashboard.view'] })))
          : unauthenticated();
      }
      return jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
    });
    renderRoutes(routes, '/login');
    const user = await fillForm('admin@example.com', 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Dashboard' });

    const reverse = calls.find((call) => call.url === '/fake-reverse');
    expect(reverse?.search.get('lat')).toBe('15.4909');
    expect(reverse?.search.get('lon')).toBe('73.8278');
    expect(calls.some((call) => call.url === '/fake-ipgeo')).toBe(false);
    expect(calls.find((call) => call.url === LOGIN)?.body).toEqual({
      data: {
        email: 'admin@example.com',
        password: 'correct horse',
        rememberMe: false,
        location: {
          ip: '198.51.100.7',
          lat: 15.4909,
          long: 73.8278,
          address: {
            country: 'India',
            state: 'Goa',
            city: 'Panaji',
            pinCode: '403001',
            complete_display_address: 'Panaji, Goa, 403001, India',
          },
        },
      },
    });
  });
});

/** A server whose account has two-factor on: login answers the challenge, codes as given. */
const stubTwoFactorServer = (checkCode: (otp: string) => Response) => {
  let signedIn = false;
  return stubFetch((call) => {
    if (call.url === LOGIN) {
      return jsonResponse(okEnvelope({ twoFactorRequired: true, loginToken: LOGIN_TOKEN }));
    }
    if (call.url === VALIDATE_CODE) {
      const { otp } = (call.body as { data: { otp: string } }).data;
      const response = checkCode(otp);
      if (response.ok) signedIn = true;
      return response;
    }
    if (call.url === PROFILE) {
      return signedIn
        ? jsonResponse(okRecord(makeProfile({ permissions: ['dashboard.view'] })))
        : unauthenticated();
    }
    return jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
  });
};

const sessionAnswer = () =>
  jsonResponse(okEnvelope({ token: 'session-after-code', tokenType: 'Session' }));

describe('LoginPage: two-factor step', () => {
  it('asks for the 6-digit code, checks it with the loginToken, then signs in', async () => {
    const calls = stubTwoFactorServer((otp) =>
      otp === '123456'
        ? sessionAnswer()
        : jsonResponse(
            errorEnvelope(400, 'VALIDATION_ERROR', 'The code is not valid.', [
              {
                path: 'otp',
                message: 'The code is not valid. Try the current code from your app.',
              },
            ]),
          ),
    );
    const { router } = renderRoutes(routes, '/login');
    const user = await fillForm('admin@example.com', 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { name: 'Two-factor authentication' }),
    ).toBeInTheDocument();
    expect(window.sessionStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    // Too short: refused without a call.
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(calls.some((call) => call.url === VALIDATE_CODE)).toBe(false);

    // A wrong code: the server's message at the field.
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('The code is not valid. Try the current code from your app.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.sessionStorage.getItem(AUTH_TOKEN_KEY)).toBe('session-after-code');
    expect(calls.filter((call) => call.url === VALIDATE_CODE).at(-1)?.body).toEqual({
      data: { loginToken: LOGIN_TOKEN, otp: '123456' },
    });
  });

  it('switches to a recovery code', async () => {
    const calls = stubTwoFactorServer(() =>
      jsonResponse(okEnvelope({ token: null, tokenType: 'Cookie' })),
    );
    renderRoutes(routes, '/login');
    const user = await fillForm('admin@example.com', 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    // A cookie session: nothing stored in the page.
    expect(window.sessionStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(calls.find((call) => call.url === VALIDATE_CODE)?.body).toEqual({
      data: { loginToken: LOGIN_TOKEN, otp: 'abcde-12345' },
    });
    expect(screen.queryByText('Use your authenticator app')).not.toBeInTheDocument();
  });

  it('goes back to the password when the challenge is over', async () => {
    stubTwoFactorServer(() =>
      jsonResponse(errorEnvelope(400, 'BAD_REQUEST', 'Too many wrong codes. Sign in again.')),
    );
    renderRoutes(routes, '/login');
    const user = await fillForm('admin@example.com', 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many wrong codes. Sign in again.');
    // The password is asked again.
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
