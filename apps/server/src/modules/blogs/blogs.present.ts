import { qualityIssuesOf, type Blog } from '@safarnama/contract';
import { presentImage } from '../../media/images.present.js';
import type { ImageRow } from '../../media/images.repo.js';
import type { StorageDriver } from '../../media/storage.js';
import type { BlogWithNames } from './blogs.repo.js';

export const presentBlog = (
  { blog, countryName, stateName, placeName, authorName, authorImage }: BlogWithNames,
  cover: ImageRow | undefined,
  storage: StorageDriver,
): Blog => ({
  _id: blog.id,
  id: blog.id,
  title: blog.title,
  slug: blog.slug,
  countryId: blog.countryId,
  stateId: blog.stateId,
  placeId: blog.placeId,
  country: { _id: blog.countryId, name: countryName },
  state: { _id: blog.stateId, name: stateName },
  place: { _id: blog.placeId, name: placeName },
  coverImage: cover ? presentImage(cover, storage) : null,
  excerpt: blog.excerpt,
  content: blog.content,
  tags: blog.tags,
  metaTitle: blog.metaTitle,
  metaDescription: blog.metaDescription,
  status: blog.status,
  publishedAt: blog.publishedAt?.toISOString() ?? null,
  version: blog.version,
  publishAt: blog.publishAt?.toISOString() ?? null,
  unpublishAt: blog.unpublishAt?.toISOString() ?? null,
  author: authorName === null ? null : { name: authorName, image: authorImage },
  quality: { issues: qualityIssuesOf(blog.qualityIssues) },
  createdAt: blog.createdAt.toISOString(),
  updatedAt: blog.updatedAt.toISOString(),
});
