import { describe, expect, it } from 'vitest';
import {
  ELLIPSIS,
  SEO_LIMITS,
  cutText,
  decodeEntities,
  headlineOf,
  plainTextOf,
  searchPreview,
  shareCardTexts,
  structuredDataQuerySchema,
  textWidth,
  wordCount,
} from './index.js';

const length = (text: string) => [...text].length;

describe('textWidth (Arial)', () => {
  it('measures narrow and wide letters apart, scaled by the font size', () => {
    expect(textWidth('i', 20)).toBeCloseTo(4.44, 2);
    expect(textWidth('W', 20)).toBeCloseTo(18.88, 2);
    expect(textWidth('W', 10)).toBeCloseTo(9.44, 2);
    expect(textWidth('iiii')).toBeLessThan(textWidth('WW'));
    // Outside ASCII: a lower-case letter's width.
    expect(textWidth('केरल')).toBeCloseTo(4 * 11.12, 2);
  });
});

describe('cutText', () => {
  it('keeps a text that fits, white space collapsed', () => {
    expect(cutText('  Kerala \n backwaters ', { chars: 60 })).toEqual({
      text: 'Kerala backwaters',
      cut: false,
    });
    const exact = 'a'.repeat(60);
    expect(cutText(exact, { chars: 60 })).toEqual({ text: exact, cut: false });
  });

  it('cuts at the last word boundary with an ellipsis, within the limit', () => {
    const text = 'Kerala Backwaters and Hills: a slow week on houseboats, tea estates and beaches';
    const { text: cut, cut: wasCut } = cutText(text, { chars: 60 });
    expect(wasCut).toBe(true);
    expect(cut.endsWith(ELLIPSIS)).toBe(true);
    expect(length(cut)).toBeLessThanOrEqual(60);
    expect(cut).toBe('Kerala Backwaters and Hills: a slow week on houseboats, tea…');
    // Trailing punctuation does not stay in front of the ellipsis.
    expect(cutText('Goa, Gokarna, Hampi', { chars: 14 }).text).toBe('Goa, Gokarna…');
  });

  it('cuts inside a very long word rather than losing most of the line', () => {
    const { text } = cutText(`Go ${'x'.repeat(100)}`, { chars: 20 });
    expect(length(text)).toBe(20);
    expect(text).toBe(`Go ${'x'.repeat(16)}${ELLIPSIS}`);
  });

  it('cuts by width too: 60 wide capitals exceed 580 px where 60 narrow letters do not', () => {
    const limits = { chars: 60, pixels: 580, fontPx: 20 };
    const wide = cutText('W'.repeat(60), limits);
    expect(wide.cut).toBe(true);
    expect(textWidth(wide.text)).toBeLessThanOrEqual(580);
    expect(length(wide.text)).toBeLessThan(35);
    expect(cutText('i'.repeat(60), limits)).toEqual({ text: 'i'.repeat(60), cut: false });
  });

  it('counts code points, so emoji and Devanagari are not split in half', () => {
    const { text } = cutText('🏝️'.repeat(40), { chars: 10 });
    expect(length(text)).toBeLessThanOrEqual(10);
    expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('plain text of rich text', () => {
  it('drops tags and comments, separates blocks, decodes entities', () => {
    expect(
      plainTextOf(
        '<h2>Day&nbsp;one</h2><p>Tea &amp; <strong>spice</strong> gardens</p><!-- note --><ul><li>Kochi</li><li>Munnar</li></ul><p>From &#8377;9,999<br>per person</p>',
      ),
    ).toBe('Day one Tea & spice gardens Kochi Munnar From ₹9,999 per person');
    expect(plainTextOf('')).toBe('');
    expect(plainTextOf('<p> </p>')).toBe('');
  });

  it('decodes numeric references and refuses the invalid ones', () => {
    expect(decodeEntities('&#8377;1,000 &#x20B9; &#xD800; &nbsp;&unknown;')).toBe(
      '₹1,000 ₹  \u00a0&unknown;',
    );
  });

  it('counts words', () => {
    expect(wordCount('  three little words ')).toBe(3);
    expect(wordCount('tea & waterfalls — 2 days')).toBe(4);
    expect(wordCount('')).toBe(0);
  });
});

describe('searchPreview', () => {
  const base = { title: 'Kerala Backwaters', summary: 'Houseboats and tea estates.' };

  it('shows the meta fields when set', () => {
    const preview = searchPreview({
      ...base,
      metaTitle: 'Kerala houseboat tour',
      metaDescription: 'Five days on the backwaters.',
    });
    expect(preview).toEqual({
      title: { text: 'Kerala houseboat tour', cut: false },
      description: { text: 'Five days on the backwaters.', cut: false },
      titleFromRecord: false,
      descriptionFromRecord: false,
    });
  });

  it("falls back to the record's title and summary when the meta fields are empty", () => {
    const preview = searchPreview({ ...base, metaTitle: '  ', metaDescription: '' });
    expect(preview.title.text).toBe('Kerala Backwaters');
    expect(preview.description.text).toBe('Houseboats and tea estates.');
    expect(preview.titleFromRecord).toBe(true);
    expect(preview.descriptionFromRecord).toBe(true);
  });

  it('cuts a long title at 60 characters and a long description at 160', () => {
    const preview = searchPreview({
      ...base,
      metaTitle: 'Kerala backwaters houseboat tour with tea estates and spice gardens',
      metaDescription: 'word '.repeat(60),
    });
    expect(preview.title.cut).toBe(true);
    expect(length(preview.title.text)).toBeLessThanOrEqual(SEO_LIMITS.titleChars);
    expect(textWidth(preview.title.text)).toBeLessThanOrEqual(SEO_LIMITS.titlePixels);
    expect(preview.description.cut).toBe(true);
    expect(length(preview.description.text)).toBeLessThanOrEqual(SEO_LIMITS.descriptionChars);
  });

  it('gives the share card its own, longer title and a shorter description', () => {
    const card = shareCardTexts({
      ...base,
      metaTitle: 'A'.repeat(65),
      metaDescription: 'b '.repeat(100),
    });
    expect(card.title).toEqual({ text: 'A'.repeat(65), cut: false });
    expect(card.description.cut).toBe(true);
    expect(length(card.description.text)).toBeLessThanOrEqual(SEO_LIMITS.cardDescriptionChars);
  });
});

describe('headlineOf', () => {
  it('keeps a title of up to 110 characters, cuts a longer one', () => {
    expect(headlineOf('Monsoon in Goa')).toBe('Monsoon in Goa');
    const long = headlineOf('monsoon '.repeat(20));
    expect(length(long)).toBeLessThanOrEqual(110);
    expect(long.endsWith(ELLIPSIS)).toBe(true);
  });
});

describe('structuredDataQuerySchema', () => {
  it('takes an absolute http(s) page address or nothing, and refuses the rest', () => {
    expect(structuredDataQuerySchema.parse({})).toEqual({});
    expect(structuredDataQuerySchema.parse({ url: 'https://trips.example/kerala' }).url).toBe(
      'https://trips.example/kerala',
    );
    for (const url of ['/kerala', 'javascript:alert(1)', 'ftp://x.example/a', '']) {
      expect(structuredDataQuerySchema.safeParse({ url }).success, url).toBe(false);
    }
    expect(
      structuredDataQuerySchema.safeParse({ url: 'https://x.example', other: 1 }).success,
    ).toBe(false);
  });
});
