import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@safarnama/contract';
import { body, createTestApp, type TestApp } from '../test/harness.js';
import { routesWithoutAccess } from './access.js';

/**
 * Every route must declare who may call it (DESIGN §4, SECURITY case 10). This walks the full
 * route table of the real app — API, docs and static web routes — as the onRoute hook saw it.
 */
describe('route table', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'safarnama-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Safarnama</title>');
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('includes the API, docs and static routes', () => {
    const urls = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        `GET ${API_PATHS.health}`,
        `GET ${API_PATHS.ready}`,
        `POST ${API_PATHS.auth.login}`,
        `POST ${API_PATHS.auth.logout}`,
        `GET ${API_PATHS.auth.profile}`,
        `GET ${API_PATHS.docs}`,
        `GET ${API_PATHS.docs}/json`,
        'GET /*',
      ]),
    );
  });

  it('has no route without a declared access', () => {
    expect(routesWithoutAccess(t.app.routeTable)).toEqual([]);
  });

  it('keeps the sign-in routes at the access the design gives them', () => {
    const access = (method: string, url: string) =>
      t.app.routeTable.find((r) => r.method === method && r.url === url)?.options.config?.access;
    expect(access('POST', API_PATHS.auth.login)).toBe('public');
    expect(access('POST', API_PATHS.auth.logout)).toBe('self');
    expect(access('GET', API_PATHS.auth.profile)).toBe('self');
    expect(access('GET', API_PATHS.health)).toBe('public');
  });
});

describe('the route-table check itself', () => {
  it('reports a route registered without an access, and that route refuses every caller', async () => {
    const t = await createTestApp({
      routes: [
        async (app) => {
          app.get('/api/test/forgotten', async () => ({ leaked: true }));
          app.get('/api/test/declared', { config: { access: 'public' } }, async () => ({
            ok: true,
          }));
        },
      ],
    });
    try {
      expect(routesWithoutAccess(t.app.routeTable)).toEqual([
        'GET /api/test/forgotten',
        'HEAD /api/test/forgotten',
      ]);
      // Fail closed at run time too.
      const res = await t.app.inject({ method: 'GET', url: '/api/test/forgotten' });
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect((await t.app.inject({ method: 'GET', url: '/api/test/declared' })).statusCode).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  });
});
