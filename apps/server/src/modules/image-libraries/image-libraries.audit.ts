import { byId, type AuditRule } from '../../http/audit.js';
import { imageLibraries } from '../../db/schema/index.js';

const load = byId(imageLibraries, true);
const entityType = 'image-library';

/** Audit rules of the image-library routes (http/audit.ts). */
export const IMAGE_LIBRARIES_AUDIT = {
  create: { action: 'create', entityType, load },
  update: { action: 'update', entityType, load },
  images: { action: 'images', entityType, load },
  remove: { action: 'delete', entityType, load },
  status: { action: 'status', entityType, load },
} satisfies Record<string, AuditRule>;
