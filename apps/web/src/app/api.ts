import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type EndpointBuilder,
  type EndpointDefinitions,
  type FetchBaseQueryMeta,
  type MutationExtraOptions,
  type QueryExtraOptions,
  type TagDescription,
} from '@reduxjs/toolkit/query/react';
import {
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  type DuplicateUpload,
  type Envelope,
  type ListQuery,
  type RecordData,
} from '@safarnama/contract';
import { uploadWithProgress } from './upload';
import { idempotencyHeaders } from '../lib/idempotency';
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
 * A call's arguments: fetch's, a create's `idempotencyKey` (sent as its header), an update's
 * `version` (the record's version the form was opened with, sent as `If-Match: "<version>"`: the
 * server refuses a stale one with 409 `EDIT_CONFLICT`, issue 21), and with `upload` a multipart
 * body sent by `app/upload.ts` (XMLHttpRequest: fetch reports no upload progress), which calls
 * `onProgress` with the share sent (and the store's `dispatch`, for a slice).
 */
export interface ApiArgs extends Omit<FetchArgs, 'headers'> {
  idempotencyKey?: string | undefined;
  version?: number | undefined;
  upload?: boolean;
  onProgress?: ((fraction: number, dispatch: BaseQueryApi['dispatch']) => void) | undefined;
}

/**
 * Every call goes through here, by fetch or the upload transport (see `handleUnauthorized` for
 * what a 401 does and `handleServiceUnavailable` for a 503).
 */
export const baseQuery: BaseQueryFn<
  string | ApiArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const hadToken = getToken() !== null;
  const { idempotencyKey, version, upload, onProgress, ...rest } =
    typeof args === 'string' ? { url: args } : args;
  const headers = idempotencyHeaders(idempotencyKey);
  if (version !== undefined) headers['If-Match'] = `"${version}"`;
  const request = { ...rest, headers };
  const progress = onProgress && ((fraction: number) => onProgress(fraction, api.dispatch));
  const result = upload
    ? await uploadWithProgress({ ...request, onProgress: progress }, api)
    : await rawBaseQuery(request, api, extraOptions);
  handleUnauthorized(result.error?.status, api, hadToken);
  void handleServiceUnavailable(result.error?.status);
  return result;
};

/** Every feature's cache tags: a list is `{ type, id: 'LIST' }`, one record `{ type, id }`. */
const TAG_TYPES = [
  ...['Profile', 'LoginActivity', 'Notification', 'Dashboard', 'ServiceStatus', 'ImageLibrary'],
  ...['Blog', 'PlaceDetails', 'Itinerary', 'HomepageSettings', 'Country', 'State', 'Place'],
  ...['ScheduledNotification', 'UserType', 'AdminUser', 'Activity', 'AllowedIp'],
  ...['Communication', 'BasicSettings', 'PolicySettings', 'ClientConfig', 'Revision'],
] as const;
type TagType = (typeof TAG_TYPES)[number];
type TagList = readonly TagDescription<TagType>[];

/** The one RTK Query API; features add their endpoints with `injectEndpoints` below. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

/*
 * The one way answers are unwrapped (contract `envelope.ts`): a single record sits at `data.data`,
 * a list or a named object at `data`, and an action the page reports by its message at `message`.
 */
export const recordOf = <T>(response: Envelope<RecordData<T>>): T => response.data.data;
export const dataOf = <T>(response: Envelope<T>): T => response.data;
/**
 * An upload's record (issue 24): `recordOf`, with the near-identical images already stored that
 * the answer's `data.duplicates` lists, when it lists any.
 */
export const uploadOf = <T>(
  response: Envelope<RecordData<T> & { duplicates?: DuplicateUpload[] }>,
): Uploaded<T> => ({ ...response.data.data, duplicates: response.data.duplicates ?? [] });
/** An uploaded record and the copies its new images have (empty: none). */
export type Uploaded<T> = T & { duplicates: DuplicateUpload[] };
export const messageOf = (response: Envelope<unknown>): string => response.message;

/*
 * Endpoint builders. A feature's endpoints are a table, `injectEndpoints({ name: builder(...) })`,
 * a call of its own there `(build) => build.query({...})`. `request` makes the call of the
 * argument, `unwrap` reads the answer, `tags` are fixed or made of the argument (and the error).
 */
type Base = typeof baseQuery;
type Build = EndpointBuilder<Base, TagType, 'api'>;
type Request<A> = string | ((arg: A) => string | ApiArgs);
type Unwrap<T, A> = (response: never, meta: FetchBaseQueryMeta | undefined, arg: A) => T;
type Tags<A> = TagList | ((arg: A, error: unknown) => TagList);

const queryOf = <A>(request: Request<A>) => (typeof request === 'string' ? () => request : request);
const tagsOf =
  <A>(tags: Tags<A> = []) =>
  (_result: unknown, error: unknown, arg: A) =>
    typeof tags === 'function' ? tags(arg, error) : tags;

export const getQuery =
  <T, A = undefined>(
    request: Request<A>,
    unwrap: Unwrap<T, A>,
    tags?: Tags<A>,
    extra?: Pick<QueryExtraOptions<TagType, T, A, Base>, 'onQueryStarted' | 'keepUnusedDataFor'>,
  ) =>
  (build: Build) =>
    build.query<T, A>({
      query: queryOf(request),
      transformResponse: unwrap,
      providesTags: tagsOf(tags),
      ...extra,
    });

export const mutation =
  <T, A = undefined>(
    request: Request<A>,
    unwrap: Unwrap<T, A>,
    tags?: Tags<A>,
    extra?: Pick<MutationExtraOptions<TagType, T, A, Base>, 'onQueryStarted'>,
  ) =>
  (build: Build) =>
    build.mutation<T, A>({
      query: queryOf(request),
      transformResponse: unwrap,
      invalidatesTags: tagsOf(tags),
      ...extra,
    });

/** The tags only after a success (a refetch after a failure would reset what the admin typed). */
export const ifOk =
  <A>(tags: Tags<A>): Tags<A> =>
  (arg, error) =>
    error ? [] : tagsOf(tags)(undefined, undefined, arg);

/** Query parameters of a paged list: `search` only when there is one, trimmed. */
export const pageParams = ({ page, limit, search }: ListQuery) =>
  search.trim() ? { page, limit, search: search.trim() } : { page, limit };

/** GET a paged list (`data.<plural>` + `data.pagination`), tagged `{ type, id: 'LIST' }`. */
export const listQuery = <T>(url: string, type: TagType) =>
  getQuery((args: ListQuery) => ({ url, params: pageParams(args) }), dataOf<T>, [
    { type, id: 'LIST' },
  ]);

/** A call without a body: `method` to the URL (or the URL of the argument, as `id` in a path). */
export const call =
  <A = undefined>(method: string, url: string | ((arg: A) => string)) =>
  (arg: A): ApiArgs => ({ url: typeof url === 'string' ? url : url(arg), method });

/** The request body of spec §7, `{ data: arg }`; POST unless `method` says otherwise. */
export const withData =
  <A>(url: string, method = 'POST') =>
  (data: A): ApiArgs => ({ url, method, body: { data } });

/** An action: POST `{ data: arg }`, answered by the server's message. */
export const action = <A>(url: string, tags?: Tags<A>) =>
  mutation(withData<A>(url), messageOf, tags);

/** A create: POST `{ data: input }` with the form's `Idempotency-Key` (a retry creates once). */
export const createRequest =
  <I>(url: string) =>
  ({ input, idempotencyKey }: { input: I; idempotencyKey: string }): ApiArgs => ({
    url,
    method: 'POST',
    body: { data: input },
    idempotencyKey,
  });

/** A multipart body built by the caller, and the share of it sent so far (0..1) while it uploads. */
export interface MultipartArgs {
  body: FormData;
  onProgress?: ((fraction: number) => void) | undefined;
}

/** A multipart call: through the upload transport (by default when there is `onProgress`). */
export const multipart = (
  method: string,
  url: string,
  { body, onProgress, idempotencyKey }: Pick<ApiArgs, 'body' | 'onProgress' | 'idempotencyKey'>,
  upload = onProgress !== undefined,
): ApiArgs => ({ url, method, body, onProgress, idempotencyKey, upload });

/** Adds a feature's table of endpoints to `baseApi`; the hooks are named after them. */
export const injectEndpoints = <E extends Record<string, (build: Build) => unknown>>(
  endpoints: E,
) =>
  baseApi.injectEndpoints({
    endpoints: (build) =>
      Object.fromEntries(
        Object.entries(endpoints).map(([name, define]) => [name, define(build)]),
      ) as { [K in keyof E]: Extract<ReturnType<E[K]>, EndpointDefinitions[string]> },
  });
