import {
  blogQuality,
  itineraryQuality,
  placeDetailsQuality,
  type QualityImage,
  type QualityIssue,
} from '@safarnama/contract';

/**
 * Issue 23: the content-quality rules of the contract (`quality.ts`) read from a record's state as
 * the audit loads it (http/audit.ts `byId(table, true)`: the row's columns and its images
 * `[{_id, kind, altText}]`), the state every write, the scheduler, a restore and the sweep see.
 */

type Json = Record<string, unknown>;

/** What a rule needs to know beyond the record: the origins that are this back-office. */
export interface QualityContext {
  ownOrigins: readonly string[];
}

/** A record's failed rules from its loaded state. */
export type QualityRules = (state: Json, context: QualityContext) => QualityIssue[];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

/** The record's own images of one owner type (the loader's `images`). */
const imagesOf = (state: Json, kind: string): QualityImage[] =>
  Array.isArray(state.images)
    ? (state.images as Json[])
        .filter((image) => image.kind === kind)
        .map((image) => ({ altText: text(image.altText) }))
    : [];

export const ITINERARY_QUALITY: QualityRules = (state) =>
  itineraryQuality({
    visibility: state.visibility === 'private' ? 'private' : 'public',
    metaTitle: text(state.metaTitle),
    metaDescription: text(state.metaDescription),
    days: count(state.dailyItinerary),
    gallery: imagesOf(state, 'itinerary-gallery'),
    pricePerPerson: Number(state.pricePerPerson ?? 0),
    priceBands: count(state.priceBands),
  });

export const BLOG_QUALITY: QualityRules = (state, { ownOrigins }) =>
  blogQuality({
    title: text(state.title),
    hasCover: imagesOf(state, 'blog-cover').length > 0,
    content: text(state.content),
    ownOrigins,
  });

export const PLACE_DETAILS_QUALITY: QualityRules = (state) =>
  placeDetailsQuality({
    description: text(state.description),
    hasCover: imagesOf(state, 'place-details-cover').length > 0,
    gallery: imagesOf(state, 'place-details-gallery'),
    temperature: state.temperature,
    bestTimeToVisit: state.bestTimeToVisit,
  });
