import { byId, type AuditRule } from '../../http/audit.js';
import { homepageLineups } from '../../db/schema/index.js';

const load = byId(homepageLineups);
const entityType = 'homepage-lineup';

/**
 * Audit rules of the homepage lineup routes (http/audit.ts). A lineup has no name, so each entry
 * says what happened in words; its changes carry the start and the chosen items (a create: the
 * request; a change or cancel: the before/after diff of the lineup).
 */
export const LINEUPS_AUDIT = {
  create: { action: 'create', entityType, load, summary: 'Scheduled a homepage lineup' },
  update: { action: 'update', entityType, load, summary: 'Changed a scheduled homepage lineup' },
  cancel: { action: 'cancel', entityType, load, summary: 'Cancelled a scheduled homepage lineup' },
} satisfies Record<string, AuditRule>;
