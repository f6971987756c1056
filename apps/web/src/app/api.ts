import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import {
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  type Envelope,
  type RecordData,
} from '@safarnama/contract';
import { clearToken, getToken } from '../lib/token';
import { showToast } from '../lib/toast';
import { currentPath, loginPathFor, navigateTo } from '../lib/navigator';
import { fetchServiceStatus } from '../lib/serviceStatus';
import { signedOut } from '../features/auth/auth.slice';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/** Calls whose 401 means "wrong credentials / code / bad link", not "your session ended". */
const SESSIONLESS_ENDPOINTS = new Set([
  'login',
  'logout',
  'validateLoginToken',
  'forgotPassword',
  'validateForgotPasswordToken',
  'forgotSetPassword',
]);

const rawBaseQuery = fetchBaseQuery({
  // Absolute so `new Request()` works outside a page too (tests); same origin in the browser.
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  credentials: 'same-origin',
  prepareHeaders: (headers) => {
    headers.set(CLIENT_HEADER, CLIENT_HEADER_VALUE);
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

interface AuthSliceHolder {
  auth?: { isLoggedIn?: boolean };
}

/** What a call needs to end the session (a subset of RTK Query's BaseQueryApi). */
interface SessionApi {
  endpoint: string;
  dispatch: BaseQueryApi['dispatch'];
  getState: BaseQueryApi['getState'];
}

/**
 * A 401 on any call but the session-less ones means the session ended. Then the token is cleared,
 * the auth state and API cache reset, a toast says so, and the admin goes to /login with the path
 * to come back to. A 401 while nobody was signed in (first visit) just returns the error, and the
 * access check redirects without a toast. The realtime `session-revoked` event ends a session
 * through here too, with its own `message`. Shared by `baseQuery` and the upload transport
 * (`app/upload.ts`), so both end a session the same way.
 */
export const handleUnauthorized = (
  status: unknown,
  api: SessionApi,
  hadToken: boolean,
  message: string = SESSION_EXPIRED_MESSAGE,
): void => {
  if (status !== 401 || SESSIONLESS_ENDPOINTS.has(api.endpoint)) return;
  const wasSignedIn = hadToken || ((api.getState() as AuthSliceHolder).auth?.isLoggedIn ?? false);
  clearToken();
  if (!wasSignedIn) return;
  api.dispatch(signedOut());
  showToast('error', message, { toastId: 'session-expired' });
  const returnTo = currentPath();
  if (!returnTo.startsWith('/login')) {
    void Promise.resolve(navigateTo(loginPathFor(returnTo), { replace: true })).then(() => {
      api.dispatch(baseApi.util.resetApiState());
    });
  } else {
    api.dispatch(baseApi.util.resetApiState());
  }
};

/** The screen of spec §2 for an API that is in maintenance or cannot be reached. */
export const SERVICE_UNAVAILABLE_PATH = '/service-unavailable';

let maintenanceCheck: Promise<void> | null = null;

/**
 * A 503 answer means maintenance (DESIGN §7: every admin without `settings.update` gets it), a
 * server that is shutting down, or a database it cannot reach (a failed invitation mail is a 503
 * of its own too). Only maintenance sends the admin away: the public service status is asked once
 * (concurrent 503s share the question) and, when it says `active: false`, the admin goes to
 * /service-unavailable, which brings them back when maintenance ends. Otherwise the page stays and
 * shows the call's own error, as for any failed call (an unreachable server at the first profile
 * load goes to that screen through `RequireAuth`). Shared with the upload transport.
 */
export const handleServiceUnavailable = (status: unknown): Promise<void> | null => {
  if (status !== 503) return null;
  maintenanceCheck ??= fetchServiceStatus()
    .then(async (serviceStatus) => {
      if (serviceStatus?.active !== false) return;
      if (currentPath().startsWith(SERVICE_UNAVAILABLE_PATH)) return;
      await navigateTo(SERVICE_UNAVAILABLE_PATH, { replace: true });
    })
    .finally(() => {
      maintenanceCheck = null;
    });
  return maintenanceCheck;
};

/**
 * Every call goes through here (see `handleUnauthorized` for what a 401 does and
 * `handleServiceUnavailable` for a 503).
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const hadToken = getToken() !== null;
  const result = await rawBaseQuery(args, api, extraOptions);
  handleUnauthorized(result.error?.status, api, hadToken);
  void handleServiceUnavailable(result.error?.status);
  return result;
};

/** The one RTK Query API; features add their endpoints with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Profile', 'ImageLibrary', 'Blog'],
  endpoints: () => ({}),
});

/*
 * The one way answers are unwrapped (contract `envelope.ts`): a single record sits at `data.data`,
 * a list or a named object at `data`, and an action the page reports by its message at `message`.
 * Endpoints name one of these as their `transformResponse`.
 */
export const recordOf = <T>(response: Envelope<RecordData<T>>): T => response.data.data;
export const dataOf = <T>(response: Envelope<T>): T => response.data;
export const messageOf = (response: Envelope<unknown>): string => response.message;
