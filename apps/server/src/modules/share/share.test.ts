import { extractText } from 'unpdf';
import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  IDEMPOTENCY_HEADER,
  PUBLIC_TRIP_TEXTS,
  SHARE_LINK_MESSAGES,
  itinerarySchema,
  shareLinkCreatedSchema,
  shareLinkListSchema,
  shareLinkSchema,
  type ItineraryInput,
  type ShareLink,
  type ShareLinkCreated,
} from '@safarnama/contract';
import { rowsOf } from '../../db/client.js';
import { itineraries, itineraryShareLinks } from '../../db/schema/index.js';
import { dataOf, errorOf, imagePart, record, sendForm, textParts } from '../../test/api.js';
import { freshIp, makeGeography, makePlace } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { makeJpeg } from '../../test/images.js';
import { signedInWith } from '../../test/manage.js';
import { UNAVAILABLE_PAGE } from './share.page.js';
import { TRIP_RATE_LIMITS, redactTripToken } from './trip.routes.js';

/**
 * Issue 22, share links, through the API on a real database: the admin routes (create, list,
 * revoke), the public trip page and the refusals of its PDF.
 */
const S = API_PATHS.service;
const T = API_PATHS.itineraryTools;
const P = API_PATHS.publicShare;
type Headers = Record<string, string>;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const tokenOf = (url: string) => url.split('/trip/')[1] ?? '';
/** What may differ between two answers of the same page: the clock, the id, the limiter's count. */
const VARYING = new Set(['date', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
const stableHeaders = (res: LightMyRequestResponse) =>
  Object.fromEntries(Object.entries(res.headers).filter(([name]) => !VARYING.has(name)));

describe('share links (issue 22)', () => {
  let t: TestApp;
  let auth: Headers;
  let adminName: string;
  let jpeg: Buffer;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signedInWith(t.database.db, t.hasher, 'super');
    auth = admin.headers;
    adminName = admin.admin.name;
    jpeg = await makeJpeg(1800, 1000);
  });
  afterAll(() => t.close());

  const itineraryInput = async (extra: Partial<ItineraryInput> = {}): Promise<ItineraryInput> => {
    const { country, state, place } = await makeGeography(t.database.db);
    const second = await makePlace(t.database.db, { countryId: country.id, stateId: state.id });
    return {
      title: `Kerala Backwaters ${String(++n)}`,
      duration: '5 Days / 4 Nights',
      languages: ['English'],
      pricePerPerson: 50000,
      groupSize: 4,
      visibility: 'public',
      isActive: true,
      countryId: country.id,
      stateId: state.id,
      placeId: place.id,
      description: '<p>Slow days on the <strong>backwaters</strong>.</p>',
      metaTitle: 'Kerala Backwaters',
      metaDescription: 'Houseboats and tea hills',
      highlights: ['Night on a houseboat', 'Tea estate walk'],
      inclusions: ['All breakfasts'],
      exclusions: ['Flights'],
      dailyItinerary: [
        {
          title: 'Arrive in Kochi',
          description: 'Check in, then a walk through Fort Kochi.\nDinner by the sea.',
          placeIds: [place.id, second.id],
          meals: ['breakfast', 'dinner'],
          stay: 'Harbour View Hotel',
          transfer: 'Private car from the airport',
        },
      ],
      faqs: [{ question: 'Is it good for children?', answer: 'Yes, from five years.' }],
      ...extra,
    };
  };
  const createItinerary = async (extra: Partial<ItineraryInput> = {}) => {
    const input = await itineraryInput(extra);
    const res = await t.app.inject({
      method: 'POST',
      url: S.createItinerary,
      headers: auth,
      payload: { data: input },
    });
    return { itinerary: itinerarySchema.parse(record(res, 201)), input };
  };
  const addPicture = async (id: string) => {
    const res = await sendForm(
      t.app,
      'PATCH',
      S.itineraryGallery(id),
      [...textParts({ itineraryId: id }), imagePart('images', jpeg, 'boat.jpg')],
      auth,
    );
    return itinerarySchema.parse(record(res));
  };
  const share = (id: string, data: unknown = {}, headers = auth) =>
    t.app.inject({ method: 'POST', url: T.share(id), headers, payload: { data } });
  const shared = async (id: string, data: unknown = {}): Promise<ShareLinkCreated> =>
    shareLinkCreatedSchema.parse(record(await share(id, data), 201));
  const links = async (id: string, headers = auth): Promise<ShareLink[]> =>
    shareLinkListSchema.parse(
      dataOf(await t.app.inject({ method: 'GET', url: T.share(id), headers })),
    ).links;
  const revoke = (id: string, linkId: string, headers = auth) =>
    t.app.inject({ method: 'DELETE', url: T.shareLink(id, linkId), headers });
  /** The public page, from an address of its own (each test keeps to its own rate limit). */
  const visit = (path: string, remoteAddress = freshIp(), method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url: path, remoteAddress });
  const page = (url: string) => visit(P.page(tokenOf(url)));
  const expectUnavailable = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(UNAVAILABLE_PAGE);
    expect(res.body).toContain(PUBLIC_TRIP_TEXTS.unavailableTitle);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  };
  const linkRow = async (id: string) => {
    const [row] = await t.database.db
      .select()
      .from(itineraryShareLinks)
      .where(eq(itineraryShareLinks.id, id));
    return row;
  };

  it('lives: create → the public page with its card → views counted → listed → revoked → 404', async () => {
    const { itinerary } = await createItinerary();
    const pictured = await addPicture(itinerary._id);
    const before = Date.now();
    const link = await shared(itinerary._id);

    // The URL once: PUBLIC_URL/trip/<43 base64url characters>; expiry 7 days by default.
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/trip\/[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({
      status: 'active',
      views: 0,
      revokedAt: null,
      lastViewedAt: null,
      createdBy: { name: adminName },
    });
    const sevenDays = 7 * 86_400_000;
    expect(Date.parse(link.expiresAt) - before).toBeGreaterThanOrEqual(sevenDays - 1000);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(sevenDays);

    const res = await page(link.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    // The app's CSP: inline style allowed, no inline script (and the page has none).
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');

    const html = res.body;
    expect(html).toContain(`<h1>${itinerary.title}</h1>`);
    expect(html).toContain(`<meta property="og:title" content="${itinerary.title}">`);
    expect(html).toMatch(
      /<meta property="og:description" content="From ₹50,000 per person · 5 Days/,
    );
    expect(html).toContain(`<meta property="og:url" content="${link.url}">`);
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    // og:image: the cover's variant at least 1200 px wide (1600 of an 1800 px photo), absolute.
    const cover = pictured.gallery[0];
    const wide = cover?.variants.find((v) => v.width === 1600);
    expect(wide).toBeDefined();
    expect(html).toContain(
      `<meta property="og:image" content="http://localhost:3000${wide?.url ?? ''}">`,
    );
    const image = await t.app.inject({ method: 'GET', url: wide?.url ?? '' });
    expect(image.statusCode).toBe(200);

    // The content a customer reads.
    for (const text of [
      '<span>Safarnama</span>', // the business name (the Basic Settings' default)
      '5 Days / 4 Nights',
      'From ₹50,000 per person',
      'Night on a houseboat',
      'Tea estate walk',
      '<strong>backwaters</strong>',
      'Day 1',
      'Arrive in Kochi',
      'Breakfast, Dinner',
      'Harbour View Hotel',
      'Private car from the airport',
      'Check in, then a walk through Fort Kochi.\nDinner by the sea.',
      'All breakfasts',
      'Flights',
      'Is it good for children?',
      'Yes, from five years.',
      PUBLIC_TRIP_TEXTS.downloadPdf,
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toContain(
      `${itinerary.dailyItinerary[0]?.places?.[0]?.name ?? '?'} → ${itinerary.dailyItinerary[0]?.places?.[1]?.name ?? '?'}`,
    );
    expect(html).toContain(`href="${link.url}/pdf"`);
    // No admin data: no ids of the itinerary, its places, its gallery or the admin.
    expect(html).not.toContain(itinerary._id);
    expect(html).not.toContain(itinerary.placeId._id);
    expect(html).not.toContain(cover?._id ?? 'missing');
    expect(html).not.toContain('/admin');

    // A HEAD (a link checker) does not count; two opens do.
    expect((await visit(P.page(tokenOf(link.url)), freshIp(), 'HEAD')).statusCode).toBe(200);
    await page(link.url);
    const [listed] = await links(itinerary._id);
    expect(listed).toMatchObject({ _id: link._id, views: 2, status: 'active' });
    expect(listed?.lastViewedAt).not.toBeNull();
    // The list never shows the URL again.
    expect(listed).not.toHaveProperty('url');
    expect(JSON.stringify(listed)).not.toContain(tokenOf(link.url));

    const revoked = shareLinkSchema.parse(record(await revoke(itinerary._id, link._id)));
    expect(revoked.status).toBe('revoked');
    expect(revoked.revokedAt).not.toBeNull();
    expectUnavailable(await page(link.url));
    expect((await links(itinerary._id))[0]).toMatchObject({ status: 'revoked', views: 2 });
    // Revoking again keeps the first time.
    const again = shareLinkSchema.parse(record(await revoke(itinerary._id, link._id)));
    expect(again.revokedAt).toBe(revoked.revokedAt);
  });

  it('counts parallel opens one by one (views + 1 in SQL)', async () => {
    const { itinerary } = await createItinerary();
    const link = await shared(itinerary._id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => page(link.url)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect((await linkRow(link._id))?.views).toBe(8);
  });

  it('lists newest first; an itinerary without links lists none', async () => {
    const { itinerary } = await createItinerary();
    expect(await links(itinerary._id)).toEqual([]);
    const first = await shared(itinerary._id, { expiresInDays: 30 });
    const second = await shared(itinerary._id, { expiresInDays: 1 });
    expect((await links(itinerary._id)).map((l) => l._id)).toEqual([second._id, first._id]);
    errorOf(await t.app.inject({ method: 'GET', url: T.share(randomUuid()), headers: auth }), 404);
  });

  it('stops opening once expired (expires_at moved into the past)', async () => {
    const { itinerary } = await createItinerary();
    const before = Date.now();
    const link = await shared(itinerary._id, { expiresInDays: 1 });
    expect(Date.parse(link.expiresAt) - before).toBeGreaterThanOrEqual(86_400_000 - 1000);
    expect(Date.parse(link.expiresAt) - before).toBeLessThanOrEqual(86_400_000 + 5000);
    expect((await page(link.url)).statusCode).toBe(200);

    await t.database.db
      .update(itineraryShareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(itineraryShareLinks.id, link._id));
    expectUnavailable(await page(link.url));
    expect((await links(itinerary._id))[0]).toMatchObject({ status: 'expired', views: 1 });
  });

  it('answers 404 at once when the itinerary turns private or inactive, or is deleted', async () => {
    const { itinerary, input } = await createItinerary();
    const link = await shared(itinerary._id);
    expect((await page(link.url)).statusCode).toBe(200);

    // Private (through the API: the update drops its SEO fields and FAQs).
    const toPrivate = await t.app.inject({
      method: 'PUT',
      url: S.updateItinerary(itinerary._id),
      headers: auth,
      payload: { data: { ...input, visibility: 'private' } },
    });
    expect(toPrivate.statusCode, toPrivate.body).toBe(200);
    expectUnavailable(await page(link.url));
    // A refused open counts nothing (the one UPDATE checks the itinerary too).
    expect((await linkRow(link._id))?.views).toBe(1);
    const toPublic = await t.app.inject({
      method: 'PUT',
      url: S.updateItinerary(itinerary._id),
      headers: auth,
      payload: { data: input },
    });
    expect(toPublic.statusCode, toPublic.body).toBe(200);
    expect((await page(link.url)).statusCode).toBe(200);

    // Inactive (the status toggle).
    const toggle = () =>
      t.app.inject({ method: 'PATCH', url: S.toggleItinerary(itinerary._id), headers: auth });
    expect((await toggle()).statusCode).toBe(200);
    expectUnavailable(await page(link.url));
    expect((await linkRow(link._id))?.views).toBe(2);
    expect((await toggle()).statusCode).toBe(200);
    expect((await page(link.url)).statusCode).toBe(200);

    // Deleted: its links go with it.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: S.deleteItinerary(itinerary._id),
      headers: auth,
    });
    expect(removed.statusCode).toBe(200);
    expectUnavailable(await page(link.url));
    expect(await linkRow(link._id)).toBeUndefined();
  });

  it('answers forged, malformed, expired, revoked and hidden links with the very same page', async () => {
    const { itinerary: a } = await createItinerary();
    const { itinerary: b } = await createItinerary();
    const expired = await shared(a._id);
    await t.database.db
      .update(itineraryShareLinks)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(itineraryShareLinks.id, expired._id));
    const revoked = await shared(a._id);
    record(await revoke(a._id, revoked._id));
    const hidden = await shared(b._id);
    await t.database.db
      .update(itineraries)
      .set({ isActive: false })
      .where(eq(itineraries.id, b._id));

    const paths = [
      P.page(tokenOf(expired.url)),
      P.page(tokenOf(revoked.url)),
      P.page(tokenOf(hidden.url)),
      P.page(randomBytes(32).toString('base64url')), // forged: the right shape, no such link
      P.page('abc'), // malformed
      P.page(`${tokenOf(hidden.url)}x`), // one character too many
      `/trip/${'x'.repeat(99)}`, // as long as the router lets a path parameter be
      '/trip/%00abc', // refused by the text guard before any handler
    ];
    const answers = [];
    for (const path of paths) answers.push(await visit(path));
    const [first] = answers;
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode, paths[i]).toBe(404);
      expectUnavailable(res);
      expect(
        Buffer.from(res.rawPayload).equals(Buffer.from(first?.rawPayload ?? '')),
        paths[i],
      ).toBe(true);
      expect(stableHeaders(res), paths[i]).toEqual(stableHeaders(first as LightMyRequestResponse));
    }
    // Nothing about the itinerary leaks into the refusal.
    expect(first?.body).not.toContain(b.title);
  });

  it('escapes every text: a <script> title renders as text, rich text only as the sanitiser leaves it', async () => {
    const title = `<script>alert("x")</script> Goa & "Sun" ${String(++n)}`;
    const { itinerary } = await createItinerary({
      title,
      highlights: ['Sunsets > sunrises'],
      dailyItinerary: [{ title: 'Day one & "more" > less', description: 'a < b', placeIds: [] }],
      faqs: [{ question: 'Kids & pets?', answer: 'Ask "us"' }],
    });
    // A description written past the service (a restored backup, a manual fix): the page still
    // renders only what the sanitiser keeps.
    await t.database.db
      .update(itineraries)
      .set({
        description:
          '<p onclick="steal()">Hello <img src=x onerror="steal()"><script>steal()</script><a href="javascript:steal()">x</a></p>',
      })
      .where(eq(itineraries.id, itinerary._id));
    const link = await shared(itinerary._id);
    const html = (await page(link.url)).body;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('steal()');
    expect(html).toContain(
      '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; Goa &#38; &#34;Sun&#34;',
    );
    expect(html).toContain('<meta property="og:title" content="&#60;script&#62;alert(&#34;x&#34;)');
    expect(html).toContain('Sunsets &#62; sunrises');
    expect(html).toContain('Day one &#38; &#34;more&#34; &#62; less');
    expect(html).toContain('a &#60; b');
    expect(html).toContain('Kids &#38; pets?');
    expect(html).toContain('<p>Hello <a rel="noopener noreferrer nofollow">x</a></p>');
  });

  it('stores only the SHA-256 of the token: not in the table, the audit log or an idempotency record', async () => {
    const { itinerary } = await createItinerary();
    const send = (key: string) =>
      share(itinerary._id, { expiresInDays: 30 }, { ...auth, [IDEMPOTENCY_HEADER]: key });
    const first = shareLinkCreatedSchema.parse(record(await send('share-key-1'), 201));
    // The same key again is a second link: the answer holding a token is never stored to replay.
    const second = shareLinkCreatedSchema.parse(record(await send('share-key-1'), 201));
    expect(second._id).not.toBe(first._id);
    expect(tokenOf(second.url)).not.toBe(tokenOf(first.url));
    record(await revoke(itinerary._id, first._id));

    const token = tokenOf(first.url);
    const row = await linkRow(first._id);
    expect(row?.tokenHash).toBe(sha256(token));
    const dump = async (table: string) =>
      JSON.stringify(rowsOf(await t.database.db.execute(sql.raw(`select * from ${table}`))));
    const links = await dump('itinerary_share_links');
    expect(links).not.toContain(token);
    expect(links).not.toContain(tokenOf(second.url));
    for (const table of ['admin_activities', 'idempotency_keys']) {
      const text = await dump(table);
      expect(text, table).not.toContain(token);
      expect(text, table).not.toContain(sha256(token));
      expect(text, table).not.toContain(tokenOf(second.url));
    }
    // The audit entries: the create (with its expiry) and the revoke, about the link.
    const entries = rowsOf(
      await t.database.db.execute(
        sql`select action, entity_type, entity_id, summary, changes from admin_activities where entity_id = ${first._id} order by created_at`,
      ),
    );
    expect(entries).toMatchObject([
      {
        action: 'create',
        entity_type: 'share-link',
        summary: `Created share link '${itinerary.title}'`,
        changes: { expiresInDays: { from: null, to: 30 } },
      },
      {
        action: 'revoke',
        entity_type: 'share-link',
        summary: `Revoked share link '${itinerary.title}'`,
      },
    ]);
    expect(JSON.stringify(entries[1])).toContain('revokedAt');
  });

  it('keeps tokens out of the request log lines', () => {
    const token = randomBytes(32).toString('base64url');
    expect(redactTripToken(P.page(token))).toBe('/trip/[redacted]');
    expect(redactTripToken(`${P.pdf(token)}?x=1`)).toBe('/trip/[redacted]/pdf?x=1');
    expect(redactTripToken(S.listItineraries)).toBe(S.listItineraries);
  });

  it('needs itineraries.update to create or revoke, itineraries.view to list', async () => {
    const { itinerary } = await createItinerary();
    const link = await shared(itinerary._id);
    const viewer = (await signedInWith(t.database.db, t.hasher, ['itineraries.view'])).headers;
    const nobody = (await signedInWith(t.database.db, t.hasher, [])).headers;
    errorOf(await share(itinerary._id, {}, viewer), 403);
    errorOf(await revoke(itinerary._id, link._id, viewer), 403);
    expect((await links(itinerary._id, viewer)).map((l) => l._id)).toEqual([link._id]);
    errorOf(
      await t.app.inject({ method: 'GET', url: T.share(itinerary._id), headers: nobody }),
      403,
    );
    errorOf(
      await t.app.inject({ method: 'POST', url: T.share(itinerary._id), payload: { data: {} } }),
      401,
    );
    expect((await linkRow(link._id))?.revokedAt).toBeNull();
    expect(await links(itinerary._id)).toHaveLength(1);
  });

  it('refuses to share a private or inactive itinerary (409) and an unknown one (404)', async () => {
    const { itinerary: hidden } = await createItinerary({ visibility: 'private' });
    const refused = errorOf(await share(hidden._id), 409);
    expect(refused.message).toBe(SHARE_LINK_MESSAGES.notShareable);
    expect(refused.message).toBe('Only an active, public itinerary can be shared');
    const { itinerary: off } = await createItinerary({ isActive: false });
    expect(errorOf(await share(off._id), 409).message).toBe(SHARE_LINK_MESSAGES.notShareable);
    errorOf(await share(randomUuid()), 404);
    errorOf(await share('not-a-uuid'), 404);
    expect(await links(hidden._id)).toEqual([]);
  });

  it('checks expiresInDays: a whole number of days from 1 to 90 (400 naming the field)', async () => {
    const { itinerary } = await createItinerary();
    for (const expiresInDays of [0, 91, 1.5, '7', null, -1]) {
      const refused = errorOf(await share(itinerary._id, { expiresInDays }), 400);
      expect(
        refused.details?.map((d) => d.path),
        String(expiresInDays),
      ).toEqual(['expiresInDays']);
    }
    const unknown = errorOf(await share(itinerary._id, { expiresInDays: 7, token: 'mine' }), 400);
    expect(unknown.details).toEqual([{ path: 'token', message: 'Unknown field' }]);
    for (const expiresInDays of [1, 90]) {
      expect(
        record<ShareLinkCreated>(await share(itinerary._id, { expiresInDays }), 201).status,
      ).toBe('active');
    }
    expect(await links(itinerary._id)).toHaveLength(2);
  });

  it('revokes only a link of the itinerary in the path (404 otherwise)', async () => {
    const { itinerary: a } = await createItinerary();
    const { itinerary: b } = await createItinerary();
    const link = await shared(a._id);
    expect(errorOf(await revoke(b._id, link._id), 404).message).toBe(
      SHARE_LINK_MESSAGES.linkNotFound,
    );
    errorOf(await revoke(a._id, randomUuid()), 404);
    errorOf(await revoke(a._id, 'nope'), 404);
    expect((await linkRow(link._id))?.revokedAt).toBeNull();
    expect((await page(link.url)).statusCode).toBe(200);
  });

  it('the PDF route: a valid link downloads the itinerary PDF; a forged, malformed or expired token gets the 404 page', async () => {
    const { itinerary } = await createItinerary();
    const link = await shared(itinerary._id);
    const ok = await visit(P.pdf(tokenOf(link.url)));
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(ok.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.pdf"$/);
    expect(ok.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(ok.rawPayload), { mergePages: true });
    expect(text).toContain(itinerary.title);
    // A download is not a view of the page.
    expect((await linkRow(link._id))?.views).toBe(0);
    await t.database.db
      .update(itineraryShareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(itineraryShareLinks.id, link._id));
    for (const path of [
      P.pdf(tokenOf(link.url)),
      P.pdf(randomBytes(32).toString('base64url')),
      P.pdf('short'),
    ]) {
      expectUnavailable(await visit(path));
    }
  });

  it('the page offers Download PDF; the request log names the routes without the token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const bare = await createTestApp({ database: t.database, logger: { level: 'debug', stream } });
    try {
      const { itinerary } = await createItinerary();
      const link = await shared(itinerary._id);
      const token = tokenOf(link.url);
      const res = await bare.app.inject({ method: 'GET', url: P.page(token) });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        `href="${link.url}/pdf" download>${PUBLIC_TRIP_TEXTS.downloadPdf}</a>`,
      );
      const pdf = await bare.app.inject({ method: 'GET', url: P.pdf(token) });
      expect(pdf.statusCode).toBe(200);
      // The request lines name the route without its credential.
      const log = lines.join('\n');
      expect(log).toContain('/trip/[redacted]/pdf');
      expect(log).not.toContain(token);
    } finally {
      await bare.app.close();
    }
  });

  it('rate-limits the public page per IP with a page of its own (429, Retry-After)', async () => {
    const ip = freshIp();
    const path = P.page('malformed');
    for (let i = 0; i < TRIP_RATE_LIMITS.page.max; i++) {
      expect((await visit(path, ip)).statusCode).toBe(404);
    }
    const limited = await visit(path, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain(PUBLIC_TRIP_TEXTS.tooManyTitle);
    // Another address, and the API from the same one, are not affected.
    expect((await visit(path)).statusCode).toBe(404);
    const api = await t.app.inject({
      method: 'GET',
      url: T.share(randomUuid()),
      headers: auth,
      remoteAddress: ip,
    });
    expect(api.statusCode).toBe(404);
    expect(body(api)).toMatchObject({ success: false });
  });
});

const randomUuid = () => '0190a0a0-0000-7000-8000-00000000beef';
