import {
  DEFAULT_BRANDING,
  OFFER_AVAILABILITY,
  OFFER_CURRENCY,
  PUBLIC_TRIP_TEXTS,
  SCHEMA_ORG,
  SEO_LIMITS,
  collapseSpace,
  cutText,
  headlineOf,
  plainTextOf,
  wordCount,
  type BasicSettings,
  type Blog,
  type BlogPostingLd,
  type DayTripLd,
  type FaqPageLd,
  type Image,
  type ImageObjectLd,
  type Itinerary,
  type ItineraryStructuredData,
  type OfferLd,
  type OrganizationLd,
  type PlaceLd,
  type TouristTripLd,
} from '@safarnama/contract';
import { dayHeading, ogImageOf } from '../share/share.page.js';

/**
 * Issue 23: an itinerary and a blog as schema.org JSON-LD (pure: the records as their services
 * present them in, the documents out). A property the record has nothing for is left out, so no
 * value is ever an empty string, an empty list, `null` or `undefined`.
 */

export interface JsonLdContext {
  /** The business as Basic Settings name it (provider / publisher). */
  organization: OrganizationLd;
  /** An absolute URL for a stored image's URL (`/uploads/…` or the bucket's). */
  absolute: (url: string) => string;
  /** The public page that embeds the JSON-LD (`?url=`), when the caller named it. */
  pageUrl?: string;
}

/** `value` when it holds text (white space collapsed), else undefined. */
const textOrNone = (value: string | null | undefined): string | undefined => {
  const text = collapseSpace(value ?? '');
  return text === '' ? undefined : text;
};

/** The object without its undefined properties (JSON-LD has no "no value"). */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** The Basic Settings' business: name, logo (absolute), support e-mail and phone when set. */
export const organizationOf = (
  basic: Pick<BasicSettings, 'productName' | 'logoUrl' | 'supportEmail' | 'supportPhone'>,
  absolute: (url: string) => string,
): OrganizationLd =>
  defined({
    '@type': 'Organization' as const,
    name: textOrNone(basic.productName) ?? DEFAULT_BRANDING.productName,
    logo: basic.logoUrl
      ? { '@type': 'ImageObject' as const, url: absolute(basic.logoUrl) }
      : undefined,
    email: textOrNone(basic.supportEmail),
    telephone: textOrNone(basic.supportPhone),
  });

/** A stored image at its social-card size (the share page's choice: ≥ 1200 px, else the widest). */
const imageObjectOf = (image: Image, absolute: (url: string) => string): ImageObjectLd => {
  const chosen = ogImageOf(image);
  return defined({
    '@type': 'ImageObject' as const,
    url: absolute(chosen.url),
    width: chosen.width > 0 ? chosen.width : undefined,
    height: chosen.height > 0 ? chosen.height : undefined,
    caption: textOrNone(image.altText),
  });
};

/** An `ItemList` of the items in order (positions from 1); undefined for none. */
const itemList = <T>(items: readonly T[]) =>
  items.length === 0
    ? undefined
    : {
        '@type': 'ItemList' as const,
        numberOfItems: items.length,
        itemListElement: items.map((item, i) => ({
          '@type': 'ListItem' as const,
          position: i + 1,
          item,
        })),
      };

const placeOf = (place: {
  name: string;
  latitude: number | null;
  longitude: number | null;
}): PlaceLd =>
  defined({
    '@type': 'Place' as const,
    name: place.name,
    geo:
      place.latitude !== null && place.longitude !== null
        ? {
            '@type': 'GeoCoordinates' as const,
            latitude: place.latitude,
            longitude: place.longitude,
          }
        : undefined,
  });

const dayOf = (day: Itinerary['dailyItinerary'][number], n: number): DayTripLd =>
  defined({
    '@type': 'TouristTrip' as const,
    name: dayHeading(PUBLIC_TRIP_TEXTS.day(n), day.title),
    description: textOrNone(day.description),
    itinerary: itemList((day.places ?? []).filter((p) => p.name.trim() !== '').map(placeOf)),
  });

/** From the lowest customer price (GST applied); none for a package without a price (0). */
const offerOf = (it: Itinerary, pageUrl: string | undefined): OfferLd | undefined => {
  const price = it.fromPrice ?? it.pricePerPerson;
  if (!(price > 0)) return undefined;
  return defined({
    '@type': 'Offer' as const,
    price,
    priceCurrency: OFFER_CURRENCY,
    availability: it.isActive ? OFFER_AVAILABILITY.inStock : OFFER_AVAILABILITY.outOfStock,
    priceSpecification: {
      '@type': 'UnitPriceSpecification' as const,
      price,
      priceCurrency: OFFER_CURRENCY,
      referenceQuantity: {
        '@type': 'QuantitativeValue' as const,
        value: 1 as const,
        unitText: 'person' as const,
      },
      valueAddedTaxIncluded: true as const,
    },
    url: pageUrl,
  });
};

/** The cover first (the card's picture), then the gallery in order, each once. */
const picturesOf = (it: Itinerary): Image[] => {
  const all = [...(it.coverImage ? [it.coverImage] : []), ...it.gallery];
  return all.filter((image, i) => all.findIndex((other) => other._id === image._id) === i);
};

/**
 * `TouristTrip` (+ `FAQPage` when there are FAQs) in one `@graph`: name, the description as plain
 * text (else the meta description), the pictures, the tour type, the days as an `ItemList` of
 * day trips (each with its places, with coordinates when known), the offer in INR from the
 * lowest price, and the business as provider.
 */
export const itineraryJsonLd = (
  it: Itinerary,
  { organization, absolute, pageUrl }: JsonLdContext,
): ItineraryStructuredData => {
  const images = picturesOf(it).map((image) => imageObjectOf(image, absolute));
  const trip: TouristTripLd = defined({
    '@type': 'TouristTrip' as const,
    '@id': pageUrl ? `${pageUrl}#trip` : undefined,
    name: textOrNone(it.title) ?? it.title,
    description: textOrNone(plainTextOf(it.description)) ?? textOrNone(it.metaDescription),
    url: pageUrl,
    image: images.length > 0 ? images : undefined,
    touristType: it.type,
    itinerary: itemList(it.dailyItinerary.map((day, i) => dayOf(day, i + 1))),
    offers: offerOf(it, pageUrl),
    provider: organization,
  });
  const questions = it.faqs
    .filter((faq) => faq.question.trim() !== '' && faq.answer.trim() !== '')
    .map((faq) => ({
      '@type': 'Question' as const,
      name: collapseSpace(faq.question),
      acceptedAnswer: { '@type': 'Answer' as const, text: faq.answer.trim() },
    }));
  const faqPage: FaqPageLd | undefined =
    questions.length > 0
      ? defined({
          '@type': 'FAQPage' as const,
          '@id': pageUrl ? `${pageUrl}#faq` : undefined,
          url: pageUrl,
          mainEntity: questions,
        })
      : undefined;
  return { '@context': SCHEMA_ORG, '@graph': faqPage ? [trip, faqPage] : [trip] };
};

/**
 * `BlogPosting`: the headline (≤ 110 characters), the description search engines show (meta
 * description, else the excerpt, else the text's first 160 characters), the cover, the first
 * publication and the last change, the author, the business as publisher, the tags as keywords,
 * the text and its word count, and the place › state › country it is about.
 */
export const blogJsonLd = (
  blog: Blog,
  { organization, absolute, pageUrl }: JsonLdContext,
): BlogPostingLd => {
  const body = plainTextOf(blog.content);
  const summary =
    textOrNone(blog.metaDescription) ??
    textOrNone(blog.excerpt) ??
    textOrNone(cutText(body, { chars: SEO_LIMITS.descriptionChars }).text);
  const placeName = textOrNone(blog.place.name);
  const stateName = textOrNone(blog.state.name);
  const countryName = textOrNone(blog.country.name);
  const tags = blog.tags.map((tag) => collapseSpace(tag)).filter((tag) => tag !== '');
  return defined({
    '@context': SCHEMA_ORG,
    '@type': 'BlogPosting' as const,
    '@id': pageUrl ? `${pageUrl}#article` : undefined,
    headline: headlineOf(blog.title),
    description: summary,
    url: pageUrl,
    mainEntityOfPage: pageUrl ? { '@type': 'WebPage' as const, '@id': pageUrl } : undefined,
    image: blog.coverImage ? [imageObjectOf(blog.coverImage, absolute)] : undefined,
    datePublished: blog.publishedAt ?? undefined,
    dateModified: blog.updatedAt,
    author:
      blog.author && textOrNone(blog.author.name)
        ? defined({
            '@type': 'Person' as const,
            name: collapseSpace(blog.author.name),
            image: blog.author.image ? absolute(blog.author.image) : undefined,
          })
        : undefined,
    publisher: organization,
    keywords: tags.length > 0 ? tags.join(', ') : undefined,
    articleBody: textOrNone(body),
    wordCount: wordCount(body),
    contentLocation: placeName
      ? defined({
          '@type': 'Place' as const,
          name: placeName,
          containedInPlace: stateName
            ? defined({
                '@type': 'State' as const,
                name: stateName,
                containedInPlace: countryName
                  ? { '@type': 'Country' as const, name: countryName }
                  : undefined,
              })
            : undefined,
        })
      : undefined,
  });
};
