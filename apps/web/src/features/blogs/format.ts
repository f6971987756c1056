import type { Blog, Image } from '@safarnama/contract';

/** The smallest stored variant at least `width` wide, else the largest, else the original. */
export const imageUrl = (image: Image, width: number): string => {
  const variants = [...image.variants].sort((a, b) => a.width - b.width);
  const fit = variants.find((variant) => variant.width >= width) ?? variants.at(-1);
  return fit?.url ?? image.publicUrl;
};

/** 'Place, State, Country'. */
export const locationLabel = (blog: Pick<Blog, 'place' | 'state' | 'country'>): string =>
  [blog.place.name, blog.state.name, blog.country.name].filter(Boolean).join(', ');

export const STATUS_LABELS = { draft: 'Draft', published: 'Published' } as const;
