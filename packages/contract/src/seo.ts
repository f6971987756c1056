/**
 * Issue 23, search preview and structured data (zod-free, so the forms' chunks carry no schema):
 * how a page's title and description appear in a search result and in a WhatsApp / Open Graph
 * card, cut where those cut them, and the plain text of the stored rich text. The web's preview,
 * the server's JSON-LD (`structured-data.ts`) and their tests all read these, so they agree.
 */

import { collapseSpace } from './html-text.js';

/** Where search results and link cards cut their texts. */
export const SEO_LIMITS = {
  /** Google shows about 60 characters of a title… */
  titleChars: 60,
  /** …or fewer when they are wide: the title line is ~580 px of 20 px Arial on desktop. */
  titlePixels: 580,
  titleFontPx: 20,
  /** The snippet under the title: ~160 characters on desktop. */
  descriptionChars: 160,
  /** A BlogPosting's `headline` (Google: at most 110 characters). */
  headlineChars: 110,
  /** A chat app's link card shows about two lines of title and of description. */
  cardTitleChars: 70,
  cardDescriptionChars: 120,
} as const;

export const ELLIPSIS = '…';

/**
 * Arial's advance widths (units of 1/1000 em) for the printable ASCII characters, space (32) to
 * `~` (126); other characters count as a lower-case letter (556).
 */
const ARIAL_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
  611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
  667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
  222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const DEFAULT_WIDTH = 556;
const ELLIPSIS_WIDTH = 1000;

const widthOf = (char: string): number => {
  if (char === ELLIPSIS) return ELLIPSIS_WIDTH;
  const code = char.codePointAt(0) ?? 0;
  return ARIAL_WIDTHS[code - 32] ?? DEFAULT_WIDTH;
};

/** The width in CSS pixels of `text` set in Arial at `fontPx` (an estimate, as SEO tools make). */
export const textWidth = (text: string, fontPx: number = SEO_LIMITS.titleFontPx): number =>
  ([...text].reduce((sum, char) => sum + widthOf(char), 0) * fontPx) / 1000;

/** Runs of white space (new lines included) as one space, the ends trimmed. */

export interface CutText {
  text: string;
  /** Whether the text was shortened (and ends with '…'). */
  cut: boolean;
}

export interface CutLimits {
  /** Characters (code points), the ellipsis included. */
  chars: number;
  /** Optional width in pixels at `fontPx`, the ellipsis included. */
  pixels?: number;
  fontPx?: number;
}

/**
 * `text` (white space collapsed) as a search engine shows it: whole when it fits, else cut at the
 * last word boundary that leaves room for '…' (inside a long word when the boundary would lose
 * more than 40 % of what fits), trailing punctuation and spaces dropped before the ellipsis.
 */
export const cutText = (raw: string, { chars, pixels, fontPx }: CutLimits): CutText => {
  const text = collapseSpace(raw);
  const points = [...text];
  const fits = (n: number, withEllipsis: boolean) => {
    const part = points.slice(0, n).join('') + (withEllipsis ? ELLIPSIS : '');
    return [...part].length <= chars && (pixels === undefined || textWidth(part, fontPx) <= pixels);
  };
  if (fits(points.length, false)) return { text, cut: false };
  let n = Math.min(points.length, Math.max(0, chars - 1));
  while (n > 0 && !fits(n, true)) n -= 1;
  const head = points.slice(0, n).join('');
  // The head ends a word when the next character is a space; else back to the last space.
  const boundary = points[n] === ' ' ? head.length : head.lastIndexOf(' ');
  const kept = boundary >= head.length * 0.6 ? head.slice(0, boundary) : head;
  const clean = kept.replace(/[\s,;:.\-–—|·]+$/u, '');
  return { text: `${clean}${ELLIPSIS}`, cut: true };
};

/** Words of a plain text (a BlogPosting's `wordCount`): runs holding a letter or a digit. */
export const wordCount = (text: string): number =>
  collapseSpace(text)
    .split(' ')
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

export interface SeoTexts {
  /** The SEO fields as typed (may be empty). */
  metaTitle: string;
  metaDescription: string;
  /** What a search engine falls back to: the record's title… */
  title: string;
  /** …and its summary as plain text (a blog's excerpt, else its text; a tour's description). */
  summary: string;
}

export interface SeoPreview {
  title: CutText;
  description: CutText;
  /** True when the meta field was empty and the record's own text is shown instead. */
  titleFromRecord: boolean;
  descriptionFromRecord: boolean;
}

/** The title and description search engines show: the meta fields, else the record's texts. */
export const seoTextsOf = ({ metaTitle, metaDescription, title, summary }: SeoTexts) => {
  const ownTitle = collapseSpace(metaTitle);
  const ownDescription = collapseSpace(metaDescription);
  return {
    title: ownTitle || collapseSpace(title),
    description: ownDescription || collapseSpace(summary),
    titleFromRecord: ownTitle === '',
    descriptionFromRecord: ownDescription === '',
  };
};

/** A Google-like result: the title cut at ~60 characters / ~580 px, the snippet at ~160. */
export const searchPreview = (texts: SeoTexts): SeoPreview => {
  const { title, description, ...from } = seoTextsOf(texts);
  return {
    title: cutText(title, {
      chars: SEO_LIMITS.titleChars,
      pixels: SEO_LIMITS.titlePixels,
      fontPx: SEO_LIMITS.titleFontPx,
    }),
    description: cutText(description, { chars: SEO_LIMITS.descriptionChars }),
    ...from,
  };
};

/** A WhatsApp / Open Graph card's title and description (about two lines each). */
export const shareCardTexts = (texts: SeoTexts): { title: CutText; description: CutText } => {
  const { title, description } = seoTextsOf(texts);
  return {
    title: cutText(title, { chars: SEO_LIMITS.cardTitleChars }),
    description: cutText(description, { chars: SEO_LIMITS.cardDescriptionChars }),
  };
};

/** A BlogPosting's `headline`: the title, cut to 110 characters. */
export const headlineOf = (title: string): string =>
  cutText(title, { chars: SEO_LIMITS.headlineChars }).text;

/** The texts of the search preview (the web's). */
export const SEO_PREVIEW_TEXTS = {
  searchHeading: 'Search result preview',
  cardHeading: 'Share card preview',
  noTitle: 'Add a title or a meta title',
  noDescription: 'Add a meta description: search engines will pick a sentence of the page',
  fromRecord: 'From the record (meta field empty)',
  viewStructuredData: 'View structured data',
  structuredDataTitle: 'Structured data (JSON-LD)',
  copy: 'Copy JSON-LD',
  copied: 'JSON-LD copied',
  copyFailed: 'Could not copy: select the text and copy it',
  loading: 'Loading the structured data…',
  loadFailed: 'Could not load the structured data',
  noImage: 'No image',
} as const;
