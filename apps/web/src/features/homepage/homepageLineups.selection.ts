import type { HomepageLineup, HomepageLineupInput, Itinerary } from '@safarnama/contract';
import { formatCount } from '../../lib/format';
import { enteredTime } from '../../lib/schedule';
import {
  buildHomepageBody,
  type HomepageSelection,
  type SelectedBlog,
  type SelectedPackage,
  type SelectedPlace,
} from './homepage.selection';

/** What the page already knows about items (their cards' details), by id. */
export interface KnownItems {
  places: Map<string, SelectedPlace>;
  packages: Map<string, SelectedPackage>;
  blogs: Map<string, SelectedBlog>;
}

/**
 * The details the page can draw from what it has loaded: the editor's selection, the live
 * settings and the package picker's itineraries. A lineup stores only ids and names.
 */
export const knownItems = (
  selections: readonly HomepageSelection[],
  itineraries: readonly Itinerary[],
): KnownItems => {
  const known: KnownItems = { places: new Map(), packages: new Map(), blogs: new Map() };
  for (const itinerary of itineraries) {
    known.packages.set(itinerary._id, {
      _id: itinerary._id,
      title: itinerary.title,
      duration: itinerary.duration,
      pricePerPerson: itinerary.pricePerPerson,
      image: itinerary.coverImage ?? null,
    });
  }
  // An item loaded from a lineup earlier has only its name: it never hides better details.
  for (const selection of selections) {
    for (const place of selection.places) {
      if (place.stateName || !known.places.has(place._id)) known.places.set(place._id, place);
    }
    for (const pkg of selection.packages) {
      if (pkg.duration || !known.packages.has(pkg._id)) known.packages.set(pkg._id, pkg);
    }
    for (const blog of selection.blogs) known.blogs.set(blog._id, blog);
  }
  return known;
};

/**
 * A waiting lineup as the editor's selection ('Load into editor'): its items in its order, with
 * the details the page knows, else the name saved with the lineup (the cards then show just the
 * name: state, country, duration and price are empty). A known item keeps what the page knows
 * of it, its 'Not shown on the site' reason included; the server checks them all again when the
 * lineup is saved.
 */
export const selectionFromLineup = (
  lineup: HomepageLineup,
  known: KnownItems,
): HomepageSelection => {
  return {
    places: lineup.trendingDestinations.map((item) => {
      const place = known.places.get(item._id);
      return (
        place ?? { _id: item._id, name: item.name, stateName: '', countryName: '', image: null }
      );
    }),
    packages: [...lineup.tourPackages]
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map((item) => {
        const pkg = known.packages.get(item._id);
        return (
          pkg ?? { _id: item._id, title: item.name, duration: '', pricePerPerson: 0, image: null }
        );
      }),
    blogs: lineup.blogs.map((item) => {
      const blog = known.blogs.get(item._id);
      return blog ?? { _id: item._id, title: item.name };
    }),
    isActive: lineup.isActive,
  };
};

/**
 * A lineup's request (`POST` / `PUT homepage-lineups`): the selection as a homepage save would
 * send it (without the settings' edit version) and the start, an IST date and time.
 */
export const lineupRequest = (
  selection: HomepageSelection,
  { date, time }: { date: string; time: string },
): HomepageLineupInput => {
  const { version: _version, ...body } = buildHomepageBody(selection);
  return { ...body, startsAt: enteredTime(date, time) };
};

/** '3 destinations · 5 packages · 2 blogs'. */
export const lineupCounts = (counts: { places: number; packages: number; blogs: number }) =>
  [
    formatCount(counts.places, 'destination'),
    formatCount(counts.packages, 'package'),
    formatCount(counts.blogs, 'blog'),
  ].join(' · ');
