import {
  blogQuality,
  itineraryQuality,
  placeDetailsQuality,
  type QualityImage,
  type QualityIssue,
  QUALITY_RULES_VERSION,
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

/**
 * The quality columns a new record is inserted with: the rules over its values, before it has
 * images. The audit's refresh in the same transaction (quality.service.ts `refresh`) computes them
 * again from the stored row and its images and writes only when they differ, so a create whose
 * codes are right from the start spares its fresh row a second, non-HOT UPDATE (every index entry
 * again, the trigram ones included: ~0.35 ms of PostgreSQL and a round trip per itinerary create,
 * measured). The refresh stays the authority: a wrong guess costs that UPDATE, nothing else.
 */
export const insertedQuality = (rules: QualityRules, values: Json, context: QualityContext) => ({
  qualityIssues: rules({ ...values, images: [] }, context).map((issue) => issue.code),
  qualityVersion: QUALITY_RULES_VERSION,
});
