import type { ImageLibrary } from '@safarnama/contract';
import { presentImage } from '../../media/images.present.js';
import type { ImageRow } from '../../media/images.repo.js';
import type { StorageDriver } from '../../media/storage.js';
import type { LibraryWithAuthor } from './image-libraries.repo.js';

/** A library row, its author and its images (in display order) as the contract's library. */
export const presentLibrary = (
  { library, author }: LibraryWithAuthor,
  images: readonly ImageRow[],
  storage: StorageDriver,
): ImageLibrary => ({
  _id: library.id,
  id: library.id,
  title: library.title,
  description: library.description,
  month: library.month,
  images: images.map((image) => presentImage(image, storage)),
  status: library.status,
  version: library.version,
  createdAt: library.createdAt.toISOString(),
  updatedAt: library.updatedAt.toISOString(),
  author,
});
