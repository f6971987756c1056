import type { z } from 'zod';
import {
  DEFAULT_ITINERARY_PDF_POLICY,
  ITINERARY_PDF_POLICY_CHOICES,
  POLICY_KEYS,
  type ItineraryPdfPolicy,
  type PolicyKey,
  type PolicySettings,
  type updatePolicySettingsRequestSchema,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import { transaction } from '../../db/transaction.js';
import type { AuthContext } from '../../http/access.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { findSetting, lockSetting, upsertSetting } from './app-settings.repo.js';

export type UpdatePoliciesData = z.output<typeof updatePolicySettingsRequestSchema>;

/** The stored document read policy by policy ('' and null until one is written). */
const readPolicies = (value: Record<string, unknown> | undefined): PolicySettings => {
  const read = (key: PolicyKey) => {
    const entry = value?.[key] as { content?: unknown; updatedAt?: unknown } | undefined;
    return {
      content: typeof entry?.content === 'string' ? entry.content : '',
      updatedAt: typeof entry?.updatedAt === 'string' ? entry.updatedAt : null,
    };
  };
  const choice = value?.itineraryPdfPolicy;
  return {
    privacyPolicy: read('privacyPolicy'),
    termsAndConditions: read('termsAndConditions'),
    cancellationPolicy: read('cancellationPolicy'),
    // Issue 22: documents saved before the choice existed print the cancellation policy.
    itineraryPdfPolicy: ITINERARY_PDF_POLICY_CHOICES.includes(choice as ItineraryPdfPolicy)
      ? (choice as ItineraryPdfPolicy)
      : DEFAULT_ITINERARY_PDF_POLICY,
  };
};

export interface PolicyServiceDeps {
  db: Database;
  now: () => Date;
}

/**
 * Policy settings: privacy policy, terms and conditions, cancellation and refund policy, each rich
 * text sanitised on write (lib/rich-text.ts) with its own 'last updated', which moves only when
 * that policy's (sanitised) text changes; and which of them the itinerary PDF prints (issue 22,
 * `itineraryPdfPolicy`, a key of the same jsonb document: no column, no migration).
 */
export const createPolicyService = ({ db, now }: PolicyServiceDeps) => {
  const get = async (): Promise<PolicySettings> =>
    readPolicies((await findSetting(db, 'policies'))?.value);

  const update = async (input: UpdatePoliciesData, auth: AuthContext): Promise<PolicySettings> =>
    transaction(db, async (tx) => {
      const before = readPolicies((await lockSetting(tx, 'policies', {})).value);
      const at = now().toISOString();
      const after: PolicySettings = { ...before };
      let changed = false;
      for (const key of POLICY_KEYS) {
        const sent = input[key];
        if (sent === undefined) continue;
        const content = sanitizeRichText(sent);
        if (content === before[key].content) continue;
        after[key] = { content, updatedAt: at };
        changed = true;
      }
      const choice = input.itineraryPdfPolicy;
      if (choice !== undefined && choice !== before.itineraryPdfPolicy) {
        after.itineraryPdfPolicy = choice;
        changed = true;
      }
      if (changed) await upsertSetting(tx, 'policies', after, auth.admin.id, now());
      return after;
    });

  return { get, update };
};

export type PolicyService = ReturnType<typeof createPolicyService>;
