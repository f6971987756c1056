import type { Image, ImageLibrary, Pagination } from '@safarnama/contract';
import { makePagination } from '@safarnama/contract';

/** Test data in the contract's shapes (what the server answers). */
export const makeImage = (n: number, overrides: Partial<Image> = {}): Image => ({
  _id: `0190c0de-0000-7000-8000-00000000i${String(n).padStart(3, '0')}`,
  url: `/uploads/lib/${n}.jpg`,
  fileKey: `lib/${n}.jpg`,
  publicUrl: `/uploads/lib/${n}.jpg`,
  altText: `Image ${n}`,
  order: n,
  mimeType: 'image/jpeg',
  width: 800,
  height: 600,
  bytes: 12_345,
  placeholder: '#336699',
  variants: [{ width: 320, height: 240, url: `/uploads/lib/${n}-320.webp` }],
  ...overrides,
});

export const makeLibrary = (n: number, overrides: Partial<ImageLibrary> = {}): ImageLibrary => {
  const id = `0190c0de-0000-7000-8000-0000000l${String(n).padStart(4, '0')}`;
  return {
    _id: id,
    id,
    title: `Library ${n}`,
    description: `Description ${n}`,
    month: 'All Months',
    images: [],
    status: 'active',
    createdAt: '2025-03-07T10:00:00.000Z',
    updatedAt: '2025-03-07T10:00:00.000Z',
    author: { name: 'Asha Verma', image: null },
    ...overrides,
  };
};

export const listAnswer = (
  libraries: ImageLibrary[],
  pagination: Pagination = makePagination(libraries.length, 1, 10),
) => ({ libraries, pagination });
