import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../test/harness.js';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script></body></html>';

describe('serving the built web app', () => {
  let t: TestApp;
  let webDist: string;
  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'safarnama-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), INDEX);
    await writeFile(join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
    await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers client-side routes with index.html (no-cache) so the app draws its own screens', async () => {
    for (const url of [
      '/',
      '/dashboard',
      '/services/itineraries',
      '/admin/user/42?tab=1',
      '/no/such/page',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('console.log');
  });

  it('serves other files with revalidation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('never answers the API or uploads with the app shell', async () => {
    for (const url of ['/api/v1/nothing', '/api', '/uploads/missing.jpg']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(body(res)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('answers a missing asset, a non-HTML GET and a POST with 404', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/assets/gone-123.js',
          headers: { accept: '*/*' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/dashboard',
          headers: { accept: 'application/json' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/dashboard', headers: html })).statusCode,
    ).toBe(404);
  });

  it('does not serve files outside WEB_DIST', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/../../etc/passwd',
      headers: { accept: '*/*' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('root:');
  });
});

describe('without a built web app', () => {
  it('serves only the API', async () => {
    const t = await createTestApp({
      config: { webDist: join(tmpdir(), 'safarnama-no-such-dist') },
    });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/dashboard',
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
