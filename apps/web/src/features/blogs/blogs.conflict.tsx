import type { Blog } from '@safarnama/contract';
import type { ConflictField } from '../../components/conflict/conflictFields';
import { coverReading, savedImageId } from '../../components/conflict/coverReading';
import { LocationName } from '../geography/LocationName';
import type { BlogFormValues } from './blogs.form-data';
import { STATUS_LABELS } from './format';

/** The blog form's values the conflict dialog names (the form may hold more; those get a row too). */
type BlogConflictValues = Pick<
  BlogFormValues,
  | 'title'
  | 'slug'
  | 'countryId'
  | 'stateId'
  | 'placeId'
  | 'excerpt'
  | 'content'
  | 'tags'
  | 'metaTitle'
  | 'metaDescription'
  | 'status'
> & { coverImage: File | null };

/**
 * The blog form's values as the edit-conflict dialog lists them (issue 21), in form order. The
 * cover differs only when this admin chose a new file: theirs is the saved cover.
 */
export const blogConflictFields = (blog: Blog | null): ConflictField<BlogConflictValues>[] => [
  { keys: ['title'], label: 'Title' },
  { keys: ['slug'], label: 'Slug' },
  { keys: ['excerpt'], label: 'Excerpt' },
  { keys: ['content'], label: 'Content', rich: true },
  {
    keys: ['countryId', 'stateId', 'placeId'],
    label: 'Place',
    read: ({ countryId, stateId, placeId }) => (
      <LocationName countryId={countryId} stateId={stateId} placeId={placeId} />
    ),
  },
  {
    keys: ['coverImage'],
    label: 'Cover image',
    read: ({ coverImage }, { conflict }) =>
      coverReading(coverImage, savedImageId(conflict.current, 'blog-cover'), blog?.coverImage),
  },
  { keys: ['tags'], label: 'Tags' },
  { keys: ['metaTitle'], label: 'Meta title' },
  { keys: ['metaDescription'], label: 'Meta description' },
  { keys: ['status'], label: 'Status', read: ({ status }) => STATUS_LABELS[status] },
];
