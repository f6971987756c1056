import type { z } from 'zod';
import {
  POLICY_KEYS,
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
  return {
    privacyPolicy: read('privacyPolicy'),
    termsAndConditions: read('termsAndConditions'),
    cancellationPolicy: read('cancellationPolicy'),
  };
};

export interface PolicyServiceDeps {
  db: Database;
  now: () => Date;
}

/**
 * Policy settings: privacy policy, terms and conditions, cancellation and refund policy, each rich
 * text sanitised on write (lib/rich-text.ts) with its own 'last updated', which moves only when
 * that policy's (sanitised) text changes.
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
      if (changed) await upsertSetting(tx, 'policies', after, auth.admin.id, now());
      return after;
    });

  return { get, update };
};

export type PolicyService = ReturnType<typeof createPolicyService>;
