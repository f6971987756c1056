import { DEPENDANT_SAMPLE_SIZE, type DependantGroup, type DependantKind } from './dependants.js';

/**
 * "Where used" (issue 24): every place that refers to an image or an image library, and the safe
 * delete built on it. Zod-free on purpose (the gallery managers and the library page read these
 * texts without pulling zod into their chunks); the answer's schema is `mediaUsageAnswerSchema`
 * and the 409's `dependantsErrorSchema` (`envelope.ts`, its optional `usage`).
 *
 * - `GET API_PATHS.media.usage(imageId)` and `GET API_PATHS.imageLibraryUsage(id)` answer
 *   `data: {usage: {count, items, owner?}}`.
 * - A delete of something in use answers 409 `CONFLICT` with the issue-20 refusal
 *   (`data.dependants`: the items grouped by kind) and `data.usage` (every item with its link);
 *   `?force=true` removes the references in the delete's transaction instead.
 */

/** One use: what refers to the image or library, the field that does, and where to open it. */
export interface MediaUsageItem {
  /** The kind of record (the issue-20 vocabulary: `itineraryDay`, `blogInline`, `logo` …). */
  kind: DependantKind;
  /** The record's id (a homepage section: its field; the logo: the settings' key). */
  _id: string;
  /** What a person calls it ('Day 2 of Goa Beaches', 'Panaji (March)'). */
  name: string;
  /** The field that refers to it (`dailyItinerary[1].imageId`, `content`, `imageLibraryId` …). */
  field?: string;
  /** The web route that opens it ('/services/itineraries'). */
  link: string;
}

/** Where an image lives: its own gallery or library (never counted as a use). */
export interface MediaUsageOwner {
  kind: 'imageLibrary' | 'itinerary' | 'placeDetails';
  _id: string;
  name: string;
  link: string;
}

export interface MediaUsage {
  /** How many uses (`items.length`). */
  count: number;
  items: MediaUsageItem[];
  /** The gallery or library holding the image (an image's usage only; absent for a cover …). */
  owner?: MediaUsageOwner;
}

/** The `data` of the usage answers. */
export interface MediaUsageData {
  usage: MediaUsage;
}

/** The query of a delete that removes the references too. */
export const FORCE_QUERY = 'force';

/** The web routes the items link to. */
export const USAGE_LINKS = {
  country: '/services/addCountries',
  state: '/services/addStates',
  place: '/services/addPlaces',
  placeDetails: '/services/addPlaceDetails',
  placeDetailsGallery: (id: string) => `/services/placeDetailsGallery/${encodeURIComponent(id)}`,
  blog: '/services/addPlaceBlog',
  itinerary: '/services/itineraries',
  homepage: '/services/homepage-settings',
  imageLibrary: '/services/image-library',
  marketingNotification: '/marketing/notification',
  profile: (adminId: string) => `/admin/user/${encodeURIComponent(adminId)}`,
  logo: '/settings/basic-settings',
} as const;

/** 'Used in 1 place', 'Used in 3 places'. */
export const usedInText = (count: number): string =>
  count === 1 ? 'Used in 1 place' : `Used in ${String(count)} places`;

export const MEDIA_USAGE_MESSAGES = {
  fetched: 'Usage fetched successfully',
  imageNotFound: 'Image not found',
  invalidId: 'Invalid image id',
  invalidLibraryId: 'Invalid image library id',
  imageDeleted: 'Image deleted successfully',
  /** The generic delete takes gallery and library images; covers, flags, logos change in forms. */
  notAGalleryImage:
    "This image is a record's single picture: replace or remove it in that record's form",
  forceNeedsDelete: 'Removing the references of an image in use needs the delete permission',
} as const;

export const MEDIA_USAGE_TEXTS = {
  /** While the usage loads, inside the confirmation. */
  checking: 'Checking where it is used…',
  /** The usage could not be read: the delete may still be refused. */
  unknown: 'Could not check where it is used.',
  notUsed: 'Not used anywhere else.',
  /** Under the list when N > 0 and the admin may force. */
  willRemove: 'Deleting it removes these references.',
  /** Why the delete is disabled when N > 0 and the admin may not force. */
  cannotForce:
    'You need the delete permission to remove an image or library that is in use. Remove the references first.',
  /** The headings of the owner line ('In the gallery of …'). */
  ownerLine: (name: string) => `In ${name}`,
  /** The spec's confirmation of an unused library (spec §8). */
  libraryConfirm: 'Are you sure you want to delete this image library?',
  /** Removing a saved image in the image manager (it goes when the images are saved). */
  imageConfirm: 'Remove this image? It is deleted when you save the images.',
  libraryConfirmInUse: 'Delete this image library and remove these references?',
  imageConfirmInUse: 'Delete this image and remove these references?',
} as const;

/** The issue-20 groups of a use list: per kind, the full count and the first names. */
export const usageGroups = (items: readonly MediaUsageItem[]): DependantGroup[] => {
  const groups = new Map<DependantKind, DependantGroup>();
  for (const item of items) {
    let group = groups.get(item.kind);
    if (!group) {
      group = { kind: item.kind, count: 0, items: [] };
      groups.set(item.kind, group);
    }
    group.count += 1;
    if (group.items.length < DEPENDANT_SAMPLE_SIZE)
      group.items.push({ _id: item._id, name: item.name });
  }
  return [...groups.values()];
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The usage of a refused delete's error envelope or of a usage answer's `data` (no zod), or null. */
export const usageOf = (value: unknown): MediaUsage | null => {
  if (!isObject(value)) return null;
  const data = isObject(value.data) ? value.data : value;
  const usage = data.usage;
  if (!isObject(usage) || typeof usage.count !== 'number' || !Array.isArray(usage.items))
    return null;
  const valid = usage.items.every(
    (item) =>
      isObject(item) &&
      typeof item.kind === 'string' &&
      typeof item._id === 'string' &&
      typeof item.name === 'string' &&
      typeof item.link === 'string',
  );
  return valid ? (usage as unknown as MediaUsage) : null;
};
