import {
  API_PATHS,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  DEFAULT_BRANDING,
  type Branding,
} from '@safarnama/contract';
import { setDisplaySettings } from '../lib/format';
import { baseApi, injectEndpoints } from './api';
import type { AppDispatch } from './store';

/**
 * The one source of the branding (issue 20): the Basic Settings' product name, logo, currency
 * symbol and time zone, read from the public `GET common/client-config` (so the sign-in pages
 * have them too). The root route subscribes (`useBranding`), a Basic Settings save refetches it
 * (tag 'ClientConfig') and the socket's `branding-changed` carries the new values to every open
 * tab (`brandingChanged`). Whatever arrives goes to `lib/format`'s display settings first, so
 * prices and dates use it from the very render that shows the new name.
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The answer's `branding`, field by field over the defaults (an older server sends none). */
export const readBranding = (body: unknown): Branding => {
  const data = isObject(body) && isObject(body.data) ? body.data : undefined;
  const found = data && isObject(data.branding) ? data.branding : {};
  const text = (key: 'productName' | 'currencySymbol' | 'timeZone') => {
    const value = found[key];
    return typeof value === 'string' && value.trim() ? value : DEFAULT_BRANDING[key];
  };
  return {
    productName: text('productName'),
    logoUrl: typeof found.logoUrl === 'string' && found.logoUrl ? found.logoUrl : null,
    currencySymbol: text('currencySymbol'),
    timeZone: text('timeZone'),
  };
};

/** New branding: the formatters take it at once (before any component renders it). */
const applyBranding = (branding: Branding): Branding => {
  setDisplaySettings(branding);
  return branding;
};

type ClientConfigAnswer =
  | { data: unknown }
  | { error: { status: number; data: null } | { status: 'FETCH_ERROR'; error: string } };

/**
 * `GET common/client-config` as a plain fetch, not the base query: a public call whose failure
 * must not end a session or trigger the maintenance check. Answers the body, or the error for
 * RTK Query. The branding reads it here; the maps' tile setting reads it too (`mapTiles.ts`).
 */
export const fetchClientConfig = async (): Promise<ClientConfigAnswer> => {
  try {
    const response = await fetch(new URL(API_PATHS.common.clientConfig, window.location.origin), {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    });
    if (!response.ok) return { error: { status: response.status, data: null } };
    return { data: (await response.json()) as unknown };
  } catch (error) {
    return { error: { status: 'FETCH_ERROR', error: String(error) } };
  }
};

export const brandingApi = injectEndpoints({
  // On failure the last branding (or the default) stays.
  getBranding: (build) =>
    build.query<Branding, undefined>({
      queryFn: async () => {
        const answer = await fetchClientConfig();
        return 'error' in answer
          ? { error: answer.error }
          : { data: applyBranding(readBranding(answer.data)) };
      },
      providesTags: ['ClientConfig'],
    }),
});

/** The branding to show: the server's, or the defaults while loading or when it cannot be read. */
export const useBranding = (): Branding => {
  const { data } = brandingApi.useGetBrandingQuery(undefined);
  return data ?? DEFAULT_BRANDING;
};

/** The socket's `branding-changed`: the carried values at once, in every open tab. */
export const brandingChanged = (branding: Branding | undefined) => (dispatch: AppDispatch) => {
  if (!branding) {
    // No values carried: read them again.
    dispatch(baseApi.util.invalidateTags(['ClientConfig']));
    return;
  }
  const next = applyBranding(readBranding({ data: { branding } }));
  void dispatch(brandingApi.util.upsertQueryData('getBranding', undefined, next));
};
