import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_FALLBACKS } from '@safarnama/contract';
import {
  fallbackLocation,
  gatherLoginLocation,
  loadLocationServices,
  NO_LOCATION_SERVICES,
  reverseGeocodeUrl,
  startLocationLookup,
  type LocationServices,
} from './location';

const SERVICES: LocationServices = {
  ipLookupUrl: 'https://ip.example/json',
  reverseGeocodeUrl: 'https://geo.example/reverse?lat={lat}&lon={long}&format=json',
  ipGeolocationUrl: 'https://ipgeo.example/json/',
  timeoutMs: 200,
};

type Answer = unknown | 'hang' | 'fail' | 'refuse';

interface Seen {
  url: string;
  init: RequestInit | undefined;
}

/** Stubs fetch by full URL prefix; 'hang' never answers (until aborted), 'fail' is a 500. */
const stubServices = (answers: Record<string, Answer>): Seen[] => {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      seen.push({ url, init });
      const key = Object.keys(answers).find((prefix) => url.startsWith(prefix));
      const answer = key === undefined ? 'refuse' : answers[key];
      if (answer === 'refuse') return Promise.reject(new TypeError('Failed to fetch'));
      if (answer === 'fail') return Promise.resolve(new Response('nope', { status: 500 }));
      if (answer === 'hang') {
        return new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(new DOMException('Aborted', 'AbortError'));
          });
        });
      }
      return Promise.resolve(
        new Response(JSON.stringify(answer), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return seen;
};

type PositionAnswer = { lat: number; long: number } | 'denied' | 'never' | 'unsupported';

const stubGeolocation = (answer: PositionAnswer) => {
  if (answer === 'unsupported') {
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
    return;
  }
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null) => {
      if (answer === 'never') return;
      if (answer === 'denied') {
        failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
        return;
      }
      success({
        coords: { latitude: answer.lat, longitude: answer.long },
      } as GeolocationPosition);
    },
  );
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
};

const NOMINATIM = {
  display_name: 'Panaji, North Goa, Goa, 403001, India',
  address: { city: 'Panaji', state: 'Goa', postcode: '403001', country: 'India' },
};
const IPAPI = {
  ip: '203.0.113.9',
  city: 'Pune',
  region: 'Maharashtra',
  country_name: 'India',
  postal: '411001',
  latitude: 18.52,
  longitude: 73.85,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('location step: browser position', () => {
  it('reverse-geocodes the browser position and takes the IP from the lookup', async () => {
    stubGeolocation({ lat: 15.49, long: 73.82 });
    const seen = stubServices({
      'https://ip.example/': { ip: '198.51.100.7' },
      'https://geo.example/': NOMINATIM,
    });
    const location = await gatherLoginLocation(SERVICES);
    expect(location).toEqual({
      ip: '198.51.100.7',
      lat: 15.49,
      long: 73.82,
      address: {
        country: 'India',
        state: 'Goa',
        city: 'Panaji',
        pinCode: '403001',
        complete_display_address: 'Panaji, North Goa, Goa, 403001, India',
      },
    });
    expect(seen.map((call) => call.url)).toContain(
      'https://geo.example/reverse?lat=15.49&lon=73.82&format=json',
    );
    // Nothing personal goes to a third party.
    for (const call of seen) expect(call.init?.credentials).toBe('omit');
    // The IP-based fallback is not needed.
    expect(seen.some((call) => call.url.startsWith('https://ipgeo.example'))).toBe(false);
  });

  it('fills the parts a geocoder leaves out with the spec §8 fallbacks', async () => {
    stubGeolocation({ lat: 1, long: 2 });
    stubServices({ 'https://ip.example/': 'fail', 'https://geo.example/': { address: {} } });
    expect(await gatherLoginLocation(SERVICES)).toEqual({
      ip: 'Unknown IP',
      lat: 1,
      long: 2,
      address: {
        country: 'Unknown Country',
        state: 'Unknown State',
        city: 'Unknown City',
        pinCode: '000000',
        complete_display_address: 'Unknown Location',
      },
    });
  });

  it('replaces {lat} and {long} in the template', () => {
    expect(
      reverseGeocodeUrl('https://g.example/?a={lat}&b={long}&c={lat}', { lat: -1.5, long: 2 }),
    ).toBe('https://g.example/?a=-1.5&b=2&c=-1.5');
  });
});

describe('location step: IP fallback', () => {
  it('uses IP geolocation when the browser position is denied', async () => {
    stubGeolocation('denied');
    const seen = stubServices({
      'https://ip.example/': { ip: '198.51.100.7' },
      'https://ipgeo.example/': IPAPI,
    });
    expect(await gatherLoginLocation(SERVICES)).toEqual({
      ip: '198.51.100.7',
      lat: 18.52,
      long: 73.85,
      address: {
        country: 'India',
        state: 'Maharashtra',
        city: 'Pune',
        pinCode: '411001',
        complete_display_address: 'Pune, Maharashtra, India',
      },
    });
    expect(seen.some((call) => call.url.startsWith('https://geo.example'))).toBe(false);
  });

  it('uses IP geolocation when geolocation is unsupported, with its IP if the lookup failed', async () => {
    stubGeolocation('unsupported');
    stubServices({ 'https://ip.example/': 'refuse', 'https://ipgeo.example/': IPAPI });
    const location = await gatherLoginLocation(SERVICES);
    expect(location.ip).toBe('203.0.113.9');
    expect(location.address.city).toBe('Pune');
  });

  it("answers 'Unknown Pin Code' and every other fallback when the IP service fails too", async () => {
    stubGeolocation('denied');
    stubServices({});
    expect(await gatherLoginLocation(SERVICES)).toEqual({
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
    });
  });

  it('treats a browser that never answers like a denial, after the time-out', async () => {
    stubGeolocation('never');
    stubServices({
      'https://ip.example/': { ip: '198.51.100.7' },
      'https://ipgeo.example/': IPAPI,
    });
    const started = Date.now();
    const location = await gatherLoginLocation({ ...SERVICES, timeoutMs: 100 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(location.address.city).toBe('Pune');
  });

  it('gives up on a service that hangs after the time-out', async () => {
    stubGeolocation('denied');
    stubServices({ 'https://ip.example/': 'hang', 'https://ipgeo.example/': 'hang' });
    const location = await gatherLoginLocation({ ...SERVICES, timeoutMs: 100 });
    expect(location).toEqual({
      ...fallbackLocation(),
      address: { ...fallbackLocation().address, pinCode: LOCATION_FALLBACKS.ipPinCode },
    });
  });

  it('skips a service whose URL is empty (turned off)', async () => {
    stubGeolocation('denied');
    const seen = stubServices({});
    const location = await gatherLoginLocation(NO_LOCATION_SERVICES);
    expect(seen).toHaveLength(0);
    expect(location.ip).toBe('Unknown IP');
  });
});

describe('location step: configuration and deadline', () => {
  it('reads the services from client-config', async () => {
    const seen = stubServices({
      [window.location.origin]: {
        status: 200,
        success: true,
        message: 'OK',
        data: { location: SERVICES },
      },
    });
    expect(await loadLocationServices()).toEqual(SERVICES);
    expect(new URL(seen[0]?.url ?? '').pathname).toBe('/api/v1/common/client-config');
  });

  it('turns every lookup off when client-config cannot be read', async () => {
    stubServices({ [window.location.origin]: 'fail' });
    expect(await loadLocationServices()).toEqual(NO_LOCATION_SERVICES);
  });

  it('never holds the sign-in longer than the grace time, keeping the IP if known', async () => {
    stubGeolocation('never');
    stubServices({ 'https://ip.example/': { ip: '198.51.100.7' } });
    const lookup = startLocationLookup(() => Promise.resolve({ ...SERVICES, timeoutMs: 10_000 }));
    const started = Date.now();
    const location = await lookup.settle(150);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(location).toEqual({ ...fallbackLocation(), ip: '198.51.100.7' });
  });
});
