import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** The web app's service worker, as Vite copies it from public/ to the root of the build. */
const SERVICE_WORKER = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../web/public/sw.js',
);

describe('the push service worker', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'safarnama-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    await copyFile(SERVICE_WORKER, join(webDist, 'sw.js'));
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('is served from the root as JavaScript that always revalidates, under the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    // A same-origin worker script is allowed (worker-src falls back to script-src 'self').
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('worker-src');
    expect(res.body).toContain("addEventListener('push'");
    expect(res.body).toContain("addEventListener('notificationclick'");
  });
});
