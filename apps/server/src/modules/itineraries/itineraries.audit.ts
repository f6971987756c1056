import { byId, type AuditRule } from '../../http/audit.js';
import { itineraries } from '../../db/schema/index.js';

const load = byId(itineraries, true);
const entityType = 'itinerary';

/** Audit rules of the itinerary routes (http/audit.ts). */
export const ITINERARIES_AUDIT = {
  create: { action: 'create', entityType, load },
  update: { action: 'update', entityType, load },
  remove: { action: 'delete', entityType, load },
  status: { action: 'status', entityType, load },
  galleryAdd: { action: 'gallery-add', entityType, load },
  galleryRemove: { action: 'gallery-remove', entityType, load },
} satisfies Record<string, AuditRule>;
