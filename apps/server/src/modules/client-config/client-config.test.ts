import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@safarnama/contract';
import { dataOf } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { LOCATION_SERVICES_OFF, locationOrigins } from './client-config.routes.js';

const LOCATION = {
  ipLookupUrl: 'https://api.ipify.org?format=json',
  reverseGeocodeUrl:
    'https://nominatim.openstreetmap.org/reverse?format=jsonv2&lat={lat}&lon={long}',
  ipGeolocationUrl: 'https://ipapi.co/json/',
  timeoutMs: 2500,
};

describe('client config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { location: LOCATION } });
  });
  afterAll(() => t.close());

  it('answers the location services to anyone, before sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.common.clientConfig });
    expect(dataOf(res)).toEqual({ location: LOCATION });
  });

  it("lets the page's CSP connect to exactly those services' origins", async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.health });
    const csp = String(res.headers['content-security-policy']);
    const connect = /connect-src ([^;]+)/.exec(csp)?.[1]?.split(' ');
    expect(connect).toEqual([
      "'self'",
      'https://api.ipify.org',
      'https://nominatim.openstreetmap.org',
      'https://ipapi.co',
    ]);
  });

  it('adds nothing for services that are turned off or not URLs', () => {
    expect(locationOrigins(LOCATION_SERVICES_OFF)).toEqual([]);
    expect(
      locationOrigins({
        ...LOCATION_SERVICES_OFF,
        ipLookupUrl: 'javascript:alert(1)',
        ipGeolocationUrl: 'not a url',
      }),
    ).toEqual([]);
  });

  it('answers every lookup off when the app has no location settings', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: API_PATHS.common.clientConfig });
      expect(dataOf(res)).toEqual({ location: LOCATION_SERVICES_OFF });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self';");
    } finally {
      await bare.close();
    }
  });
});
