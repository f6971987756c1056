import { sql } from 'drizzle-orm';
import type { BulkEntity } from '@safarnama/contract';
import {
  imageLibraries,
  itineraries,
  placeBlogs,
  placeDetails,
  places,
} from '../../db/schema/index.js';
import { BLOGS_AUDIT } from '../blogs/blogs.audit.js';
import type { BlogService } from '../blogs/blogs.service.js';
import { GEOGRAPHY_AUDIT } from '../geography/geography.audit.js';
import type { GeographyService } from '../geography/geography.service.js';
import { IMAGE_LIBRARIES_AUDIT } from '../image-libraries/image-libraries.audit.js';
import type { ImageLibraryService } from '../image-libraries/image-libraries.service.js';
import { ITINERARIES_AUDIT } from '../itineraries/itineraries.audit.js';
import type { ItineraryService } from '../itineraries/itineraries.service.js';
import { PLACE_DETAILS_AUDIT } from '../place-details/place-details.audit.js';
import type { PlaceDetailsService } from '../place-details/place-details.service.js';
import type { BulkTarget } from './bulk.service.js';

export interface BulkTargetServices {
  itineraries: ItineraryService;
  blogs: BlogService;
  geography: GeographyService;
  placeDetails: PlaceDetailsService;
  imageLibraries: ImageLibraryService;
}

/** What a bulk action does to each entity: its services' own status change and delete. */
export const bulkTargets = (s: BulkTargetServices): Record<BulkEntity, BulkTarget> => ({
  itinerary: {
    table: itineraries,
    active: itineraries.isActive,
    rules: { status: ITINERARIES_AUDIT.status, remove: ITINERARIES_AUDIT.remove },
    setActive: s.itineraries.setActive,
    remove: (id) => s.itineraries.remove(id),
  },
  blog: {
    table: placeBlogs,
    active: sql<boolean>`${placeBlogs.status} = 'published'`,
    rules: { status: BLOGS_AUDIT.status, remove: BLOGS_AUDIT.remove },
    setActive: s.blogs.setActive,
    remove: (id) => s.blogs.remove(id),
  },
  place: {
    table: places,
    active: places.isActive,
    rules: { status: GEOGRAPHY_AUDIT.placeStatus, remove: GEOGRAPHY_AUDIT.deletePlace },
    setActive: s.geography.places.setActive,
    remove: (id) => s.geography.places.remove(id),
  },
  'place-details': {
    table: placeDetails,
    active: sql<boolean>`${placeDetails.status} = 'active'`,
    rules: { status: PLACE_DETAILS_AUDIT.status, remove: PLACE_DETAILS_AUDIT.remove },
    setActive: s.placeDetails.setActive,
    remove: (id) => s.placeDetails.remove(id),
  },
  'image-library': {
    table: imageLibraries,
    active: sql<boolean>`${imageLibraries.status} = 'active'`,
    rules: { status: IMAGE_LIBRARIES_AUDIT.status, remove: IMAGE_LIBRARIES_AUDIT.remove },
    setActive: s.imageLibraries.setActive,
    remove: (id) => s.imageLibraries.remove(id),
  },
});
