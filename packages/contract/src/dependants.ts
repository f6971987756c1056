/**
 * Deleting countries, states, places, place details and blogs (issue 20): a record something
 * still depends on is refused with 409, the envelope's `data.dependants` listing what, grouped by
 * kind with the full count and the first few names. Zod-free on purpose: the list pages import
 * these texts, and a zod import would pull its 24 KB chunk into them (the 409's schema,
 * `dependantsErrorSchema`, is in `envelope.ts`).
 */

/**
 * What can depend on a record, in the order a refusal lists them. Issue 24 adds what can use an
 * image or an image library (`media-usage.ts`): a country's flag, an itinerary's day, a blog's
 * text, a scheduled notification, an admin's profile picture, the app logo.
 */
export const DEPENDANT_KINDS = [
  'country',
  'state',
  'place',
  'placeDetails',
  'blog',
  'blogInline',
  'itinerary',
  'itineraryDay',
  'homepage',
  'marketingNotification',
  'profile',
  'logo',
] as const;
export type DependantKind = (typeof DEPENDANT_KINDS)[number];

/** How many names of each kind a refusal carries (`count` is always the full number). */
export const DEPENDANT_SAMPLE_SIZE = 5;

/** One dependant: its id and what a person calls it (a homepage section: its key and heading). */
export interface DependantItem {
  _id: string;
  name: string;
}

/** The dependants of one kind: how many, and the first `DEPENDANT_SAMPLE_SIZE` by name. */
export interface DependantGroup {
  kind: DependantKind;
  count: number;
  items: DependantItem[];
}

/** The `data` of a refused delete (409). */
export interface DependantsData {
  dependants: DependantGroup[];
}

/** Singular and plural of each kind ('1 state', '3 states'). */
export const DEPENDANT_LABELS: Record<DependantKind, readonly [one: string, other: string]> = {
  country: ['country', 'countries'],
  state: ['state', 'states'],
  place: ['place', 'places'],
  placeDetails: ['place details record', 'place details records'],
  blog: ['blog', 'blogs'],
  blogInline: ["blog's text", "blogs' texts"],
  itinerary: ['itinerary', 'itineraries'],
  itineraryDay: ['itinerary day', 'itinerary days'],
  homepage: ['homepage section', 'homepage sections'],
  marketingNotification: ['scheduled notification', 'scheduled notifications'],
  profile: ['admin profile', 'admin profiles'],
  logo: ['app logo', 'app logos'],
};

/** The dialog's heading of a group ('States', 'Place details records'). */
export const dependantHeading = (kind: DependantKind): string => {
  const plural = DEPENDANT_LABELS[kind][1];
  return plural.charAt(0).toUpperCase() + plural.slice(1);
};

/** '3 states'; the homepage reads 'the homepage (Trending Destinations)'. */
export const dependantCountText = ({ kind, count, items }: DependantGroup): string =>
  kind === 'homepage'
    ? `the homepage (${items.map((item) => item.name).join(', ')})`
    : `${count} ${DEPENDANT_LABELS[kind][count === 1 ? 0 : 1]}`;

const joinAnd = (parts: readonly string[]): string =>
  parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''}`;

/**
 * The 409's message: 'This country is used by 3 states, 12 places and 2 itineraries: delete or
 * change them first.' With no group known (a reference the check does not list), a plain one.
 */
export const inUseMessage = (noun: string, dependants: readonly DependantGroup[]): string =>
  dependants.length === 0
    ? `This ${noun} is still used by other records: delete or change them first.`
    : `This ${noun} is used by ${joinAnd(dependants.map(dependantCountText))}: delete or change them first.`;

/** The texts of the delete actions on the list pages. */
export const DELETE_TEXTS = {
  /** The confirmation's title ('Delete Country'). */
  confirmTitle: (noun: string) => `Delete ${noun}`,
  /** The confirmation's question. */
  confirm: (name: string) => `Delete ${name}?`,
  /** The success message (the server's, and the toast's fallback). */
  deleted: (noun: string) => `${noun} deleted successfully`,
  /** The failure toast's fallback. */
  failed: (noun: string) => `Failed to delete ${noun.toLowerCase()}`,
  /** The refusal dialog's title. */
  refusedTitle: (name: string) => `${name} cannot be deleted`,
  /** Under a group whose names are not all listed. */
  more: (count: number) => `and ${count} more`,
} as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The dependants of a refused delete's error envelope (structural, no zod), or null. */
export const dependantsOf = (envelope: unknown): DependantGroup[] | null => {
  if (!isObject(envelope) || !isObject(envelope.data)) return null;
  const groups = envelope.data.dependants;
  if (!Array.isArray(groups)) return null;
  const valid = groups.every(
    (group) =>
      isObject(group) &&
      (DEPENDANT_KINDS as readonly unknown[]).includes(group.kind) &&
      typeof group.count === 'number' &&
      Array.isArray(group.items) &&
      group.items.every(
        (item) => isObject(item) && typeof item._id === 'string' && typeof item.name === 'string',
      ),
  );
  return valid ? (groups as DependantGroup[]) : null;
};
