import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@safarnama/contract';
import { sendForm } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fakeMailer, fakeRealtime, signedInWith } from '../../test/manage.js';

/** SECURITY 14 for the settings routes: any query or body answers 2xx/4xx, never a 500. */
const P = API_PATHS.setting;

describe('settings: property', () => {
  let t: TestApp;
  let editor: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({
      mailer: fakeMailer().mailer,
      realtime: fakeRealtime().realtime,
      // Nothing answers here: a test send that got through would fail fast, not reach the internet.
      config: {
        messaging: {
          twilio: 'http://127.0.0.1:9',
          msg91: 'http://127.0.0.1:9',
          whatsapp: 'http://127.0.0.1:9',
        },
      },
    });
    editor = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
  });
  afterAll(() => t.close());

  const text = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.constantFrom('', '10.0.0.0/8', '127.0.0.1', '::1', 'email', 'sms', 'whatsapp', 'a\r\nb'),
  );
  const value = fc.oneof(
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(text, { maxLength: 3 }),
  );
  const post = (url: string, data: unknown) =>
    t.app.inject({ method: 'POST', url, headers: editor, payload: { data } });

  it('list and read queries', async () => {
    const query = fc.dictionary(
      fc.oneof(fc.constantFrom('page', 'limit', 'search', 'type'), fc.string({ maxLength: 8 })),
      fc.oneof(fc.string({ maxLength: 250 }), fc.integer().map(String)),
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom(P.listIps, P.communication), async (q, url) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}?${new URLSearchParams(q).toString()}`,
          headers: editor,
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  });

  it('JSON bodies', async () => {
    // Test sends first, while no channel is saved.
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('type', 'to', 'x'), value), async (data) => {
        const res = await post(P.testCommunication, data);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
    const settings = fc.dictionary(
      fc.constantFrom(
        'host',
        'port',
        'security',
        'user',
        'password',
        'fromName',
        'fromAddress',
        'provider',
        'accountId',
        'authToken',
        'senderId',
        'phoneNumberId',
        'accessToken',
        'templateNames',
      ),
      value,
    );
    const bodies = fc.oneof(
      fc.record({
        url: fc.constant(P.addIp),
        data: fc.dictionary(fc.constantFrom('ip', 'label', 'x'), value),
      }),
      fc.record({
        url: fc.constant(P.deleteIp),
        data: fc.dictionary(fc.constantFrom('id', 'x'), value),
      }),
      fc.record({
        url: fc.constant(P.saveCommunication),
        data: fc.record(
          { type: value, isActive: value, settings: fc.oneof(settings, value) },
          { requiredKeys: [] },
        ),
      }),
      fc.record({
        url: fc.constant(P.updatePolicies),
        data: fc.dictionary(
          fc.constantFrom('privacyPolicy', 'termsAndConditions', 'cancellationPolicy', 'x'),
          value,
        ),
      }),
      fc.record({ url: fc.constantFrom(P.addIp, P.updatePolicies), data: value }),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async ({ url, data }) => {
        const res = await post(url, data);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('basic settings forms', async () => {
    const fields = fc.dictionary(
      fc.constantFrom(
        'productName',
        'supportEmail',
        'supportPhone',
        'timeZone',
        'currencySymbol',
        'sessionIdleMinutes',
        'maintenanceMode',
        'maintenanceMessage',
        'removeLogo',
      ),
      fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.constantFrom('true', 'false', '480', 'Asia/Kolkata', 'Europe/Nowhere', '-1', '1e9'),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fields, async (form) => {
        const res = await sendForm(
          t.app,
          'POST',
          P.updateBasic,
          Object.entries(form).map(([name, v]) => ({ name, value: v })),
          editor,
        );
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
