import { describe, expect, it } from 'vitest';
import {
  QUALITY_CODES,
  QUALITY_MESSAGES,
  blogQuality,
  isAdminLink,
  isJavascriptLink,
  itineraryQuality,
  placeDetailsQuality,
  qualityIssuesOf,
  type BlogQualityInput,
  type ItineraryQualityInput,
  type PlaceDetailsQualityInput,
} from './quality.js';
import { plainTextOf } from './html-text.js';

const codes = (list: { code: string }[]) => list.map((issue) => issue.code);
const words = (n: number) => 'word '.repeat(Math.ceil(n / 5)).trim();
const alt = (altText: string) => ({ altText });

const goodPlace: PlaceDetailsQualityInput = {
  description: `<p>${words(320)}</p>`,
  hasCover: true,
  gallery: [alt('Lake'), alt('Fort'), alt('Market'), alt('Ghat')],
  temperature: { min: 10, max: 25 },
  bestTimeToVisit: { fromMonth: 'OCT', toMonth: 'MAR', note: '' },
};

const goodItinerary: ItineraryQualityInput = {
  visibility: 'public',
  metaTitle: 'Kerala backwaters in five calm days',
  metaDescription:
    'Houseboats, spice gardens and quiet beaches: a five-day Kerala trip planned for families.',
  days: 3,
  gallery: [alt('Houseboat at dusk')],
  pricePerPerson: 25_000,
  priceBands: 0,
};

const OURS = ['https://admin.example.com'];
const goodBlog: BlogQualityInput = {
  title: 'A slow week in the Kerala backwaters',
  hasCover: true,
  content: `<p>${words(640)} <a href="https://example.org/kerala">guide</a></p>`,
  ownOrigins: OURS,
};

describe('quality rules', () => {
  it('lists every code once with its message', () => {
    expect(new Set(QUALITY_CODES).size).toBe(QUALITY_CODES.length);
    for (const code of QUALITY_CODES) expect(QUALITY_MESSAGES[code].length).toBeGreaterThan(10);
    expect(qualityIssuesOf(['cover-missing', 'not-a-code'])).toEqual([
      { code: 'cover-missing', message: QUALITY_MESSAGES['cover-missing'] },
    ]);
  });

  it('passes complete place details and fails each place rule on its own', () => {
    expect(placeDetailsQuality(goodPlace)).toEqual([]);
    const fail = (patch: Partial<PlaceDetailsQualityInput>) =>
      codes(placeDetailsQuality({ ...goodPlace, ...patch }));
    // 299 visible characters, padded with tags and an entity that count as one.
    expect(fail({ description: `<p><strong>${'a'.repeat(297)}</strong>&amp;b</p>` })).toEqual([
      'description-short',
    ]);
    expect(fail({ description: `<p>${'a'.repeat(298)}&amp;b</p>` })).toEqual([]);
    expect(fail({ hasCover: false })).toEqual(['cover-missing']);
    expect(fail({ gallery: goodPlace.gallery.slice(0, 3) })).toEqual(['gallery-few']);
    expect(fail({ gallery: [...goodPlace.gallery.slice(0, 3), alt('  ')] })).toEqual([
      'alt-text-missing',
    ]);
    expect(fail({ temperature: null })).toEqual(['temperature-missing']);
    expect(fail({ bestTimeToVisit: undefined })).toEqual(['best-time-missing']);
  });

  it('answers failed rules in the fixed order', () => {
    expect(
      codes(
        placeDetailsQuality({
          description: '',
          hasCover: false,
          gallery: [alt('')],
          temperature: null,
          bestTimeToVisit: null,
        }),
      ),
    ).toEqual([
      'description-short',
      'cover-missing',
      'gallery-few',
      'alt-text-missing',
      'temperature-missing',
      'best-time-missing',
    ]);
  });

  it('passes a complete itinerary and fails each itinerary rule on its own', () => {
    expect(itineraryQuality(goodItinerary)).toEqual([]);
    const fail = (patch: Partial<ItineraryQualityInput>) =>
      codes(itineraryQuality({ ...goodItinerary, ...patch }));
    expect(fail({ metaTitle: 'a'.repeat(29) })).toEqual(['meta-title-length']);
    expect(fail({ metaTitle: 'a'.repeat(61) })).toEqual(['meta-title-length']);
    expect(fail({ metaTitle: ` ${'a'.repeat(30)} ` })).toEqual([]);
    expect(fail({ metaDescription: 'a'.repeat(69) })).toEqual(['meta-description-length']);
    expect(fail({ metaDescription: 'a'.repeat(161) })).toEqual(['meta-description-length']);
    expect(fail({ metaDescription: 'a'.repeat(160) })).toEqual([]);
    expect(fail({ days: 0 })).toEqual(['days-missing']);
    expect(fail({ gallery: [] })).toEqual(['gallery-missing']);
    expect(fail({ gallery: [alt('x'), alt('')] })).toEqual(['alt-text-missing']);
    expect(fail({ pricePerPerson: 0 })).toEqual(['price-missing']);
    expect(fail({ pricePerPerson: 0, priceBands: 1 })).toEqual([]);
  });

  it('asks for SEO only of public itineraries', () => {
    expect(
      codes(itineraryQuality({ ...goodItinerary, visibility: 'private', metaTitle: '' })),
    ).toEqual([]);
    expect(
      codes(itineraryQuality({ ...goodItinerary, metaTitle: '', metaDescription: '' })),
    ).toEqual(['meta-title-length', 'meta-description-length']);
  });

  it('passes a complete blog and fails each blog rule on its own', () => {
    expect(blogQuality(goodBlog)).toEqual([]);
    const fail = (patch: Partial<BlogQualityInput>) =>
      codes(blogQuality({ ...goodBlog, ...patch }));
    expect(fail({ title: 'Too short a title' })).toEqual(['title-length']);
    expect(fail({ title: 'a'.repeat(71) })).toEqual(['title-length']);
    expect(fail({ hasCover: false })).toEqual(['cover-missing']);
    expect(fail({ content: `<p>${'a'.repeat(599)}</p>` })).toEqual(['content-short']);
    const long = `<p>${words(640)}</p>`;
    expect(fail({ content: `${long}<img src="/a.jpg">` })).toEqual(['inline-alt-missing']);
    expect(fail({ content: `${long}<img src="/a.jpg" alt=" ">` })).toEqual(['inline-alt-missing']);
    expect(fail({ content: `${long}<img src="/a.jpg" alt="A lake">` })).toEqual([]);
    expect(fail({ content: `${long}<a href="javascript:alert(1)">x</a>` })).toEqual([
      'link-javascript',
    ]);
    expect(fail({ content: `${long}<a href="/services/itineraries">x</a>` })).toEqual([
      'link-admin',
    ]);
  });

  it('counts visible text: tags, comments and entities do not count as letters', () => {
    expect(plainTextOf('<p>Tea&nbsp;&amp;<br>coffee</p><!-- note --><h2>&#x2603;</h2>')).toBe(
      'Tea & coffee ☃',
    );
    expect(plainTextOf('<script>var x = 1</script><p>a</p>')).toBe('a');
  });

  it('finds javascript: links however they are spelled', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:x',
      'java\tscript:x',
      '\u0001javascript:x',
    ]) {
      expect(isJavascriptLink(href), href).toBe(true);
    }
    expect(isJavascriptLink('https://example.org/javascript:')).toBe(false);
    expect(
      codes(
        blogQuality({
          ...goodBlog,
          content: `${goodBlog.content}<a href='java&#x09;script:x'>x</a>`,
        }),
      ),
    ).toEqual(['link-javascript']);
  });

  it('finds links to the back-office: relative, or absolute on one of our origins', () => {
    for (const href of [
      '/dashboard',
      '/services/itineraries',
      'services/addPlaceBlog?x=1',
      '/settings/basic-settings',
      '/api/v1/admin/service/get-all-itineraries',
      '/admin/user/42',
      'https://admin.example.com/login',
      'HTTPS://ADMIN.EXAMPLE.COM/services',
      '//admin.example.com/dashboard',
    ]) {
      expect(isAdminLink(href, OURS), href).toBe(true);
    }
    for (const href of [
      'https://example.org/services/kerala',
      'https://admin.example.com/kerala-guide',
      '/blog/kerala',
      '#services',
      'mailto:admin@example.com',
      '//example.org/dashboard',
      'http://[bad',
    ]) {
      expect(isAdminLink(href, OURS), href).toBe(false);
    }
  });
});
