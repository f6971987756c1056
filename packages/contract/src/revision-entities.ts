import type { PermissionModule } from './permissions.js';

/**
 * The records with revisions (issue 21) and who may read and restore them, without zod: the
 * History panel, presence and the pages import these (the schemas are in \`revisions.ts\`).
 */
export const REVISION_ENTITIES = [
  'itinerary',
  'blog',
  'place-details',
  'image-library',
  'homepage-settings',
] as const;
export type RevisionEntity = (typeof REVISION_ENTITIES)[number];

/** The permission module whose view reads an entity's history and whose update restores it. */
export const REVISION_PERMISSION_MODULE: Record<RevisionEntity, PermissionModule> = {
  itinerary: 'itineraries',
  blog: 'blogs',
  'place-details': 'place-details',
  'image-library': 'image-libraries',
  'homepage-settings': 'homepage',
};
