/**
 * Content quality (issue 23): the one rule set the server stores on every write (the codes of the
 * failed rules, `quality_issues`) and the web's forms show live as the admin types. Zod-free and
 * pure: each function takes a small plain input (not a database row, not a form object) and
 * answers the failed rules in a fixed order, each with its stable code and its message.
 *
 * Text lengths count code points of the visible text: rich HTML (descriptions, blog content) is
 * read without its tags and with its entities decoded ({@link plainTextOf}); plain fields are
 * trimmed. Images are the record's own: a gallery image carries an alt text, a cover has none to
 * set (no route takes one), so only gallery images are checked for it.
 */

import { decodeEntities, plainTextOf } from './html-text.js';

/** Raised whenever a rule or a threshold changes: stored rows of an older version are swept. */
export const QUALITY_RULES_VERSION = 1;

export const QUALITY_LIMITS = {
  placeDescriptionMin: 300,
  placeGalleryMin: 4,
  metaTitle: { min: 30, max: 60 },
  metaDescription: { min: 70, max: 160 },
  blogTitle: { min: 20, max: 70 },
  blogContentMin: 600,
} as const;

const L = QUALITY_LIMITS;

/** Every code with its message (the messages are fixed: the same code always reads the same). */
export const QUALITY_MESSAGES = {
  'description-short': `Write a description of at least ${String(L.placeDescriptionMin)} characters`,
  'cover-missing': 'Add a cover image',
  'gallery-few': `Add at least ${String(L.placeGalleryMin)} gallery images`,
  'alt-text-missing': 'Give every gallery image an alt text',
  'temperature-missing': 'Fill in the temperature',
  'best-time-missing': 'Fill in the best time to visit',
  'meta-title-length': `Meta title should be ${String(L.metaTitle.min)}–${String(L.metaTitle.max)} characters`,
  'meta-description-length': `Meta description should be ${String(L.metaDescription.min)}–${String(L.metaDescription.max)} characters`,
  'days-missing': 'Add at least one day to the daily plan',
  'gallery-missing': 'Add at least one gallery image',
  'price-missing': 'Set a price per person or a price band',
  'title-length': `Title should be ${String(L.blogTitle.min)}–${String(L.blogTitle.max)} characters`,
  'content-short': `Write content of at least ${String(L.blogContentMin)} characters`,
  'inline-alt-missing': 'Give every image in the content an alt text',
  'link-javascript': 'Remove links to javascript: addresses',
  'link-admin': 'Remove links to back-office pages',
} as const;

export type QualityCode = keyof typeof QUALITY_MESSAGES;
export const QUALITY_CODES = Object.keys(QUALITY_MESSAGES) as QualityCode[];

export interface QualityIssue {
  code: QualityCode;
  message: string;
}

/** What the lists and the forms call the filter and the per-row note. */
export const QUALITY_TEXTS = {
  filter: 'Needs attention',
  checklistTitle: 'Quality checks',
  allPassed: 'All quality checks pass',
  rowNote: (n: number) => (n === 1 ? '1 issue' : `${String(n)} issues`),
} as const;

export const isQualityCode = (code: string): code is QualityCode =>
  Object.prototype.hasOwnProperty.call(QUALITY_MESSAGES, code);

/** Stored codes as issues with their messages (a code this version does not know is left out). */
export const qualityIssuesOf = (codes: readonly string[]): QualityIssue[] =>
  codes.filter(isQualityCode).map((code) => ({ code, message: QUALITY_MESSAGES[code] }));

const issues = (failed: readonly (QualityCode | false)[]): QualityIssue[] =>
  failed.flatMap((code) => (code ? [{ code, message: QUALITY_MESSAGES[code] }] : []));

// ── text ─────────────────────────────────────────────────────────────────────────────────────────

/** Length in code points (an emoji or a Devanagari letter counts once per code point). */
export const textLength = (text: string): number => [...text].length;

const within = (text: string, { min, max }: { min: number; max: number }) => {
  const n = textLength(text.trim());
  return n >= min && n <= max;
};

// ── links and images of rich HTML ────────────────────────────────────────────────────────────────

const attribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(
    tag,
  );
  if (!match) return undefined;
  return decodeEntities(match[1] ?? match[2] ?? match[3] ?? '');
};

/** The `href` of every `<a>` (entities decoded). */
export const linksOf = (html: string): string[] =>
  [...html.matchAll(/<a\b[^>]*>/gi)].flatMap((m) => {
    const href = attribute(m[0], 'href');
    return href === undefined ? [] : [href];
  });

/** The alt text of every `<img>` (undefined: none given). */
const imageAltsOf = (html: string): (string | undefined)[] =>
  [...html.matchAll(/<img\b[^>]*>/gi)].map((m) => attribute(m[0], 'alt'));

/** A link a browser would run as script: control characters and white space do not hide it. */
export const isJavascriptLink = (href: string): boolean =>
  [...href]
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code > 0x20 && code !== 0x7f;
    })
    .join('')
    .toLowerCase()
    .startsWith('javascript:');

/**
 * The first path segments of the back-office's own pages (the web's routes, `ADMIN_PAGES` and the
 * sign-in pages) and of its API: a link there from published content leads readers to the admin.
 */
export const ADMIN_PATH_PREFIXES = [
  'dashboard',
  'services',
  'settings',
  'setting',
  'manage',
  'marketing',
  'marketing-notifications',
  'add-user-type',
  'add-role-permission',
  'add-user',
  'admin',
  'admins-activities',
  'authenticator',
  'chat',
  'login-activity',
  'notification',
  'notifications',
  'profile',
  'profile-details',
  'questions',
  'tasks',
  'login',
  'forgot-password',
  'set-password',
  'service-unavailable',
  'api',
] as const;

const ADMIN_FIRST_SEGMENTS: ReadonlySet<string> = new Set(ADMIN_PATH_PREFIXES);

/** Whether a path (`/services/itineraries?x`) is one of the back-office's. */
export const isAdminPath = (path: string): boolean => {
  const first = path.replace(/^\/+/, '').split(/[/?#]/, 1)[0] ?? '';
  return ADMIN_FIRST_SEGMENTS.has(first.toLowerCase());
};

const BASE = 'http://relative.invalid';

/** What the rules read of a parsed URL (WHATWG `URL`, in browsers and Node alike). */
interface ParsedUrl {
  protocol: string;
  host: string;
  pathname: string;
}
/** The platform's `URL` (the contract is compiled without DOM or Node types). */
const parseUrl = (raw: string, base?: string): ParsedUrl | undefined => {
  const Url = (globalThis as { URL?: new (url: string, base?: string) => ParsedUrl }).URL;
  if (!Url) return undefined;
  try {
    return new Url(raw, base);
  } catch {
    return undefined;
  }
};

/**
 * A link to this back-office: its path is one of the back-office's ({@link isAdminPath}) and it
 * is relative (`/dashboard`, `services/…`) or on the host of one of `ownOrigins` (the server's
 * PUBLIC_URL origin; the browser's own origin), whatever its scheme. Fragments, mail and
 * telephone links never are.
 */
export const isAdminLink = (href: string, ownOrigins: readonly string[]): boolean => {
  const raw = href.trim();
  if (raw === '' || raw.startsWith('#')) return false;
  const url = parseUrl(raw, BASE);
  if (!url) return false;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const relative = !/^[a-z][a-z0-9+.-]*:/i.test(raw) && !raw.startsWith('//');
  if (!relative) {
    // By host: an http link to our https admin (or the reverse) still leads there.
    const hosts = new Set(
      ownOrigins.flatMap((origin) => {
        const parsed = parseUrl(origin);
        return parsed ? [parsed.host] : [];
      }),
    );
    if (!hosts.has(url.host)) return false;
  }
  return isAdminPath(url.pathname);
};

// ── the rules ────────────────────────────────────────────────────────────────────────────────────

/** An image of the record's own gallery. */
export interface QualityImage {
  altText: string;
}

const altMissing = (gallery: readonly QualityImage[]) =>
  gallery.some((image) => image.altText.trim() === '');

export interface PlaceDetailsQualityInput {
  /** Rich HTML. */
  description: string;
  hasCover: boolean;
  gallery: readonly QualityImage[];
  /** null / undefined: not filled in. */
  temperature: unknown;
  bestTimeToVisit: unknown;
}

/** Place details: description ≥ 300, a cover, ≥ 4 gallery images with alt texts, temperature, best time. */
export const placeDetailsQuality = (input: PlaceDetailsQualityInput): QualityIssue[] =>
  issues([
    textLength(plainTextOf(input.description)) < L.placeDescriptionMin && 'description-short',
    !input.hasCover && 'cover-missing',
    input.gallery.length < L.placeGalleryMin && 'gallery-few',
    altMissing(input.gallery) && 'alt-text-missing',
    (input.temperature === null || input.temperature === undefined) && 'temperature-missing',
    (input.bestTimeToVisit === null || input.bestTimeToVisit === undefined) && 'best-time-missing',
  ]);

export interface ItineraryQualityInput {
  /** The SEO rules apply to a public itinerary, active or not (it is ready before it goes live). */
  visibility: 'public' | 'private';
  metaTitle: string;
  metaDescription: string;
  days: number;
  gallery: readonly QualityImage[];
  pricePerPerson: number;
  priceBands: number;
}

/** Itineraries: meta title 30–60 and description 70–160 when public, a day, a gallery image with alt texts, a price. */
export const itineraryQuality = (input: ItineraryQualityInput): QualityIssue[] => {
  const isPublic = input.visibility === 'public';
  return issues([
    isPublic && !within(input.metaTitle, L.metaTitle) && 'meta-title-length',
    isPublic && !within(input.metaDescription, L.metaDescription) && 'meta-description-length',
    input.days < 1 && 'days-missing',
    input.gallery.length < 1 && 'gallery-missing',
    altMissing(input.gallery) && 'alt-text-missing',
    !(input.pricePerPerson > 0) && input.priceBands < 1 && 'price-missing',
  ]);
};

export interface BlogQualityInput {
  title: string;
  hasCover: boolean;
  /** Rich HTML. */
  content: string;
  /** The origins that are this back-office (see {@link isAdminLink}). */
  ownOrigins: readonly string[];
}

/** Blogs: title 20–70, a cover, content ≥ 600, inline image alt texts, no javascript: or admin links. */
export const blogQuality = (input: BlogQualityInput): QualityIssue[] => {
  const links = linksOf(input.content);
  return issues([
    !within(input.title, L.blogTitle) && 'title-length',
    !input.hasCover && 'cover-missing',
    textLength(plainTextOf(input.content)) < L.blogContentMin && 'content-short',
    imageAltsOf(input.content).some((alt) => alt === undefined || alt.trim() === '') &&
      'inline-alt-missing',
    links.some(isJavascriptLink) && 'link-javascript',
    links.some((href) => isAdminLink(href, input.ownOrigins)) && 'link-admin',
  ]);
};
