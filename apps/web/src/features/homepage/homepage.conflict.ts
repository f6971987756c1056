import { HOMEPAGE_TEXTS as T } from '@safarnama/contract';
import type { ConflictField } from '../../components/conflict/conflictFields';
import type { HomepageSelection } from './homepage.selection';

const ids = (items: readonly { _id: string }[]) => items.map((item) => item._id);

/**
 * The homepage selection as the edit-conflict dialog lists it (issue 21): each list compared by
 * its ids in order (their copy and this page's may draw the same item from different answers),
 * shown by name with its picture.
 */
export const HOMEPAGE_CONFLICT_FIELDS: readonly ConflictField<HomepageSelection>[] = [
  {
    keys: ['places'],
    label: T.destinations,
    compare: ({ places }) => ids(places),
    read: ({ places }) => places.map((place) => ({ text: place.name, image: place.image ?? null })),
  },
  {
    keys: ['packages'],
    label: T.packages,
    compare: ({ packages }) => ids(packages),
    read: ({ packages }) =>
      packages.map((pkg, index) => ({
        text: `${index + 1}. ${pkg.title}`,
        image: pkg.image ?? null,
      })),
  },
  {
    keys: ['blogs'],
    label: T.blogs,
    compare: ({ blogs }) => ids(blogs),
    read: ({ blogs }) => blogs.map((blog) => ({ text: blog.title })),
  },
  { keys: ['isActive'], label: 'Active' },
];
