import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@safarnama/contract';
import { body, createTestApp, type TestApp } from '../test/harness.js';

describe('OpenAPI reference', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/api/docs/json lists every /api route with its schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/json` });
    expect(res.statusCode).toBe(200);
    const doc = body<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>
      >;
    }>(res);
    expect(doc.openapi).toMatch(/^3\./);
    const apiRoutes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith(API_PATHS.docs) && r.method !== 'HEAD',
    );
    expect(apiRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of apiRoutes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} missing from OpenAPI`).toBeDefined();
      expect(
        operation?.responses?.['200'] ?? operation?.responses?.['201'],
        `${route.method} ${route.url} has no 200/201 schema`,
      ).toBeDefined();
    }
    const login = doc.paths[API_PATHS.auth.login]?.post;
    expect(JSON.stringify(login?.requestBody)).toContain('rememberMe');
    // Docs' own routes are not part of the document.
    expect(Object.keys(doc.paths).some((p) => p.startsWith(API_PATHS.docs))).toBe(false);
  });

  it('/api/docs renders an HTML page whose scripts are same-origin files under the CSP', async () => {
    let res = await t.app.inject({ method: 'GET', url: API_PATHS.docs });
    if (res.statusCode >= 300 && res.statusCode < 400) {
      res = await t.app.inject({
        method: 'GET',
        url: new URL(String(res.headers.location), 'http://x').pathname,
      });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inline] of scripts) {
      const src = /src="([^"]+)"/.exec(attrs ?? '')?.[1];
      expect(src, 'inline scripts would be blocked by the CSP').toBeDefined();
      expect(inline?.trim()).toBe('');
      expect(src).not.toMatch(/^(https?:)?\/\//);
      const asset = await t.app.inject({
        method: 'GET',
        url: new URL(src ?? '', `http://x${API_PATHS.docs}/`).pathname,
      });
      expect(asset.statusCode, `${src}`).toBe(200);
    }
  });
});
