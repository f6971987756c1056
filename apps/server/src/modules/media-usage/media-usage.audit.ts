import type { AuditRule } from '../../http/audit.js';
import { IMAGE_LIBRARIES_AUDIT } from '../image-libraries/image-libraries.audit.js';
import { ITINERARIES_AUDIT } from '../itineraries/itineraries.audit.js';
import { PLACE_DETAILS_AUDIT } from '../place-details/place-details.audit.js';
import { findImage } from './media-usage.repo.js';
import { isUuid } from '../../http/form-fields.js';

/** The owner's rule a gallery image's delete is recorded under (its revision, its entry). */
const OWNER_RULES: Record<string, AuditRule> = {
  'itinerary-gallery': ITINERARIES_AUDIT.galleryRemove,
  'place-details-gallery': PLACE_DETAILS_AUDIT.galleryRemove,
  'image-library': IMAGE_LIBRARIES_AUDIT.images,
};

/**
 * DELETE media/{imageId} (issue 24) is the owner's gallery change: `resolve` reads the image in the
 * transaction and takes the owner's rule (itinerary / place-details `gallery-remove`, the library's
 * `images`), so the entry and the revision are those of a removal through the owner's own route.
 */
export const MEDIA_AUDIT = {
  remove: {
    action: 'delete',
    entityType: 'image',
    resolve: async (tx, ctx) => {
      const raw = ctx.params.imageId;
      if (typeof raw !== 'string' || !isUuid(raw)) return undefined;
      const image = await findImage(tx, raw.toLowerCase());
      const rule = image ? OWNER_RULES[image.ownerType] : undefined;
      return image && rule ? { rule, id: image.ownerId } : undefined;
    },
  },
} satisfies Record<string, AuditRule>;
