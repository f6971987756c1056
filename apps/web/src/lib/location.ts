import {
  API_PATHS,
  LOCATION_FALLBACKS,
  type ClientConfig,
  type LoginLocation,
} from '@safarnama/contract';

/**
 * The location step of the login page (spec §7 "Calls before login to outside services"): the
 * public IP from an IP lookup service; the browser's position turned into an address by a
 * reverse-geocoding service; and, when the browser position is denied, unsupported or too slow,
 * an IP-based geolocation service instead. The services' URLs come from the server
 * (`GET common/client-config`, the same values feed its CSP). Every lookup gives up after the
 * configured time-out and each missing value takes spec §8's fallback, so a closed network
 * never blocks sign-in. Zod-free and small: it is part of the login bundle.
 */

export type LocationServices = ClientConfig['location'];

/** Used when the server's configuration cannot be read: every lookup off, 3 s time-out. */
export const NO_LOCATION_SERVICES: LocationServices = {
  ipLookupUrl: '',
  reverseGeocodeUrl: '',
  ipGeolocationUrl: '',
  timeoutMs: 3000,
};

type Address = LoginLocation['address'];

export const fallbackAddress = (pinCode: string = LOCATION_FALLBACKS.pinCode): Address => ({
  country: LOCATION_FALLBACKS.country,
  state: LOCATION_FALLBACKS.state,
  city: LOCATION_FALLBACKS.city,
  pinCode,
  complete_display_address: LOCATION_FALLBACKS.address,
});

/** Every value unknown (spec §8). */
export const fallbackLocation = (): LoginLocation => ({
  ip: LOCATION_FALLBACKS.ip,
  lat: LOCATION_FALLBACKS.lat,
  long: LOCATION_FALLBACKS.long,
  address: fallbackAddress(),
});

/** Limits that match the contract's `loginLocationSchema`, so a chatty service cannot cause a 400. */
const LIMITS = { ip: 64, part: 120, pinCode: 32, display: 500 } as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first non-empty string (or number) among `keys` of `source`, trimmed and cut to `max`. */
const pick = (source: Json | undefined, keys: readonly string[], max: number): string | null => {
  if (!source) return null;
  for (const key of keys) {
    const value = source[key];
    const text =
      typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
    if (text) return text.slice(0, max);
  }
  return null;
};

const toCoordinate = (value: unknown, limit: number): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && Math.abs(number) <= limit
    ? number
    : null;
};

/** GET `url` as JSON, abandoned after `timeoutMs`. Never sends credentials to a third party. */
export const fetchJson = async (url: string, timeoutMs: number): Promise<unknown> => {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as unknown;
  } finally {
    clearTimeout(timer);
  }
};

/** Resolves with the promise's value, or with `fallback` once `ms` have passed (or it fails). */
export const withDeadline = <T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> =>
  new Promise<T>((resolve) => {
    const timer = setTimeout(() => {
      resolve(fallback);
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });

/** The services the server configured (`GET common/client-config`), or none. */
export const loadLocationServices = async (timeoutMs = 3000): Promise<LocationServices> => {
  try {
    const body = await fetchJson(
      new URL(API_PATHS.common.clientConfig, window.location.origin).href,
      timeoutMs,
    );
    const data = isObject(body) && isObject(body.data) ? body.data : undefined;
    const location = data && isObject(data.location) ? data.location : undefined;
    if (!location) return NO_LOCATION_SERVICES;
    const text = (key: keyof LocationServices) =>
      typeof location[key] === 'string' ? location[key] : '';
    const timeout = location.timeoutMs;
    return {
      ipLookupUrl: text('ipLookupUrl'),
      reverseGeocodeUrl: text('reverseGeocodeUrl'),
      ipGeolocationUrl: text('ipGeolocationUrl'),
      timeoutMs:
        typeof timeout === 'number' && timeout > 0 && timeout <= 30_000
          ? timeout
          : NO_LOCATION_SERVICES.timeoutMs,
    };
  } catch {
    return NO_LOCATION_SERVICES;
  }
};

/** The caller's public IP (`{ip}` of ipify and most look-alikes), or null. */
export const lookupIp = async (services: LocationServices): Promise<string | null> => {
  if (!services.ipLookupUrl) return null;
  try {
    const body = await fetchJson(services.ipLookupUrl, services.timeoutMs);
    return isObject(body) ? pick(body, ['ip', 'query', 'ipAddress'], LIMITS.ip) : null;
  } catch {
    return null;
  }
};

export interface Coordinates {
  lat: number;
  long: number;
}

/**
 * The browser's position, or null when geolocation is unsupported, denied, fails, or takes longer
 * than `timeoutMs` (Chrome starts its own time-out only after the permission prompt is answered,
 * so ours runs from the start).
 */
export const browserPosition = (timeoutMs: number): Promise<Coordinates | null> => {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geolocation || typeof geolocation.getCurrentPosition !== 'function') {
    return Promise.resolve(null);
  }
  const position = new Promise<Coordinates | null>((resolve) => {
    try {
      geolocation.getCurrentPosition(
        ({ coords }) => {
          const lat = toCoordinate(coords.latitude, 90);
          const long = toCoordinate(coords.longitude, 180);
          resolve(lat === null || long === null ? null : { lat, long });
        },
        () => {
          resolve(null);
        },
        { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 10 * 60_000 },
      );
    } catch {
      resolve(null);
    }
  });
  return withDeadline(position, timeoutMs, null);
};

/** `{lat}` and `{long}` of the template replaced. */
export const reverseGeocodeUrl = (template: string, { lat, long }: Coordinates): string =>
  template
    .replaceAll('{lat}', encodeURIComponent(String(lat)))
    .replaceAll('{long}', encodeURIComponent(String(long)));

const joinParts = (parts: (string | null)[]): string | null => {
  const present = parts.filter((part): part is string => Boolean(part));
  return present.length ? present.join(', ').slice(0, LIMITS.display) : null;
};

/**
 * The address at a position, read from a Nominatim-style answer (`display_name` and `address`
 * {country, state, city | town | village, postcode}) or a BigDataCloud-style one (countryName,
 * principalSubdivision, city | locality, postcode); each missing part takes its fallback.
 */
export const reverseGeocode = async (
  services: LocationServices,
  coordinates: Coordinates,
): Promise<Address> => {
  if (!services.reverseGeocodeUrl) return fallbackAddress();
  try {
    const body = await fetchJson(
      reverseGeocodeUrl(services.reverseGeocodeUrl, coordinates),
      services.timeoutMs,
    );
    if (!isObject(body)) return fallbackAddress();
    const nested = isObject(body.address) ? body.address : undefined;
    const sources = [nested, body];
    const first = (keys: string[], max: number) => {
      for (const source of sources) {
        const found = pick(source, keys, max);
        if (found) return found;
      }
      return null;
    };
    const country = first(['country', 'countryName'], LIMITS.part);
    const state = first(['state', 'principalSubdivision', 'region'], LIMITS.part);
    const city = first(
      ['city', 'town', 'village', 'municipality', 'locality', 'county', 'state_district'],
      LIMITS.part,
    );
    const pinCode = first(['postcode', 'postalCode', 'postal', 'zip'], LIMITS.pinCode);
    const display =
      pick(body, ['display_name', 'formatted', 'formatted_address'], LIMITS.display) ??
      joinParts([city, state, country]);
    return {
      country: country ?? LOCATION_FALLBACKS.country,
      state: state ?? LOCATION_FALLBACKS.state,
      city: city ?? LOCATION_FALLBACKS.city,
      pinCode: pinCode ?? LOCATION_FALLBACKS.pinCode,
      complete_display_address: display ?? LOCATION_FALLBACKS.address,
    };
  } catch {
    return fallbackAddress();
  }
};

/**
 * Position and address from the IP alone (ipapi.co style: ip, latitude, longitude, city, region,
 * country_name, postal; ip-api.com style: query, lat, lon, city, regionName, country, zip). The
 * pin code's fallback here is 'Unknown Pin Code' (spec §8).
 */
export const ipGeolocate = async (
  services: LocationServices,
): Promise<{ ip: string | null } & Coordinates & { address: Address }> => {
  const unknown = {
    ip: null,
    lat: LOCATION_FALLBACKS.lat,
    long: LOCATION_FALLBACKS.long,
    address: fallbackAddress(LOCATION_FALLBACKS.ipPinCode),
  };
  if (!services.ipGeolocationUrl) return unknown;
  try {
    const body = await fetchJson(services.ipGeolocationUrl, services.timeoutMs);
    if (!isObject(body)) return unknown;
    const country = pick(body, ['country_name', 'country', 'countryName'], LIMITS.part);
    const state = pick(body, ['region', 'regionName', 'region_name', 'state'], LIMITS.part);
    const city = pick(body, ['city'], LIMITS.part);
    const pinCode = pick(body, ['postal', 'zip', 'postcode', 'postalCode'], LIMITS.pinCode);
    return {
      ip: pick(body, ['ip', 'query'], LIMITS.ip),
      lat: toCoordinate(body.latitude ?? body.lat, 90) ?? LOCATION_FALLBACKS.lat,
      long: toCoordinate(body.longitude ?? body.lon ?? body.long, 180) ?? LOCATION_FALLBACKS.long,
      address: {
        country: country ?? LOCATION_FALLBACKS.country,
        state: state ?? LOCATION_FALLBACKS.state,
        city: city ?? LOCATION_FALLBACKS.city,
        pinCode: pinCode ?? LOCATION_FALLBACKS.ipPinCode,
        complete_display_address: joinParts([city, state, country]) ?? LOCATION_FALLBACKS.address,
      },
    };
  } catch {
    return unknown;
  }
};

/**
 * Runs the whole step: the IP lookup alongside the browser position; then reverse geocoding of
 * that position, or the IP-based geolocation when there is none. Never rejects.
 */
export const gatherLoginLocation = async (
  services: LocationServices,
  onIp?: (ip: string) => void,
): Promise<LoginLocation> => {
  const [ip, position] = await Promise.all([
    lookupIp(services).then((found) => {
      if (found) onIp?.(found);
      return found;
    }),
    browserPosition(services.timeoutMs),
  ]);
  if (position) {
    const address = await reverseGeocode(services, position);
    return { ip: ip ?? LOCATION_FALLBACKS.ip, ...position, address };
  }
  const located = await ipGeolocate(services);
  return {
    ip: ip ?? located.ip ?? LOCATION_FALLBACKS.ip,
    lat: located.lat,
    long: located.long,
    address: located.address,
  };
};

export interface LocationLookup {
  /**
   * The location, waiting at most `graceMs` more for the lookups still running; past that what
   * is known so far (the IP, if its lookup answered) with spec §8's fallbacks for the rest.
   */
  settle: (graceMs?: number) => Promise<LoginLocation>;
}

/**
 * Starts the location step at once (the login page calls it when it opens, so the lookups run
 * while the admin types) and lets the submit wait for it a bounded time.
 */
export const startLocationLookup = (
  loadServices: () => Promise<LocationServices> = loadLocationServices,
): LocationLookup => {
  let servicesTimeout = NO_LOCATION_SERVICES.timeoutMs;
  let knownIp: string | null = null;
  const running = loadServices().then((services) => {
    servicesTimeout = services.timeoutMs;
    return gatherLoginLocation(services, (ip) => {
      knownIp = ip;
    });
  });
  return {
    settle: async (graceMs) => {
      const unknown = fallbackLocation();
      const found = await withDeadline<LoginLocation | null>(
        running,
        graceMs ?? servicesTimeout,
        null,
      );
      return found ?? { ...unknown, ip: knownIp ?? unknown.ip };
    },
  };
};
