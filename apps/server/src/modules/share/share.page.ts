import {
  MEAL_LABELS,
  PUBLIC_TRIP_TEXTS as T,
  formatRupees,
  type Branding,
  type Image,
  type Itinerary,
} from '@safarnama/contract';
import { escapeHtml as e } from '../../lib/html.js';
import { sanitizeRichText } from '../../lib/rich-text.js';

/**
 * Issue 22: the public trip page (`GET /trip/{token}`) as server-rendered HTML. Mobile first (one
 * column, readable at 390 px), one inline `<style>` (the CSP's `style-src 'unsafe-inline'`), no
 * script at all, no admin data: only what the public itinerary shows — no ids, no notes, no
 * edit links. Every text is escaped; the tour description is rich text and goes out only as the
 * sanitiser's output (it is sanitised on write, and again here, so a row written some other way
 * cannot carry markup the allow-list refuses).
 */

const STYLE = `
:root{--ink:#0f172a;--muted:#475569;--line:#e2e8f0;--brand:#0f766e;--bg:#f1f5f9}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg);overflow-wrap:anywhere}
a{color:var(--brand)}
.brand{display:flex;align-items:center;gap:.6rem;padding:.75rem 1rem;background:#fff;border-bottom:1px solid var(--line);font-weight:600}
.brand img{height:2rem;width:auto;max-width:8rem;object-fit:contain}
main{max-width:48rem;margin:0 auto;padding-bottom:2rem}
.hero{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;background:#cbd5e1}
.card{background:#fff;padding:1rem;border-bottom:1px solid var(--line);margin-top:.75rem}
.intro{margin-top:0}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 .35rem}
h2{font-size:1.15rem;margin:0 0 .6rem}
h3{font-size:1rem;margin:0 0 .25rem}
.meta{color:var(--muted);margin:0}
.price{font-size:1.2rem;font-weight:700;color:var(--brand);margin:.6rem 0 1rem}
.button{display:inline-block;background:var(--brand);color:#fff;text-decoration:none;padding:.75rem 1.25rem;border-radius:.5rem;font-weight:600;min-height:44px}
ul,ol{padding-left:1.25rem;margin:.25rem 0}
ol.days{list-style:none;padding:0;margin:0}
.day{border-left:3px solid var(--brand);padding:.1rem 0 .1rem .85rem;margin:0 0 1.25rem}
.day img{display:block;width:100%;height:auto;border-radius:.5rem;margin:.5rem 0}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.15rem .75rem;margin:.35rem 0}
.facts dt{color:var(--muted)}
.facts dd{margin:0}
.plain{white-space:pre-line;margin:.35rem 0 0}
.rich p{margin:0 0 .75rem}
details{border-top:1px solid var(--line);padding:.6rem 0}
summary{font-weight:600;cursor:pointer}
footer{color:var(--muted);font-size:.85rem;text-align:center;padding:1.5rem 1rem}
.notice{max-width:32rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid var(--line);border-radius:.75rem;text-align:center}
@media (min-width:48rem){main{padding-top:1rem}.hero{border-radius:.75rem}.card{border:1px solid var(--line);border-radius:.75rem}}
`
  .trim()
  .replace(/\n/g, '');

interface Head {
  title: string;
  /** Open Graph / Twitter card; absent on the notices. */
  card?: { title: string; description: string; url: string; image: OgImage | null; site: string };
}

interface OgImage {
  url: string;
  width: number;
  height: number;
}

const meta = (property: string, content: string, attribute = 'property') =>
  `<meta ${attribute}="${property}" content="${e(content)}">`;

const htmlDocument = ({ title, card }: Head, body: string) => {
  const social = card
    ? [
        meta('description', card.description, 'name'),
        meta('og:type', 'website'),
        meta('og:site_name', card.site),
        meta('og:title', card.title),
        meta('og:description', card.description),
        meta('og:url', card.url),
        ...(card.image
          ? [
              meta('og:image', card.image.url),
              meta('og:image:width', String(card.image.width)),
              meta('og:image:height', String(card.image.height)),
            ]
          : []),
        meta('twitter:card', card.image ? 'summary_large_image' : 'summary', 'name'),
        meta('twitter:title', card.title, 'name'),
        meta('twitter:description', card.description, 'name'),
        ...(card.image ? [meta('twitter:image', card.image.url, 'name')] : []),
      ].join('')
    : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex, nofollow">' +
    '<meta name="referrer" content="no-referrer">' +
    `<title>${e(title)}</title>${social}<style>${STYLE}</style></head>` +
    `<body>${body}</body></html>`
  );
};

const notice = (title: string, message: string) =>
  htmlDocument(
    { title },
    `<main><div class="notice"><h1>${e(title)}</h1><p class="meta">${e(message)}</p></div></main>`,
  );

/**
 * What every refused token answers (expired, revoked, forged, malformed, an itinerary that is
 * private, inactive or gone): one constant page, so no case can be told from another.
 */
export const UNAVAILABLE_PAGE = notice(T.unavailableTitle, T.unavailableMessage);
export const TOO_MANY_PAGE = notice(T.tooManyTitle, T.tooManyMessage);

/** 'Day 2 · Munnar', or 'Day 2' alone when the admin kept the default title 'Day 2'. */
export const dayHeading = (label: string, title: string): string =>
  title.trim().toLowerCase() === label.toLowerCase() ? label : `${label} · ${title}`;

/** The variant for a social card: the narrowest ≥ 1200 px wide, else the widest, else the original. */
export const ogImageOf = (image: Image): { url: string; width: number; height: number } => {
  const byWidth = [...image.variants].sort((a, b) => a.width - b.width);
  const chosen = byWidth.find((v) => v.width >= 1200) ?? byWidth.at(-1);
  return chosen
    ? { url: chosen.url, width: chosen.width, height: chosen.height }
    : { url: image.url, width: image.width, height: image.height };
};

const srcsetOf = (image: Image) =>
  image.variants.map((v) => `${e(v.url)} ${String(v.width)}w`).join(', ');

/** An `<img>` choosing its variant by width; `eager` for the cover (the page's main picture). */
const picture = (image: Image, className: string, sizes: string, eager = false) => {
  const middle = image.variants.find((v) => v.width >= 768) ?? image.variants.at(-1);
  const src = middle?.url ?? image.url;
  const width = middle?.width ?? image.width;
  const height = middle?.height ?? image.height;
  const srcset = image.variants.length > 0 ? ` srcset="${srcsetOf(image)}" sizes="${sizes}"` : '';
  return (
    `<img class="${className}" src="${e(src)}"${srcset} width="${String(width)}" height="${String(height)}"` +
    ` alt="${e(image.altText)}"${eager ? '' : ' loading="lazy"'} decoding="async">`
  );
};

const list = (items: readonly string[]) =>
  `<ul>${items.map((item) => `<li>${e(item)}</li>`).join('')}</ul>`;

const section = (title: string, content: string) =>
  `<section class="card"><h2>${e(title)}</h2>${content}</section>`;

const fact = (label: string, value: string) =>
  value ? `<dt>${e(label)}</dt><dd>${e(value)}</dd>` : '';

const dayOf = (day: Itinerary['dailyItinerary'][number], n: number, gallery: readonly Image[]) => {
  const image = day.imageId ? gallery.find((g) => g._id === day.imageId) : undefined;
  const places = (day.places ?? []).map((p) => p.name).join(' → ');
  const meals = (day.meals ?? []).map((m) => MEAL_LABELS[m]).join(', ');
  const facts =
    fact(T.places, places) +
    fact(T.meals, meals) +
    fact(T.stay, day.stay ?? '') +
    fact(T.transfer, day.transfer ?? '');
  return (
    `<li class="day"><h3>${e(dayHeading(T.day(n), day.title))}</h3>` +
    (facts ? `<dl class="facts">${facts}</dl>` : '') +
    (day.description ? `<p class="plain">${e(day.description)}</p>` : '') +
    (image ? picture(image, '', '(min-width: 48rem) 46rem, 100vw') : '') +
    '</li>'
  );
};

export interface TripPageInput {
  itinerary: Itinerary;
  branding: Branding;
  /** The page's own absolute URL (og:url). */
  url: string;
  /** The PDF's absolute URL; null while no PDF service is wired (no button then). */
  pdfUrl: string;
  /** Turns a stored image's URL (often `/uploads/…`) into an absolute one (og:image). */
  absolute: (url: string) => string;
}

/** The page of a valid link. */
export const renderTripPage = ({
  itinerary: it,
  branding,
  url,
  pdfUrl,
  absolute,
}: TripPageInput) => {
  const price = T.fromPrice(
    formatRupees(it.fromPrice ?? it.pricePerPerson, branding.currencySymbol),
  );
  const where = [it.placeId.name, it.stateId.name, it.countryId.name].filter(Boolean).join(', ');
  const description = [price, it.duration, where].filter(Boolean).join(' · ');
  const cover = it.coverImage ?? it.gallery[0] ?? null;
  const og = cover ? ogImageOf(cover) : null;
  const rich = sanitizeRichText(it.description);
  const highlights = it.highlights ?? [];
  const inclusions = it.inclusions ?? [];
  const exclusions = it.exclusions ?? [];

  const brand =
    `<header class="brand">` +
    (branding.logoUrl ? `<img src="${e(branding.logoUrl)}" alt="">` : '') +
    `<span>${e(branding.productName)}</span></header>`;
  const intro =
    `<div class="card intro"><h1>${e(it.title)}</h1>` +
    `<p class="meta">${e([it.duration, where].filter(Boolean).join(' · '))}</p>` +
    `<p class="price">${e(price)}</p>` +
    `<a class="button" href="${e(pdfUrl)}" download>${e(T.downloadPdf)}</a>` +
    '</div>';
  const body =
    brand +
    '<main>' +
    (cover ? picture(cover, 'hero', '(min-width: 48rem) 48rem, 100vw', true) : '') +
    intro +
    (highlights.length > 0 ? section(T.highlights, list(highlights)) : '') +
    (rich ? section(T.overview, `<div class="rich">${rich}</div>`) : '') +
    (it.dailyItinerary.length > 0
      ? section(
          T.plan,
          `<ol class="days">${it.dailyItinerary.map((day, i) => dayOf(day, i + 1, it.gallery)).join('')}</ol>`,
        )
      : '') +
    (inclusions.length > 0 ? section(T.inclusions, list(inclusions)) : '') +
    (exclusions.length > 0 ? section(T.exclusions, list(exclusions)) : '') +
    (it.faqs.length > 0
      ? section(
          T.faqs,
          it.faqs
            .map(
              (f) =>
                `<details><summary>${e(f.question)}</summary><p class="plain">${e(f.answer)}</p></details>`,
            )
            .join(''),
        )
      : '') +
    `</main><footer>${e(branding.productName)}</footer>`;
  return htmlDocument(
    {
      title: `${it.title} · ${branding.productName}`,
      card: {
        title: it.title,
        description,
        url,
        site: branding.productName,
        image: og ? { ...og, url: absolute(og.url) } : null,
      },
    },
    body,
  );
};
