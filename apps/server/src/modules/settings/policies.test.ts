import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, RICH_TEXT_MAX, type PolicySettings } from '@safarnama/contract';
import { record, errorOf } from '../../test/api.js';
import { testClock } from '../../test/account.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fakeMailer, fakeRealtime, signedInWith } from '../../test/manage.js';

const P = API_PATHS.setting;

describe('policy settings', () => {
  const clock = testClock();
  let t: TestApp;
  let editor: Record<string, string>;

  const update = (data: unknown, headers = editor) =>
    t.app.inject({ method: 'POST', url: P.updatePolicies, headers, payload: { data } });
  const get = (headers = editor) => t.app.inject({ method: 'GET', url: P.policies, headers });

  beforeAll(async () => {
    t = await createTestApp({
      now: clock.now,
      mailer: fakeMailer().mailer,
      realtime: fakeRealtime().realtime,
    });
    editor = (await signedInWith(t.database.db, t.hasher, ['settings.view', 'settings.update']))
      .headers;
  });
  afterAll(() => t.close());

  it('starts empty, with no date', async () => {
    const empty = { content: '', updatedAt: null };
    expect(record<PolicySettings>(await get())).toEqual({
      privacyPolicy: empty,
      termsAndConditions: empty,
      cancellationPolicy: empty,
      itineraryPdfPolicy: 'cancellationPolicy',
    });
  });

  it('SECURITY 15: stores the rich text sanitised', async () => {
    const dirty =
      '<h1>Privacy</h1><p onclick="steal()">We keep <strong>little</strong>.<script>alert(1)</script></p>' +
      '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">click</a>' +
      '<iframe srcdoc="<script>alert(1)</script>"></iframe><a href="https://example.com" target="_top">site</a>';
    const saved = record<PolicySettings>(await update({ privacyPolicy: dirty }));
    expect(saved.privacyPolicy.content).toBe(
      '<h2>Privacy</h2><p>We keep <strong>little</strong>.</p>' +
        '<a rel="noopener noreferrer nofollow">click</a>' +
        '<a href="https://example.com" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(record<PolicySettings>(await get()).privacyPolicy.content).toBe(
      saved.privacyPolicy.content,
    );
  });

  it("moves each policy's 'last updated' only when its own text changes", async () => {
    clock.advance(60_000);
    const first = record<PolicySettings>(
      await update({
        termsAndConditions: '<p>Terms v1</p>',
        cancellationPolicy: '<p>Refunds v1</p>',
      }),
    );
    const firstAt = clock.now().toISOString();
    expect(first.termsAndConditions).toEqual({ content: '<p>Terms v1</p>', updatedAt: firstAt });
    expect(first.cancellationPolicy.updatedAt).toBe(firstAt);
    const privacyAt = first.privacyPolicy.updatedAt;
    expect(privacyAt).not.toBeNull();
    expect(privacyAt).not.toBe(firstAt);

    clock.advance(60_000);
    // Terms change; refunds come back the same (also once sanitised); privacy is not sent.
    const second = record<PolicySettings>(
      await update({
        termsAndConditions: '<p>Terms v2</p>',
        cancellationPolicy: '<p>Refunds v1</p><script>x()</script>',
      }),
    );
    expect(second.termsAndConditions).toEqual({
      content: '<p>Terms v2</p>',
      updatedAt: clock.now().toISOString(),
    });
    expect(second.cancellationPolicy).toEqual(first.cancellationPolicy);
    expect(second.privacyPolicy).toEqual(first.privacyPolicy);
    expect(record<PolicySettings>(await get())).toEqual(second);

    clock.advance(60_000);
    const cleared = record<PolicySettings>(await update({ cancellationPolicy: '' }));
    expect(cleared.cancellationPolicy).toEqual({
      content: '',
      updatedAt: clock.now().toISOString(),
    });
  });

  it('issue 22: keeps the policy the itinerary PDF prints, one of the three or none', async () => {
    const before = record<PolicySettings>(await get());
    const chosen = record<PolicySettings>(
      await update({ itineraryPdfPolicy: 'termsAndConditions' }),
    );
    expect(chosen.itineraryPdfPolicy).toBe('termsAndConditions');
    // The texts and their dates are untouched by the choice.
    expect(chosen.termsAndConditions).toEqual(before.termsAndConditions);
    expect(
      record<PolicySettings>(await update({ itineraryPdfPolicy: 'none' })).itineraryPdfPolicy,
    ).toBe('none');
    // Left out of a save, the choice stays.
    expect(
      record<PolicySettings>(await update({ privacyPolicy: '<p>Kept</p>' })).itineraryPdfPolicy,
    ).toBe('none');
    expect(record<PolicySettings>(await get()).itineraryPdfPolicy).toBe('none');
    expect(
      errorOf(await update({ itineraryPdfPolicy: 'refundPolicy' }), 400).details?.[0]?.path,
    ).toBe('itineraryPdfPolicy');
    await update({ itineraryPdfPolicy: 'cancellationPolicy' });
  });

  it('refuses unknown keys and over-long text; needs settings.update to save', async () => {
    expect(errorOf(await update({ refundPolicy: '<p>x</p>' }), 400).details).toEqual([
      { path: 'refundPolicy', message: 'Unknown field' },
    ]);
    expect(
      errorOf(await update({ privacyPolicy: 'x'.repeat(RICH_TEXT_MAX + 1) }), 400).details?.[0]
        ?.path,
    ).toBe('privacyPolicy');
    expect(errorOf(await update({ privacyPolicy: 42 }), 400).code).toBe('VALIDATION_ERROR');
    const viewer = await signedInWith(t.database.db, t.hasher, ['settings.view']);
    expect((await get(viewer.headers)).statusCode).toBe(200);
    expect((await update({ privacyPolicy: '<p>x</p>' }, viewer.headers)).statusCode).toBe(403);
  });
});
