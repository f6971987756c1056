import { byId, type AuditRule } from '../../http/audit.js';
import { images } from '../../db/schema/index.js';

/** Audit rules of the media routes (http/audit.ts): the entry is about the image. */
export const MEDIA_AUDIT = {
  focalPoint: {
    action: 'focal-point',
    entityType: 'image',
    load: byId(images),
    id: (ctx) => (ctx.params as { imageId?: string }).imageId,
    summary: "Moved an image's focal point",
  },
} satisfies Record<string, AuditRule>;
