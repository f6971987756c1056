import { byId, type AuditRule, type RevisionTarget } from '../../http/audit.js';
import { PLACE_DETAILS_QUALITY } from '../quality/quality.rules.js';
import { placeDetails } from '../../db/schema/index.js';

const load = byId(placeDetails, true);
const entityType = 'place-details';

/**
 * Every change of place details (gallery included) writes a revision and raises its version, and
 * stores its content-quality codes (issue 23).
 */
export const PLACE_DETAILS_REVISIONS: RevisionTarget = {
  entity: 'place-details',
  table: placeDetails,
  load,
  quality: PLACE_DETAILS_QUALITY,
};
const revision = PLACE_DETAILS_REVISIONS;

/** Audit rules of the place-details routes (http/audit.ts). */
export const PLACE_DETAILS_AUDIT = {
  add: { action: 'create', entityType, load, revision },
  update: { action: 'update', entityType, load, revision },
  galleryAdd: { action: 'gallery-add', entityType, load, revision },
  galleryRemove: { action: 'gallery-remove', entityType, load, revision },
  remove: { action: 'delete', entityType, load, revision },
  /** Issue 24: a bulk action's activate / deactivate. */
  status: { action: 'status', entityType, load, revision },
} satisfies Record<string, AuditRule>;
