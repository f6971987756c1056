import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  ITINERARY_MESSAGES as M,
  itinerarySchema,
  type Itinerary,
  type ItineraryInput,
} from '@safarnama/contract';
import { places } from '../../db/schema/index.js';
import { errorOf, imagePart, record, sendForm, textParts } from '../../test/api.js';
import { makeGeography, makePlace } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makePng } from '../../test/images.js';
import { signedInWith } from '../../test/manage.js';

/**
 * Issue 22: `GET /api/v1/admin/itinerary/{id}/pdf` through the API on a real database, the PDF
 * read back with pdf.js (unpdf) for its text and scanned for its image objects.
 */
const S = API_PATHS.service;
const T = API_PATHS.itineraryTools;
type Headers = Record<string, string>;

/** A photo-like JPEG (smooth, so it compresses like a photo): noise blurred into blotches. */
const photo = (width: number, height: number, hue: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: hue, g: 140, b: 255 - hue },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .blur(6)
    .jpeg({ quality: 85 })
    .toBuffer();

const textOf = async (pdf: Buffer): Promise<string> => {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  // pdf.js may break a line into several items; compare on single spaces.
  return text.replace(/\s+/g, ' ');
};

/** The image XObjects of a PDF (pdfkit writes their dictionaries uncompressed). */
const imageObjects = (pdf: Buffer) => {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/\/Subtype \/Image\s+\/BitsPerComponent \d+\s+\/Width (\d+)/g)].map((m) =>
    Number(m[1]),
  );
};

const CANCELLATION =
  '<h2>Cancellation</h2><p>Cancel 30 days before departure for a full refund.</p><ul><li>Under 15 days: no refund</li></ul>';
const TERMS = '<p>These terms apply to every booking we make for you.</p>';

describe('itinerary PDF (issue 22)', () => {
  let t: TestApp;
  let auth: Headers;
  let kerala: Itinerary;
  let pdf: Buffer;
  let text: string;

  const getPdf = (id: string, headers: Headers = auth) =>
    t.app.inject({ method: 'GET', url: T.pdf(id), headers });
  const pdfOf = async (id: string) => {
    const res = await getPdf(id);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.rawPayload;
  };
  const savePolicies = async (data: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.setting.updatePolicies,
      headers: auth,
      payload: { data },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
    const { country, state, place } = await makeGeography(t.database.db);
    const second = await makePlace(t.database.db, { countryId: country.id, stateId: state.id });
    await t.database.db.update(places).set({ name: 'Munnar' }).where(eq(places.id, place.id));
    await t.database.db.update(places).set({ name: 'Alleppey' }).where(eq(places.id, second.id));

    // Basic Settings with a logo, and the policies.
    const basic = await sendForm(
      t.app,
      'POST',
      API_PATHS.setting.updateBasic,
      [
        ...textParts({
          productName: 'Safarnama Test Travels',
          supportEmail: 'trips@safarnama.test',
          supportPhone: '+91 98123 45678',
          timeZone: 'Asia/Kolkata',
          currencySymbol: '₹',
          sessionIdleMinutes: '480',
          maintenanceMode: 'false',
          maintenanceMessage: '',
        }),
        imagePart('logo', await makePng(300, 100), 'logo.png', 'image/png'),
      ],
      auth,
    );
    expect(basic.statusCode, basic.body).toBe(200);
    await savePolicies({ cancellationPolicy: CANCELLATION, termsAndConditions: TERMS });

    const input: ItineraryInput = {
      title: 'Kerala Backwaters',
      duration: '5 Days / 4 Nights',
      type: 'Leisure',
      languages: ['English', 'Hindi'],
      pricePerPerson: 50000,
      groupSize: 6,
      visibility: 'public',
      months: ['JUN', 'JUL', 'AUG', 'DEC'],
      description: '<p>Slow days on the <strong>backwaters</strong>.</p>',
      countryId: country.id,
      stateId: state.id,
      placeId: place.id,
      dailyItinerary: [
        {
          title: 'Day 1',
          description: 'Arrive in Kochi and drive up to the tea hills.',
          placeIds: [place.id, second.id],
          meals: ['dinner', 'breakfast'],
          stay: 'Tea estate bungalow',
          transfer: 'Private car from Kochi airport',
        },
        { title: 'Houseboat day', description: 'Drift through the lagoons.', meals: ['lunch'] },
      ],
      highlights: ['Overnight houseboat'],
      inclusions: ['All meals on the houseboat'],
      exclusions: ['Flights'],
      priceBands: [
        { months: ['JUN', 'JUL', 'AUG'], minGroupSize: 1, maxGroupSize: 6, pricePerPerson: 40000 },
        { months: ['DEC'], minGroupSize: 1, maxGroupSize: 6, pricePerPerson: 125000 },
      ],
      gst: { rate: 5, included: true },
      faqs: [{ question: 'Is the houseboat private?', answer: 'Yes, with its own crew.' }],
    };
    const created = await t.app.inject({
      method: 'POST',
      url: S.createItinerary,
      headers: auth,
      payload: { data: input },
    });
    const id = itinerarySchema.parse(record(created, 201))._id;
    const images = await Promise.all(
      Array.from({ length: 10 }, (_, i) => photo(1200, 800, i * 25)),
    );
    const withGallery = itinerarySchema.parse(
      record(
        await sendForm(
          t.app,
          'PATCH',
          S.itineraryGallery(id),
          images.map((image, i) => imagePart('images', image, `g${String(i)}.jpg`)),
          auth,
        ),
      ),
    );
    expect(withGallery.gallery).toHaveLength(10);
    // The second day shows the third gallery picture.
    const days = input.dailyItinerary ?? [];
    const updated = await t.app.inject({
      method: 'PUT',
      url: S.updateItinerary(id),
      headers: auth,
      payload: {
        data: {
          ...input,
          dailyItinerary: days.map((day, i) =>
            i === 1 ? { ...day, imageId: withGallery.gallery[2]?._id ?? null } : day,
          ),
        },
      },
    });
    kerala = itinerarySchema.parse(record(updated));
    pdf = await pdfOf(kerala._id);
    text = await textOf(pdf);
  }, 120_000);
  afterAll(() => t.close());

  it('answers 404 for an unknown or malformed id, 401 signed out, 403 without itineraries.view', async () => {
    for (const id of ['0197a3c4-0000-7000-8000-000000000000', 'not-an-id', '%00']) {
      expect(errorOf(await getPdf(id), 404).message).toBe(M.notFound);
    }
    expect((await getPdf(kerala._id, {})).statusCode).toBe(401);
    const other = await signedInWith(t.database.db, t.hasher, ['blogs.view']);
    expect((await getPdf(kerala._id, other.headers)).statusCode).toBe(403);
    const viewer = await signedInWith(t.database.db, t.hasher, ['itineraries.view']);
    expect((await getPdf(kerala._id, viewer.headers)).statusCode).toBe(200);
  });

  it('is an A4 PDF attachment named after the title, never cached', async () => {
    const res = await getPdf(kerala._id);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="kerala-backwaters.pdf"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const page = await doc.getPage(1);
    const [, , width, height] = page.view;
    expect([Math.round(width ?? 0), Math.round(height ?? 0)]).toEqual([595, 842]);
  });

  it('prints the header, the plan, the lists, the price table, the FAQ and the chosen policy', () => {
    for (const expected of [
      'Safarnama Test Travels',
      'Kerala Backwaters',
      'Munnar, ', // the place line: Munnar, <state>, <country>
      '5 Days / 4 Nights',
      'Leisure',
      'From ₹40,000 per person',
      'Overnight houseboat',
      'Slow days on the backwaters.',
      'Arrive in Kochi and drive up to the tea hills.',
      'Places: Munnar › Alleppey',
      'Meals: Breakfast, Dinner',
      'Meals: Lunch',
      'Stay: Tea estate bungalow',
      'Transfer: Private car from Kochi airport',
      'Houseboat day',
      'All meals on the houseboat',
      'Flights',
      'Jun–Aug',
      '₹40,000',
      '₹1,25,000',
      '1–6 people',
      'Prices include 5% GST',
      'Is the houseboat private?',
      'Yes, with its own crew.',
      'Cancellation and Refund Policy',
      'Cancel 30 days before departure for a full refund.',
      '• Under 15 days: no refund',
      'trips@safarnama.test',
      'Page 1 of',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Not the policy that was not chosen.
    expect(text).not.toContain('These terms apply');
  });

  it('embeds the logo and the stored 768 px variants once each, and stays small', () => {
    const widths = imageObjects(pdf);
    // The cover is the gallery's first picture and the second day's is its third: ten photos
    // (each once) and the logo.
    expect(widths).toHaveLength(11);
    expect(widths.filter((w) => w === 768)).toHaveLength(10);
    expect(pdf.length).toBeLessThan(1_500_000);
  });

  it('prints the policy chosen in Policy Settings, or none', async () => {
    await savePolicies({ itineraryPdfPolicy: 'termsAndConditions' });
    const terms = await textOf(await pdfOf(kerala._id));
    expect(terms).toContain('Terms and Conditions');
    expect(terms).toContain('These terms apply to every booking we make for you.');
    expect(terms).not.toContain('Cancel 30 days before departure');

    await savePolicies({ itineraryPdfPolicy: 'none' });
    const none = await textOf(await pdfOf(kerala._id));
    expect(none).not.toContain('These terms apply');
    expect(none).not.toContain('Cancel 30 days before departure');
    expect(none).not.toContain('Cancellation and Refund Policy');
    expect(none).toContain('Is the houseboat private?');
    await savePolicies({ itineraryPdfPolicy: 'cancellationPolicy' });
  });

  it('shapes Devanagari: a Hindi title and day come out as written; the file is itinerary.pdf', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: S.createItinerary,
      headers: auth,
      payload: {
        data: {
          title: 'केरल यात्रा',
          duration: '3 दिन',
          languages: ['Hindi'],
          pricePerPerson: 125000,
          countryId: kerala.countryId._id,
          stateId: kerala.stateId._id,
          placeId: kerala.placeId._id,
          dailyItinerary: [{ title: 'पहला दिन', description: 'कोच्चि पहुँचें' }],
          gst: { rate: 18, included: false },
        } satisfies ItineraryInput,
      },
    });
    const hindi = itinerarySchema.parse(record(created, 201));
    const res = await getPdf(hindi._id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="itinerary.pdf"');
    const hindiText = await textOf(res.rawPayload);
    expect(hindiText).toContain('केरल यात्रा');
    expect(hindiText).toContain('पहला');
    // 1,25,000 + 18 % GST, added because the price was set without it.
    expect(hindiText).toContain('₹1,47,500');
    expect(hindiText).toContain('Prices include 18% GST, added to the base price');
    // No gallery: no photo, only the logo.
    expect(imageObjects(res.rawPayload)).toHaveLength(1);
  });
});
