import { describe, expect, it } from 'vitest';
import { HOMEPAGE_MESSAGES } from '@safarnama/contract';
import { makeItinerary } from '../itineraries/test-data';
import {
  EMPTY_SELECTION,
  addItem,
  buildHomepageBody,
  movePackage,
  offeredPackages,
  removeItem,
  type HomepageSelection,
} from './homepage.selection';

const pkg = (n: number) => ({
  _id: `t${n}`,
  title: `Trip ${n}`,
  duration: '3 Days',
  pricePerPerson: 1000 * n,
});
const fill = (kind: 'places' | 'packages' | 'blogs', n: number): HomepageSelection => {
  let selection = EMPTY_SELECTION;
  for (let i = 1; i <= n; i += 1) {
    const item =
      kind === 'places'
        ? { _id: `p${i}`, name: `P${i}`, stateName: 'S', countryName: 'C' }
        : kind === 'packages'
          ? pkg(i)
          : { _id: `b${i}`, title: `B${i}` };
    const result = addItem(selection, kind, item as never);
    if (!result.ok) throw new Error(result.message);
    selection = result.selection;
  }
  return selection;
};

describe('homepage selection', () => {
  it('refuses the 7th place, 9th package and 4th blog with the spec texts', () => {
    const places = addItem(fill('places', 6), 'places', {
      _id: 'p7',
      name: 'P7',
      stateName: 'S',
      countryName: 'C',
    });
    expect(places).toMatchObject({ ok: false, message: 'Maximum 6 places can be selected' });
    expect(places.selection.places).toHaveLength(6);
    const packages = addItem(fill('packages', 8), 'packages', pkg(9));
    expect(packages).toMatchObject({ ok: false, message: 'Maximum 8 packages can be selected' });
    expect(packages.selection.packages).toHaveLength(8);
    const blogs = addItem(fill('blogs', 3), 'blogs', { _id: 'b4', title: 'B4' });
    expect(blogs).toMatchObject({ ok: false, message: HOMEPAGE_MESSAGES.maxBlogs });
  });

  it('ignores an item already chosen, and removes by id', () => {
    const two = fill('blogs', 2);
    const again = addItem(two, 'blogs', { _id: 'b1', title: 'B1' });
    expect(again.ok && again.selection.blogs).toHaveLength(2);
    expect(removeItem(two, 'blogs', 'b1').blogs.map((b) => b._id)).toEqual(['b2']);
  });

  it('gives packages the position they were added at as displayOrder, and reorders', () => {
    const three = fill('packages', 3);
    expect(buildHomepageBody(three).tourPackages).toEqual([
      { _id: 't1', displayOrder: 1 },
      { _id: 't2', displayOrder: 2 },
      { _id: 't3', displayOrder: 3 },
    ]);
    const moved = movePackage(three, 2, 0);
    expect(buildHomepageBody(moved).tourPackages).toEqual([
      { _id: 't3', displayOrder: 1 },
      { _id: 't1', displayOrder: 2 },
      { _id: 't2', displayOrder: 3 },
    ]);
    expect(movePackage(three, 0, 5)).toBe(three);
  });

  it('builds the PUT body of spec §7', () => {
    const selection = {
      ...fill('packages', 1),
      places: [{ _id: 'p1', name: 'P', stateName: 'S', countryName: 'C' }],
      blogs: [{ _id: 'b1', title: 'B' }],
      isActive: true,
    };
    expect(buildHomepageBody(selection)).toEqual({
      trendingDestinations: ['p1'],
      trendingActivities: [],
      tourPackages: [{ _id: 't1', displayOrder: 1 }],
      blogs: ['b1'],
      isActive: true,
    });
  });

  it('offers only active itineraries not chosen yet', () => {
    const chosen = makeItinerary(1);
    const inactive = makeItinerary(2, { isActive: false });
    const free = makeItinerary(3);
    const selection = addItem(EMPTY_SELECTION, 'packages', {
      _id: chosen._id,
      title: chosen.title,
      duration: chosen.duration,
      pricePerPerson: chosen.pricePerPerson,
    }).selection;
    expect(offeredPackages([chosen, inactive, free], selection)).toEqual([free]);
  });
});
