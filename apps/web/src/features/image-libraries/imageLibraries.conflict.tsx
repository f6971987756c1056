import type { Image } from '@safarnama/contract';
import type { ConflictField, ConflictItem } from '../../components/conflict/conflictFields';
import type { ImageLibraryFieldsInput } from './imageLibraries.api';
import type { ImageSlot } from './imageLibraries.form-data';

/** The library form's values as the edit-conflict dialog lists them (issue 21). */
export const LIBRARY_CONFLICT_FIELDS: readonly ConflictField<ImageLibraryFieldsInput>[] = [
  { keys: ['title'], label: 'Title' },
  { keys: ['description'], label: 'Description' },
  { keys: ['month'], label: 'Month' },
];

/** What the image manager saves: its images in order, kept ones with their alt texts. */
export interface LibraryImagesValues {
  images: ImageSlot[];
}

/** A library's images from the record of a 409 (`{_id, kind, altText}`, in their order). */
export const imagesOfConflict = (current: Record<string, unknown>): LibraryImagesValues => ({
  images: (Array.isArray(current.images) ? (current.images as unknown[]) : [])
    .filter(
      (image): image is { _id: string; altText?: string } =>
        typeof image === 'object' &&
        image !== null &&
        typeof (image as { _id?: unknown })._id === 'string',
    )
    .map((image) => ({ kind: 'existing', id: image._id, altText: image.altText ?? '' })),
});

/**
 * The manager's one row: the images in order, each a thumbnail with its alt text. A picture the
 * manager knows (`known`, by id) is drawn; one they added has no file in the 409, so a
 * placeholder stands in for it.
 */
export const imagesConflictFields = (
  known: ReadonlyMap<string, Image>,
): ConflictField<LibraryImagesValues>[] => [
  {
    keys: ['images'],
    label: 'Images, their order and alt texts',
    read: ({ images }) =>
      images.map((slot, index): ConflictItem => ({
        text: `${index + 1}. ${slot.altText.trim() || 'No alt text'}`,
        image: slot.kind === 'new' ? slot.file : (known.get(slot.id) ?? null),
      })),
  },
];
