import { byId, type AuditRule } from '../../http/audit.js';
import { placeDetails } from '../../db/schema/index.js';

const load = byId(placeDetails, true);
const entityType = 'place-details';

/** Audit rules of the place-details routes (http/audit.ts). */
export const PLACE_DETAILS_AUDIT = {
  add: { action: 'create', entityType, load },
  update: { action: 'update', entityType, load },
  galleryAdd: { action: 'gallery-add', entityType, load },
  galleryRemove: { action: 'gallery-remove', entityType, load },
  remove: { action: 'delete', entityType, load },
} satisfies Record<string, AuditRule>;
