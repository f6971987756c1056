import { byId, type AuditRule, type RevisionTarget } from '../../http/audit.js';
import { ITINERARY_QUALITY } from '../quality/quality.rules.js';
import { itineraries } from '../../db/schema/index.js';

const load = byId(itineraries, true);
const entityType = 'itinerary';

/**
 * Every change of an itinerary writes a revision and raises its version (issue 21) and stores its
 * content-quality codes (issue 23).
 */
export const ITINERARY_REVISIONS: RevisionTarget = {
  entity: 'itinerary',
  table: itineraries,
  load,
  quality: ITINERARY_QUALITY,
};
const revision = ITINERARY_REVISIONS;

/** Audit rules of the itinerary routes (http/audit.ts). */
export const ITINERARIES_AUDIT = {
  create: { action: 'create', entityType, load, revision },
  update: { action: 'update', entityType, load, revision },
  remove: { action: 'delete', entityType, load, revision },
  status: { action: 'status', entityType, load, revision },
  galleryAdd: { action: 'gallery-add', entityType, load, revision },
  galleryRemove: { action: 'gallery-remove', entityType, load, revision },
} satisfies Record<string, AuditRule>;
