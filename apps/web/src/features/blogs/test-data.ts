import { makePagination, type Blog, type Image } from '@safarnama/contract';

/** Test data in the contract's shapes (what the server answers). */
export const IDS = {
  country: '0190c0de-0000-7000-8000-0000000c0001',
  state: '0190c0de-0000-7000-8000-0000000s0001',
  place: '0190c0de-0000-7000-8000-0000000p0001',
};

export const makeCover = (overrides: Partial<Image> = {}): Image => ({
  _id: '0190c0de-0000-7000-8000-0000000i0001',
  url: '/uploads/blogs/cover.jpg',
  fileKey: 'blogs/cover.jpg',
  publicUrl: '/uploads/blogs/cover.jpg',
  altText: '',
  order: 0,
  mimeType: 'image/jpeg',
  width: 1600,
  height: 900,
  bytes: 123_456,
  placeholder: '#336699',
  variants: [
    { width: 320, height: 180, url: '/uploads/blogs/cover-320.webp' },
    { width: 1600, height: 900, url: '/uploads/blogs/cover-1600.webp' },
  ],
  ...overrides,
});

export const makeBlog = (n: number, overrides: Partial<Blog> = {}): Blog => {
  const id = `0190c0de-0000-7000-8000-0000000b${String(n).padStart(4, '0')}`;
  return {
    _id: id,
    id,
    title: `Blog ${n}`,
    slug: `blog-${n}`,
    countryId: IDS.country,
    stateId: IDS.state,
    placeId: IDS.place,
    country: { _id: IDS.country, name: 'India' },
    state: { _id: IDS.state, name: 'Kerala' },
    place: { _id: IDS.place, name: 'Munnar' },
    coverImage: null,
    excerpt: `Excerpt ${n}`,
    content: `<p>Content ${n}</p>`,
    tags: [],
    metaTitle: '',
    metaDescription: '',
    status: 'draft',
    publishedAt: null,
    author: { name: 'Asha Verma', image: null },
    createdAt: '2025-03-07T10:00:00.000Z',
    updatedAt: '2025-03-07T10:00:00.000Z',
    ...overrides,
  };
};

export const blogListAnswer = (blogs: Blog[], total = blogs.length, page = 1) => ({
  blogs,
  pagination: makePagination(total, page, 10),
});

const stamp = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };

/** The active lists the location selects read. */
export const activeCountries = {
  countries: [
    {
      _id: IDS.country,
      id: IDS.country,
      name: 'India',
      shortName: 'IN',
      image: null,
      isActive: true,
      ...stamp,
    },
  ],
};
export const activeStates = {
  states: [
    {
      _id: IDS.state,
      id: IDS.state,
      name: 'Kerala',
      countryId: IDS.country,
      country: { _id: IDS.country, name: 'India', shortName: 'IN' },
      image: null,
      isActive: true,
      ...stamp,
    },
  ],
};
export const activePlaces = {
  places: [
    {
      _id: IDS.place,
      id: IDS.place,
      name: 'Munnar',
      countryId: IDS.country,
      stateId: IDS.state,
      country: { _id: IDS.country, name: 'India' },
      state: { _id: IDS.state, name: 'Kerala' },
      image: null,
      shortDescription: '',
      isActive: true,
      ...stamp,
    },
  ],
};
