import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  BLOG_MESSAGES,
  ITINERARY_MESSAGES,
  OFFER_AVAILABILITY,
  SCHEMA_ORG,
  STRUCTURED_DATA_MESSAGES as M,
  blogPostingLdSchema,
  blogSchema,
  itinerarySchema,
  itineraryStructuredDataSchema,
  type Blog,
  type BlogPostingLd,
  type FaqPageLd,
  type Itinerary,
  type ItineraryInput,
  type TouristTripLd,
} from '@safarnama/contract';
import { places } from '../../db/schema/index.js';
import { errorOf, imagePart, record, sendForm, textParts } from '../../test/api.js';
import { makeGeography, makePlace } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { makeJpeg, makePng } from '../../test/images.js';
import { signedInWith } from '../../test/manage.js';

/**
 * Issue 23: `GET …/itinerary/{id}/structured-data` and `GET …/blog/{id}/structured-data` through
 * the API on a real database, for a full and a minimal record of each. What is checked is what
 * schema.org and Google document for the types: TouristTrip `name`; Offer `price` +
 * `priceCurrency`; FAQPage `mainEntity` of Questions with `name` and `acceptedAnswer.text`
 * (Google's required properties); BlogPosting (Google's Article: `headline` ≤ 110 characters,
 * `image`, `datePublished`, `dateModified`, `author.name`; `publisher`, `mainEntityOfPage`).
 */
const S = API_PATHS.service;
const SD = API_PATHS.structuredData;
const PUBLIC = 'http://localhost:3000';
type Headers = Record<string, string>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The types these documents may use (schema.org names), and the paths of every empty value. */
const TYPES = new Set([
  'TouristTrip',
  'FAQPage',
  'Question',
  'Answer',
  'ItemList',
  'ListItem',
  'Place',
  'GeoCoordinates',
  'Offer',
  'UnitPriceSpecification',
  'QuantitativeValue',
  'Organization',
  'ImageObject',
  'BlogPosting',
  'Person',
  'WebPage',
  'State',
  'Country',
]);
const problemsOf = (value: Json, path = '$'): string[] => {
  if (value === null) return [`${path} is null`];
  if (typeof value === 'string') return value.trim() === '' ? [`${path} is empty`] : [];
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${path} is an empty list`];
    return value.flatMap((item, i) => problemsOf(item, `${path}[${String(i)}]`));
  }
  if (typeof value === 'object') {
    const type = value['@type'];
    const own =
      type !== undefined && !TYPES.has(String(type)) ? [`${path} has @type ${String(type)}`] : [];
    return [
      ...own,
      ...Object.entries(value).flatMap(([key, item]) => problemsOf(item, `${path}.${key}`)),
    ];
  }
  return [];
};

/** Every URL of the document that should be absolute (images, logos, pages). */
const urlsOf = (value: Json): string[] => {
  if (Array.isArray(value)) return value.flatMap(urlsOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    (key === 'url' || key === '@id' || key === 'image') && typeof item === 'string'
      ? [item]
      : urlsOf(item),
  );
};

describe('structured data (issue 23)', () => {
  let t: TestApp;
  let auth: Headers;
  let adminName: string;
  let geo: Awaited<ReturnType<typeof makeGeography>>;
  let full: Itinerary;
  let minimal: Itinerary;

  const get = (url: string, headers: Headers = auth) =>
    t.app.inject({ method: 'GET', url, headers });
  const answered = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
    return res;
  };
  const tripLd = async (id: string, query = '') => {
    const res = await answered(`${SD.itinerary(id)}${query}`);
    expect(body(res)).toMatchObject({ status: 200, success: true, message: M.itinerary });
    const raw = record<Json>(res);
    expect(problemsOf(raw)).toEqual([]);
    const doc = itineraryStructuredDataSchema.parse(raw);
    const trip = doc['@graph'].find(
      (node): node is TouristTripLd => node['@type'] === 'TouristTrip',
    );
    const faq = doc['@graph'].find((node): node is FaqPageLd => node['@type'] === 'FAQPage');
    return { raw, doc, trip, faq };
  };
  const blogLd = async (id: string, query = '') => {
    const res = await answered(`${SD.blog(id)}${query}`);
    expect(body(res)).toMatchObject({ status: 200, success: true, message: M.blog });
    const raw = record<Json>(res);
    expect(problemsOf(raw)).toEqual([]);
    return { raw, doc: blogPostingLdSchema.parse(raw) };
  };
  const create = async (input: ItineraryInput) =>
    itinerarySchema.parse(
      record(
        await t.app.inject({
          method: 'POST',
          url: S.createItinerary,
          headers: auth,
          payload: { data: input },
        }),
        201,
      ),
    );
  const addBlog = async (
    fields: Record<string, string>,
    extra: Parameters<typeof sendForm>[3] = [],
  ) =>
    blogSchema.parse(
      record(
        await sendForm(
          t.app,
          'POST',
          S.addBlog,
          [
            ...textParts({
              countryId: geo.country.id,
              stateId: geo.state.id,
              placeId: geo.place.id,
              ...fields,
            }),
            ...extra,
          ],
          auth,
        ),
        201,
      ),
    );

  beforeAll(async () => {
    t = await createTestApp();
    const session = await signedInWith(t.database.db, t.hasher, 'super');
    auth = session.headers;
    adminName = session.admin.name;
    geo = await makeGeography(t.database.db);
    const second = await makePlace(t.database.db, {
      countryId: geo.country.id,
      stateId: geo.state.id,
    });
    await t.database.db
      .update(places)
      .set({ name: 'Munnar', latitude: 10.0889, longitude: 77.0595 })
      .where(eq(places.id, geo.place.id));
    await t.database.db.update(places).set({ name: 'Alleppey' }).where(eq(places.id, second.id));

    // The business: a name, a logo, support contacts.
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

    const created = await create({
      title: 'Kerala Backwaters',
      duration: '5 Days / 4 Nights',
      type: 'Leisure',
      languages: ['English'],
      pricePerPerson: 50000,
      groupSize: 6,
      visibility: 'public',
      description:
        '<h2>Slow days</h2><p>Houseboats on the <strong>backwaters</strong> &amp; tea hills.</p><ul><li>Kochi</li></ul>',
      metaTitle: 'Kerala houseboat tour',
      metaDescription: 'Five days on the backwaters',
      countryId: geo.country.id,
      stateId: geo.state.id,
      placeId: geo.place.id,
      dailyItinerary: [
        {
          title: 'Tea hills',
          description: 'Drive up to Munnar, then Alleppey.',
          placeIds: [geo.place.id, second.id],
        },
        { title: 'Day 2', description: '' },
      ],
      faqs: [
        { question: 'Is the houseboat private?', answer: 'Yes, with its own crew.' },
        { question: 'Are children welcome?', answer: 'From five years.' },
      ],
      priceBands: [{ months: ['DEC'], minGroupSize: 1, maxGroupSize: 6, pricePerPerson: 40000 }],
      gst: { rate: 5, included: false },
    });
    const pictured = await sendForm(
      t.app,
      'PATCH',
      S.itineraryGallery(created._id),
      [
        ...textParts({ itineraryId: created._id, 'altTexts[0]': 'Houseboat at dusk' }),
        imagePart('images', await makeJpeg(1800, 1200), 'boat.jpg'),
        imagePart('images', await makeJpeg(600, 400), 'tea.jpg'),
      ],
      auth,
    );
    full = itinerarySchema.parse(record(pictured));
    expect(full.gallery).toHaveLength(2);

    minimal = await create({
      title: 'Day trip',
      duration: '1 Day',
      languages: ['Hindi'],
      visibility: 'private',
      countryId: geo.country.id,
      stateId: geo.state.id,
      placeId: geo.place.id,
      isActive: false,
    });
  }, 60_000);
  afterAll(() => t.close());

  describe('itinerary: TouristTrip and FAQPage', () => {
    it('describes a full itinerary: days with places, offer in INR, images, provider, FAQs', async () => {
      const { doc, trip, faq } = await tripLd(full._id);
      expect(doc['@context']).toBe(SCHEMA_ORG);
      expect(doc['@graph'].map((node) => node['@type'])).toEqual(['TouristTrip', 'FAQPage']);
      expect(trip).toMatchObject({
        '@type': 'TouristTrip',
        name: 'Kerala Backwaters',
        // The rich description as plain text, blocks apart, entities decoded.
        description: 'Slow days Houseboats on the backwaters & tea hills. Kochi',
        touristType: 'Leisure',
      });
      // No page named: no url, no @id.
      expect(trip).not.toHaveProperty('url');
      expect(trip).not.toHaveProperty('@id');

      // Images: absolute URLs of the public variants (≥ 1200 px, else the widest), alt as caption.
      const images = trip?.image ?? [];
      expect(images).toHaveLength(2);
      const wide = full.gallery[0]?.variants.find((v) => v.width === 1600);
      expect(images[0]).toEqual({
        '@type': 'ImageObject',
        url: `${PUBLIC}${wide?.url ?? ''}`,
        width: 1600,
        height: wide?.height,
        caption: 'Houseboat at dusk',
      });
      expect(images[1]).not.toHaveProperty('caption');
      expect(images[1]?.url).toMatch(/^http:\/\/localhost:3000\/uploads\//);
      expect((await t.app.inject({ method: 'GET', url: wide?.url ?? '' })).statusCode).toBe(200);

      // The days in order, each with its places (coordinates where the place has them).
      expect(trip?.itinerary).toEqual({
        '@type': 'ItemList',
        numberOfItems: 2,
        itemListElement: [
          {
            '@type': 'ListItem',
            position: 1,
            item: {
              '@type': 'TouristTrip',
              name: 'Day 1 · Tea hills',
              description: 'Drive up to Munnar, then Alleppey.',
              itinerary: {
                '@type': 'ItemList',
                numberOfItems: 2,
                itemListElement: [
                  {
                    '@type': 'ListItem',
                    position: 1,
                    item: {
                      '@type': 'Place',
                      name: 'Munnar',
                      geo: { '@type': 'GeoCoordinates', latitude: 10.0889, longitude: 77.0595 },
                    },
                  },
                  {
                    '@type': 'ListItem',
                    position: 2,
                    item: { '@type': 'Place', name: 'Alleppey' },
                  },
                ],
              },
            },
          },
          // The default title 'Day 2' is not repeated; an empty description is left out.
          { '@type': 'ListItem', position: 2, item: { '@type': 'TouristTrip', name: 'Day 2' } },
        ],
      });

      // The offer: the lowest customer price (the December band, GST added: 40 000 × 1.05).
      expect(full.fromPrice).toBe(42000);
      expect(trip?.offers).toEqual({
        '@type': 'Offer',
        price: 42000,
        priceCurrency: 'INR',
        availability: OFFER_AVAILABILITY.inStock,
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: 42000,
          priceCurrency: 'INR',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitText: 'person' },
          valueAddedTaxIncluded: true,
        },
      });

      // The business from Basic Settings, with its logo as an absolute URL.
      expect(trip?.provider).toMatchObject({
        '@type': 'Organization',
        name: 'Safarnama Test Travels',
        email: 'trips@safarnama.test',
        telephone: '+91 98123 45678',
      });
      expect(trip?.provider.logo?.url).toMatch(/^http:\/\/localhost:3000\/uploads\/.+\.webp$/);

      // Google's FAQPage: Questions with a name and an acceptedAnswer's text.
      expect(faq).toEqual({
        '@type': 'FAQPage',
        mainEntity: [
          {
            '@type': 'Question',
            name: 'Is the houseboat private?',
            acceptedAnswer: { '@type': 'Answer', text: 'Yes, with its own crew.' },
          },
          {
            '@type': 'Question',
            name: 'Are children welcome?',
            acceptedAnswer: { '@type': 'Answer', text: 'From five years.' },
          },
        ],
      });
    });

    it('names the public page when asked: url, @ids and the offer url', async () => {
      const page = 'https://trips.example/kerala-backwaters';
      const { raw, trip, faq } = await tripLd(full._id, `?url=${encodeURIComponent(page)}`);
      expect(trip).toMatchObject({ '@id': `${page}#trip`, url: page, offers: { url: page } });
      expect(faq).toMatchObject({ '@id': `${page}#faq`, url: page });
      for (const url of urlsOf(raw)) expect(url).toMatch(/^https?:\/\//);
    });

    it('leaves out what a minimal itinerary lacks: no images, days, FAQs or offer at price 0', async () => {
      const { raw, doc, trip } = await tripLd(minimal._id);
      expect(doc['@graph']).toHaveLength(1);
      expect(trip).toEqual({
        '@type': 'TouristTrip',
        name: 'Day trip',
        touristType: 'Adventure',
        provider: expect.objectContaining({ '@type': 'Organization' }) as unknown,
      });
      expect(JSON.stringify(raw)).not.toMatch(/null|""|\[\]/);
    });

    it('answers 404 for an unknown or malformed id, 400 for a bad url, 401/403 by access', async () => {
      for (const id of ['0197a3c4-0000-7000-8000-000000000000', 'not-an-id']) {
        expect(errorOf(await get(SD.itinerary(id)), 404).message).toBe(ITINERARY_MESSAGES.notFound);
      }
      for (const query of ['?url=javascript%3Aalert(1)', '?url=%2Frelative', '?other=1']) {
        expect(errorOf(await get(`${SD.itinerary(full._id)}${query}`), 400).code).toBe(
          'VALIDATION_ERROR',
        );
      }
      expect((await get(SD.itinerary(full._id), {})).statusCode).toBe(401);
      const blogsOnly = await signedInWith(t.database.db, t.hasher, ['blogs.view']);
      expect((await get(SD.itinerary(full._id), blogsOnly.headers)).statusCode).toBe(403);
      const viewer = await signedInWith(t.database.db, t.hasher, ['itineraries.view']);
      expect((await get(SD.itinerary(full._id), viewer.headers)).statusCode).toBe(200);
    });
  });

  describe('blog: BlogPosting', () => {
    let published: Blog;
    let draft: Blog;

    beforeAll(async () => {
      published = await addBlog(
        {
          title: `Monsoon in Munnar: ${'a very long title that goes on '.repeat(4)}`,
          excerpt: 'Where the clouds sit on the tea.',
          content: '<h2>Rain</h2><p>Mist over the <em>tea</em> estates &amp; waterfalls.</p>',
          metaTitle: 'Munnar in the monsoon',
          metaDescription: 'Tea, mist and waterfalls',
          status: 'published',
          'tags[0]': 'Kerala',
          'tags[1]': 'Monsoon',
        },
        [imagePart('coverImage', await makeJpeg(1400, 900), 'cover.jpg')],
      );
      draft = await addBlog({ title: 'Notes' });
    }, 30_000);

    it('describes a full blog with the properties Google documents for articles', async () => {
      const page = 'https://trips.example/blog/monsoon-in-munnar';
      const { doc } = await blogLd(published.id, `?url=${encodeURIComponent(page)}`);
      expect(doc['@context']).toBe(SCHEMA_ORG);
      expect(doc['@type']).toBe('BlogPosting');
      expect([...doc.headline].length).toBeLessThanOrEqual(110);
      expect(doc.headline.startsWith('Monsoon in Munnar: a very long title')).toBe(true);
      expect(doc.headline.endsWith('…')).toBe(true);
      expect(doc).toMatchObject({
        '@id': `${page}#article`,
        url: page,
        mainEntityOfPage: { '@type': 'WebPage', '@id': page },
        description: 'Tea, mist and waterfalls',
        datePublished: published.publishedAt,
        dateModified: published.updatedAt,
        author: { '@type': 'Person', name: adminName },
        publisher: { '@type': 'Organization', name: 'Safarnama Test Travels' },
        keywords: 'Kerala, Monsoon',
        articleBody: 'Rain Mist over the tea estates & waterfalls.',
        wordCount: 7,
        contentLocation: {
          '@type': 'Place',
          name: 'Munnar',
          containedInPlace: {
            '@type': 'State',
            name: published.state.name,
            containedInPlace: { '@type': 'Country', name: published.country.name },
          },
        },
      });
      expect(Number.isNaN(Date.parse(doc.datePublished ?? ''))).toBe(false);
      expect(doc.publisher.logo?.url).toMatch(/^http:\/\/localhost:3000\/uploads\//);
      const image = doc.image?.[0];
      expect(image?.url).toMatch(/^http:\/\/localhost:3000\/uploads\/.+\.webp$/);
      const widest = Math.max(...(published.coverImage?.variants ?? []).map((v) => v.width));
      expect(image?.width).toBe(widest);
    });

    it('leaves out what a minimal draft lacks and falls back for the description', async () => {
      const { raw, doc } = await blogLd(draft.id);
      expect(doc).toEqual({
        '@context': SCHEMA_ORG,
        '@type': 'BlogPosting',
        headline: 'Notes',
        dateModified: draft.updatedAt,
        author: { '@type': 'Person', name: adminName },
        publisher: expect.objectContaining({ name: 'Safarnama Test Travels' }) as unknown,
        wordCount: 0,
        contentLocation: expect.objectContaining({ name: 'Munnar' }) as unknown,
      } satisfies Partial<Record<keyof BlogPostingLd, unknown>>);
      expect(JSON.stringify(raw)).not.toMatch(/null|""|\[\]/);

      // Without meta description and excerpt, the text's first 160 characters describe it.
      const wordy = await addBlog({ title: 'Wordy', content: `<p>${'word '.repeat(80)}</p>` });
      const described = (await blogLd(wordy.id)).doc;
      expect([...(described.description ?? '')].length).toBeLessThanOrEqual(160);
      expect(described.description?.endsWith('…')).toBe(true);
      expect(described.wordCount).toBe(80);
    });

    it('answers 404 for an unknown or malformed id, 401/403 by access', async () => {
      for (const id of ['0197a3c4-0000-7000-8000-000000000000', 'nope']) {
        expect(errorOf(await get(SD.blog(id)), 404).message).toBe(BLOG_MESSAGES.notFound);
      }
      expect((await get(SD.blog(draft.id), {})).statusCode).toBe(401);
      const itinerariesOnly = await signedInWith(t.database.db, t.hasher, ['itineraries.view']);
      expect((await get(SD.blog(draft.id), itinerariesOnly.headers)).statusCode).toBe(403);
      const viewer = await signedInWith(t.database.db, t.hasher, ['blogs.view']);
      expect((await get(SD.blog(draft.id), viewer.headers)).statusCode).toBe(200);
    });
  });
});
