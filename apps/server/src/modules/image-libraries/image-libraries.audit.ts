import { byId, type AuditRule, type RevisionTarget } from '../../http/audit.js';
import { imageLibraries } from '../../db/schema/index.js';

const load = byId(imageLibraries, true);
const entityType = 'image-library';

/** Every change of a library (its images' alt texts and order too) writes a revision. */
export const IMAGE_LIBRARY_REVISIONS: RevisionTarget = {
  entity: 'image-library',
  table: imageLibraries,
  load,
};
const revision = IMAGE_LIBRARY_REVISIONS;

/** Audit rules of the image-library routes (http/audit.ts). */
export const IMAGE_LIBRARIES_AUDIT = {
  create: { action: 'create', entityType, load, revision },
  update: { action: 'update', entityType, load, revision },
  images: { action: 'images', entityType, load, revision },
  remove: { action: 'delete', entityType, load, revision },
  status: { action: 'status', entityType, load, revision },
} satisfies Record<string, AuditRule>;
