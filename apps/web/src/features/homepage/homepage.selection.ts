import {
  HOMEPAGE_LIMITS,
  HOMEPAGE_MESSAGES,
  itineraryHiddenReason,
  type HomepageHiddenReason,
  type HomepageSettings,
  type HomepageSettingsInput,
  type Image,
  type Itinerary,
} from '@safarnama/contract';

/**
 * Why the public site no longer shows a chosen item (the server's `hiddenReason` when it answered
 * `publishable: false`); absent for what it shows, and for everything the pickers offer.
 */
interface MaybeHidden {
  hiddenReason?: HomepageHiddenReason | undefined;
}

/** What the page keeps of each chosen item (enough to draw its chip or card). */
export interface SelectedPlace extends MaybeHidden {
  _id: string;
  name: string;
  stateName: string;
  countryName: string;
  image?: Image | null | undefined;
}
export interface SelectedPackage extends MaybeHidden {
  _id: string;
  title: string;
  duration: string;
  pricePerPerson: number;
  image?: Image | null | undefined;
}
export interface SelectedBlog extends MaybeHidden {
  _id: string;
  title: string;
}

const hiddenOf = (item: { publishable?: boolean; hiddenReason?: HomepageHiddenReason }) =>
  item.publishable === false ? { hiddenReason: item.hiddenReason ?? 'Inactive' } : {};

export interface HomepageSelection {
  places: SelectedPlace[];
  /** In display order: the position is the displayOrder (spec §4). */
  packages: SelectedPackage[];
  blogs: SelectedBlog[];
  isActive: boolean;
}

export const EMPTY_SELECTION: HomepageSelection = {
  places: [],
  packages: [],
  blogs: [],
  isActive: true,
};

/** The saved settings as the page's selection (packages already in display order). */
export const selectionFromSettings = (settings: HomepageSettings): HomepageSelection => ({
  places: settings.trendingDestinations.map((d) => ({
    _id: d._id,
    name: d.name,
    stateName: d.state.name,
    countryName: d.country.name,
    image: d.image,
    ...hiddenOf(d),
  })),
  packages: [...settings.tourPackages]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((p) => ({
      _id: p._id,
      title: p.title,
      duration: p.duration,
      pricePerPerson: p.pricePerPerson,
      image: p.image ?? null,
      ...hiddenOf(p),
    })),
  blogs: settings.blogs.map((b) => ({ _id: b._id, title: b.title, ...hiddenOf(b) })),
  isActive: settings.isActive,
});

/** How many chosen items the site does not show (the page's warning). */
export const hiddenCount = (selection: HomepageSelection): number =>
  [...selection.places, ...selection.packages, ...selection.blogs].filter(
    (item) => item.hiddenReason !== undefined,
  ).length;

type Kind = 'places' | 'packages' | 'blogs';
const LIMIT: Record<Kind, number> = HOMEPAGE_LIMITS;
const LIMIT_MESSAGE: Record<Kind, string> = {
  places: HOMEPAGE_MESSAGES.maxPlaces,
  packages: HOMEPAGE_MESSAGES.maxPackages,
  blogs: HOMEPAGE_MESSAGES.maxBlogs,
};

export type AddResult =
  | { ok: true; selection: HomepageSelection }
  | { ok: false; message: string; selection: HomepageSelection };

/**
 * Adds an item at the end of its list (a package's displayOrder is the position at which it was
 * added); past the spec §9 limit it answers the spec text instead, and an item already chosen
 * changes nothing.
 */
export const addItem = <K extends Kind>(
  selection: HomepageSelection,
  kind: K,
  item: HomepageSelection[K][number],
): AddResult => {
  const list = selection[kind] as { _id: string }[];
  if (list.some((other) => other._id === item._id)) return { ok: true, selection };
  if (list.length >= LIMIT[kind]) {
    return { ok: false, message: LIMIT_MESSAGE[kind], selection };
  }
  return { ok: true, selection: { ...selection, [kind]: [...list, item] } };
};

export const removeItem = (
  selection: HomepageSelection,
  kind: Kind,
  id: string,
): HomepageSelection => ({
  ...selection,
  [kind]: (selection[kind] as { _id: string }[]).filter((item) => item._id !== id),
});

/** Moves a package from one position to another (drag or Move up / Move down). */
export const movePackage = (
  selection: HomepageSelection,
  from: number,
  to: number,
): HomepageSelection => {
  const { packages } = selection;
  if (from === to || from < 0 || to < 0 || from >= packages.length || to >= packages.length) {
    return selection;
  }
  const next = [...packages];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return { ...selection, packages: next };
};

/** The PUT body inside `data` (spec §7): ids, no activities, displayOrder = position 1..n. */
export const buildHomepageBody = (selection: HomepageSelection): HomepageSettingsInput => ({
  trendingDestinations: selection.places.map((p) => p._id),
  trendingActivities: [],
  tourPackages: selection.packages.map((p, index) => ({ _id: p._id, displayOrder: index + 1 })),
  blogs: selection.blogs.map((b) => b._id),
  isActive: selection.isActive,
});

/**
 * The itineraries a package card may offer: what the site shows (active and public; the list is
 * already asked with `publishable=true`) and not chosen yet (spec §2).
 */
export const offeredPackages = (
  itineraries: readonly Itinerary[],
  selection: HomepageSelection,
): Itinerary[] => {
  const chosen = new Set(selection.packages.map((p) => p._id));
  return itineraries.filter(
    (itinerary) => itineraryHiddenReason(itinerary) === null && !chosen.has(itinerary._id),
  );
};
