import type { EditConflict, Image } from '@safarnama/contract';
import type { ConflictReading } from './conflictFields';

/**
 * The id of the image of `kind` ('blog-cover', 'place-details-cover') in the record of a 409: the
 * server's record lists its images as `{_id, kind, altText}` only, without their files.
 */
export const savedImageId = (current: EditConflict['current'], kind: string): string | null => {
  const images = Array.isArray(current.images) ? (current.images as unknown[]) : [];
  const found = images.find(
    (image): image is { _id: string } =>
      typeof image === 'object' && image !== null && (image as { kind?: unknown }).kind === kind,
  );
  return found?._id ?? null;
};

/**
 * A cover's reading: the newly chosen file, else the saved cover — the one the form was opened
 * with (its picture) or, when they replaced it, a new one whose file the 409 does not carry.
 */
export const coverReading = (
  file: File | null,
  savedId: string | null,
  opened: Image | null | undefined,
): ConflictReading => {
  if (file) return [{ text: file.name, image: file }];
  if (!savedId) return 'No image';
  const same = savedId === opened?._id;
  return [
    { text: same ? 'The saved image' : 'A new image they saved', image: same ? opened : null },
  ];
};
