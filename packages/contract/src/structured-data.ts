import { z } from 'zod';

/**
 * Issue 23: the JSON-LD the public website embeds for an itinerary and a blog, as
 * `GET /api/v1/admin/itinerary/{id}/structured-data` and `GET /api/v1/admin/blog/{id}/structured-data`
 * answer it in `data.data`. schema.org's vocabulary; a property is left out when the record has
 * nothing for it (never an empty string, `null` or an empty list).
 */

export const SCHEMA_ORG = 'https://schema.org';
export const OFFER_CURRENCY = 'INR' as const;

export const OFFER_AVAILABILITY = {
  inStock: 'https://schema.org/InStock',
  outOfStock: 'https://schema.org/OutOfStock',
} as const;

/**
 * `?url=`: the absolute address of the public page that will embed the JSON-LD (the website owns
 * its addresses; the back-office does not know them). With it the answer carries `url`, `@id`s,
 * the offer's `url` and a blog's `mainEntityOfPage`; without it they are left out.
 */
export const structuredDataQuerySchema = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: 'Must be an absolute http:// or https:// address' })
    .max(2048)
    .optional(),
});
export type StructuredDataQuery = z.infer<typeof structuredDataQuerySchema>;

const text = z.string().min(1);

export const imageObjectLdSchema = z.object({
  '@type': z.literal('ImageObject'),
  url: text,
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  /** The image's alt text, when it has one. */
  caption: text.optional(),
});
export type ImageObjectLd = z.infer<typeof imageObjectLdSchema>;

export const organizationLdSchema = z.object({
  '@type': z.literal('Organization'),
  name: text,
  logo: imageObjectLdSchema.optional(),
  email: text.optional(),
  telephone: text.optional(),
});
export type OrganizationLd = z.infer<typeof organizationLdSchema>;

export const placeLdSchema = z.object({
  '@type': z.literal('Place'),
  name: text,
  geo: z
    .object({
      '@type': z.literal('GeoCoordinates'),
      latitude: z.number(),
      longitude: z.number(),
    })
    .optional(),
});
export type PlaceLd = z.infer<typeof placeLdSchema>;

const listItemLdSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    '@type': z.literal('ListItem'),
    /** 1-based, in the itinerary's order. */
    position: z.number().int().positive(),
    item,
  });

const itemListLdSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    '@type': z.literal('ItemList'),
    numberOfItems: z.number().int().positive(),
    itemListElement: z.array(listItemLdSchema(item)).min(1),
  });

/** One day of the plan: 'Day 2 · Munnar', its text and the places it visits in order. */
export const dayTripLdSchema = z.object({
  '@type': z.literal('TouristTrip'),
  name: text,
  description: text.optional(),
  itinerary: itemListLdSchema(placeLdSchema).optional(),
});
export type DayTripLd = z.infer<typeof dayTripLdSchema>;

export const offerLdSchema = z.object({
  '@type': z.literal('Offer'),
  /** The lowest price a customer pays per person, GST applied (contract `fromPrice`). */
  price: z.number().int().positive(),
  priceCurrency: z.literal(OFFER_CURRENCY),
  availability: z.enum([OFFER_AVAILABILITY.inStock, OFFER_AVAILABILITY.outOfStock]),
  priceSpecification: z.object({
    '@type': z.literal('UnitPriceSpecification'),
    price: z.number().int().positive(),
    priceCurrency: z.literal(OFFER_CURRENCY),
    referenceQuantity: z.object({
      '@type': z.literal('QuantitativeValue'),
      value: z.literal(1),
      unitText: z.literal('person'),
    }),
    valueAddedTaxIncluded: z.literal(true),
  }),
  url: text.optional(),
});
export type OfferLd = z.infer<typeof offerLdSchema>;

export const touristTripLdSchema = z.object({
  '@type': z.literal('TouristTrip'),
  '@id': text.optional(),
  name: text,
  description: text.optional(),
  url: text.optional(),
  image: z.array(imageObjectLdSchema).min(1).optional(),
  /** The tour type (Adventure, Leisure, …). */
  touristType: text.optional(),
  /** The days in order. */
  itinerary: itemListLdSchema(dayTripLdSchema).optional(),
  offers: offerLdSchema.optional(),
  provider: organizationLdSchema,
});
export type TouristTripLd = z.infer<typeof touristTripLdSchema>;

export const faqPageLdSchema = z.object({
  '@type': z.literal('FAQPage'),
  '@id': text.optional(),
  url: text.optional(),
  mainEntity: z
    .array(
      z.object({
        '@type': z.literal('Question'),
        name: text,
        acceptedAnswer: z.object({ '@type': z.literal('Answer'), text }),
      }),
    )
    .min(1),
});
export type FaqPageLd = z.infer<typeof faqPageLdSchema>;

/**
 * An itinerary's JSON-LD: one document with an `@graph` holding the `TouristTrip` and, when the
 * itinerary has FAQs, its `FAQPage` — one `<script type="application/ld+json">` for both.
 */
export const itineraryStructuredDataSchema = z.object({
  '@context': z.literal(SCHEMA_ORG),
  '@graph': z.array(z.discriminatedUnion('@type', [touristTripLdSchema, faqPageLdSchema])).min(1),
});
export type ItineraryStructuredData = z.infer<typeof itineraryStructuredDataSchema>;

/** A blog's place: place › state › country. */
const contentLocationLdSchema = z.object({
  '@type': z.literal('Place'),
  name: text,
  containedInPlace: z
    .object({
      '@type': z.literal('State'),
      name: text,
      containedInPlace: z.object({ '@type': z.literal('Country'), name: text }).optional(),
    })
    .optional(),
});

export const blogPostingLdSchema = z.object({
  '@context': z.literal(SCHEMA_ORG),
  '@type': z.literal('BlogPosting'),
  '@id': text.optional(),
  /** The title, at most 110 characters (`seo.ts` headlineOf). */
  headline: text.max(110),
  description: text.optional(),
  url: text.optional(),
  mainEntityOfPage: z.object({ '@type': z.literal('WebPage'), '@id': text }).optional(),
  image: z.array(imageObjectLdSchema).min(1).optional(),
  /** The first publication (absent while never published). */
  datePublished: text.optional(),
  dateModified: text,
  author: z.object({ '@type': z.literal('Person'), name: text, image: text.optional() }).optional(),
  publisher: organizationLdSchema,
  keywords: text.optional(),
  articleBody: text.optional(),
  wordCount: z.number().int().min(0),
  contentLocation: contentLocationLdSchema.optional(),
});
export type BlogPostingLd = z.infer<typeof blogPostingLdSchema>;

export const STRUCTURED_DATA_MESSAGES = {
  itinerary: 'Structured data of the itinerary',
  blog: 'Structured data of the blog',
} as const;
