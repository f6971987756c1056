import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  DEFAULT_BRANDING,
  type BasicSettings,
  type ClientConfig,
} from '@safarnama/contract';
import { DEFAULT_MAP_TILE_URL, loadConfig, mapTileOrigin } from '../../config.js';
import { postJson } from '../../test/account.js';
import { dataOf, imagePart, record, sendForm, textParts } from '../../test/api.js';
import { makeAdmin, makeUserType } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';
import { fakeMailer, postData, signedInWith } from '../../test/manage.js';
import { LOGO_FIELD } from '../settings/basic.service.js';
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
    expect(dataOf<ClientConfig>(res).location).toEqual(LOCATION);
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
      expect(dataOf<ClientConfig>(res).location).toEqual(LOCATION_SERVICES_OFF);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self';");
    } finally {
      await bare.close();
    }
  });
});

/** Issue 20: the Basic Settings reach every screen through `branding`, and the mails. */
describe('client config: branding from the basic settings', () => {
  let t: TestApp;
  let editor: Record<string, string>;
  const mail = fakeMailer();

  const clientConfig = async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.common.clientConfig });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const saveBasic = async (changes: Record<string, string>, logo?: Buffer) => {
    const res = await sendForm(
      t.app,
      'POST',
      API_PATHS.setting.updateBasic,
      [
        ...textParts({
          productName: 'Safarnama',
          timeZone: 'Asia/Kolkata',
          currencySymbol: '₹',
          sessionIdleMinutes: '480',
          maintenanceMode: 'false',
          ...changes,
        }),
        ...(logo ? [imagePart(LOGO_FIELD, logo)] : []),
      ],
      editor,
    );
    expect(res.statusCode, res.body).toBe(200);
    return record<BasicSettings>(res);
  };

  beforeAll(async () => {
    t = await createTestApp({ mailer: mail.mailer });
    editor = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
  });
  afterAll(() => t.close());

  it('answers the default branding before the settings are saved, to anyone and never cached', async () => {
    const res = await clientConfig();
    expect(dataOf<ClientConfig>(res).branding).toEqual({
      productName: 'Safarnama',
      logoUrl: null,
      currencySymbol: '₹',
      timeZone: 'Asia/Kolkata',
    });
    expect(DEFAULT_BRANDING.productName).toBe('Safarnama');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("answers the saved name, logo, currency symbol and time zone at once, and the logo's URL is one the CSP allows", async () => {
    const saved = await saveBasic(
      { productName: 'Yatra Desk', currencySymbol: '$', timeZone: 'America/New_York' },
      await makeJpeg(600, 200),
    );
    const res = await clientConfig();
    const branding = dataOf<ClientConfig>(res).branding;
    expect(branding).toEqual({
      productName: 'Yatra Desk',
      logoUrl: saved.logoUrl,
      currencySymbol: '$',
      timeZone: 'America/New_York',
    });
    // Served by this app (same origin), so the CSP's img-src 'self' covers it.
    expect(branding?.logoUrl).toMatch(/^\/uploads\/images\/.+\.webp$/);
    const csp = String(res.headers['content-security-policy']);
    expect(/img-src ([^;]+)/.exec(csp)?.[1]?.split(' ')).toContain("'self'");
    const logo = await t.app.inject({ method: 'GET', url: branding?.logoUrl ?? '' });
    expect(logo.statusCode).toBe(200);

    // Another save without the logo keeps it; removing it answers null.
    await saveBasic({ productName: 'Yatra Desk', removeLogo: 'true' });
    expect(dataOf<ClientConfig>(await clientConfig()).branding).toMatchObject({
      productName: 'Yatra Desk',
      logoUrl: null,
      currencySymbol: '₹',
      timeZone: 'Asia/Kolkata',
    });
  });

  it('names the product of the basic settings in the reset and invitation mails', async () => {
    await saveBasic({ productName: 'Yatra Desk' });
    mail.sent.length = 0;
    const admin = await makeAdmin(t.database.db, t.hasher);
    const forgot = await postJson(t.app, API_PATHS.auth.forgotPassword, { email: admin.email });
    expect(forgot.statusCode, forgot.body).toBe(200);
    await t.app.services.account.settle();
    const type = await makeUserType(t.database.db, { permissions: ['itineraries.view'] });
    const invited = await postData(
      t.app,
      API_PATHS.manage.addUser,
      {
        name: 'Ravi Rao',
        email: 'ravi.rao@example.com',
        phone: '+91 98765 43210',
        userTypeId: type.id,
      },
      editor,
    );
    expect(invited.statusCode, invited.body).toBe(201);

    const [reset, invitation] = mail.sent;
    expect(reset?.subject).toBe('Reset your Yatra Desk password');
    expect(reset?.text).toContain('your Yatra Desk back-office account');
    expect(invitation?.subject).toBe('You are invited to the Yatra Desk back-office');
    expect(invitation?.html).toContain('Welcome to Yatra Desk');
    expect(JSON.stringify(mail.sent)).not.toContain('Safarnama');
  });
});

/** Issue 22: the maps' tiles (MAP_TILE_URL) reach the web and the page's CSP `img-src`. */
describe('client config: map tiles', () => {
  const imgSrc = (res: { headers: Record<string, unknown> }) =>
    /img-src ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1]?.split(' ');

  it('answers the tile URL template and lets the page load images from its origin', async () => {
    const t = await createTestApp({ config: { mapTileUrl: DEFAULT_MAP_TILE_URL } });
    try {
      const res = await t.app.inject({ method: 'GET', url: API_PATHS.common.clientConfig });
      expect(dataOf<ClientConfig>(res).mapTileUrl).toBe(
        'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      );
      expect(imgSrc(res)).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
      // Every page carries the same policy (the web app's index.html included).
      const health = await t.app.inject({ method: 'GET', url: API_PATHS.health });
      expect(imgSrc(health)).toContain('https://tile.openstreetmap.org');
    } finally {
      await t.close();
    }
  });

  it('allows every subdomain of a {s} template, with its port', async () => {
    const t = await createTestApp({
      config: { mapTileUrl: 'https://{s}.tiles.example.org:8443/osm/{z}/{x}/{y}.png?key=k' },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: API_PATHS.common.clientConfig });
      expect(imgSrc(res)).toContain('https://*.tiles.example.org:8443');
    } finally {
      await t.close();
    }
  });

  it('tiles off (empty MAP_TILE_URL, or an app without it): null, and no origin added', async () => {
    const t = await createTestApp({ config: { mapTileUrl: null } });
    try {
      const res = await t.app.inject({ method: 'GET', url: API_PATHS.common.clientConfig });
      expect(dataOf<ClientConfig>(res).mapTileUrl).toBeNull();
      expect(imgSrc(res)).toEqual(["'self'", 'data:', 'blob:']);
    } finally {
      await t.close();
    }
  });

  it('reads MAP_TILE_URL: the OSM default, empty is off, anything but an http(s) template stops the start', () => {
    const env = {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'safarnama-tiles-')),
      APP_SECRET: 'x'.repeat(32),
    };
    try {
      expect(loadConfig(env).mapTileUrl).toBe(DEFAULT_MAP_TILE_URL);
      expect(loadConfig({ ...env, MAP_TILE_URL: '' }).mapTileUrl).toBeNull();
      expect(loadConfig({ ...env, MAP_TILE_URL: '  ' }).mapTileUrl).toBeNull();
      expect(
        loadConfig({ ...env, MAP_TILE_URL: 'http://127.0.0.1:8080/{z}/{x}/{y}.png' }).mapTileUrl,
      ).toBe('http://127.0.0.1:8080/{z}/{x}/{y}.png');
      for (const bad of [
        'javascript:alert(1)//{z}/{x}/{y}',
        'ftp://tiles.example.org/{z}/{x}/{y}.png',
        'https://tiles.example.org/tile.png',
        'https://{z}.example.org/{x}/{y}.png',
        'https://user:pw@tiles.example.org/{z}/{x}/{y}.png',
        'not a url {z}{x}{y}',
      ]) {
        expect(() => loadConfig({ ...env, MAP_TILE_URL: bad }), bad).toThrow(/MAP_TILE_URL/);
      }
    } finally {
      rmSync(env.DATA_DIR, { recursive: true, force: true });
    }
  });

  it('mapTileOrigin: the CSP source of a template, or null', () => {
    expect(mapTileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(mapTileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.example.org',
    );
    expect(mapTileOrigin('data:image/png;base64,{z}{x}{y}')).toBeNull();
    expect(mapTileOrigin('https://a b/{z}/{x}/{y}')).toBeNull();
  });
});
