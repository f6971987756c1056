import type { Blog } from '@safarnama/contract';

/** 'Place, State, Country'. */
export const locationLabel = (blog: Pick<Blog, 'place' | 'state' | 'country'>): string =>
  [blog.place.name, blog.state.name, blog.country.name].filter(Boolean).join(', ');

export const STATUS_LABELS = { draft: 'Draft', published: 'Published' } as const;
