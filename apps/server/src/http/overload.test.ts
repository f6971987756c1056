import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@safarnama/contract';
import { MESSAGES } from './errors.js';
import { loginAs, makeAdmin } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/** Issue 18 "Overload": bounded work in flight, 503 + Retry-After at once past it. */
describe('overload', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ maxInFlight: 2 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('turns an API call away with 503 and Retry-After while the limit is in flight; probes and later calls pass', async () => {
    const who = await makeAdmin(t.database.db, t.hasher, { superAdmin: true });
    const { headers } = await loginAs(t.app, who);
    const list = () => t.app.inject({ method: 'GET', url: API_PATHS.service.listBlogs, headers });
    // Two uploads whose bodies are still arriving hold the two places.
    const bodies = [new PassThrough(), new PassThrough()];
    const held = bodies.map((payload) =>
      t.app.inject({
        method: 'POST',
        url: API_PATHS.manage.addUserType,
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      }),
    );
    for (const body of bodies) body.write('{"data":{"name":');
    await new Promise((r) => setTimeout(r, 100));

    const started = Date.now();
    const busy = await list();
    expect(Date.now() - started).toBeLessThan(500);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toEqual({
      status: 503,
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: MESSAGES.busy,
    });
    expect((await t.app.inject({ method: 'GET', url: API_PATHS.health })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: API_PATHS.ready })).statusCode).toBe(200);

    bodies.forEach((body, i) => body.end(`"Overload desk ${i}"}}`));
    expect((await Promise.all(held)).map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await list()).statusCode).toBe(200);
  });
});
