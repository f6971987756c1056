import { z } from 'zod';
import { formBooleanSchema } from './forms.js';

/**
 * Issue 23: what the records and lists answer of the content-quality rules (`quality.ts`, the rules
 * themselves, zod-free). All optional: older servers and the spec's clients know none of it.
 */
export const qualityIssueSchema = z.object({ code: z.string(), message: z.string() });
/** A record's failed rules as its last write stored them, in the rules' order. */
export const recordQualitySchema = z.object({ issues: z.array(qualityIssueSchema) });
export type RecordQuality = z.infer<typeof recordQualitySchema>;

/** The optional record field. */
export const qualityRecordFields = { quality: recordQualitySchema.optional() };

/** The optional list filter `needsAttention=true` (only records that fail a rule). */
export const qualityQueryFields = { needsAttention: formBooleanSchema.optional() };

/**
 * The optional count of the list answers: records that fail a rule, over the whole list (the
 * search and the other filters do not narrow it), for the filter's badge.
 */
export const qualityListFields = { needsAttention: z.number().int().min(0).optional() };
