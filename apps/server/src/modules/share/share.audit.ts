import type { AuditRule, EntityLoader } from '../../http/audit.js';
import { isUuid } from '../../http/form-fields.js';
import { findLinkForAudit } from './share.repo.js';

/**
 * A share link as its audit entry records it: expiry, revocation, views, who made it and the
 * itinerary's title (the entry's name: "Created share link 'Goa Beaches'"). Never the token (it
 * is not stored) nor its hash (left out of the select).
 */
const load: EntityLoader = async (db, id) => {
  if (id === null || !isUuid(id)) return undefined;
  return findLinkForAudit(db, id);
};

const entityType = 'share-link';

/** Audit rules of the share-link routes (http/audit.ts). */
export const SHARE_AUDIT = {
  /** The create's entity is the new link (the service notes its id); changes: `expiresInDays`. */
  create: { action: 'create', entityType, load },
  /** The path's `linkId`, not the itinerary's `id`. */
  revoke: {
    action: 'revoke',
    entityType,
    load,
    id: ({ params }) => params.linkId,
  },
} satisfies Record<string, AuditRule>;
