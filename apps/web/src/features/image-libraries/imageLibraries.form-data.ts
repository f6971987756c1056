import { LIBRARY_MULTIPART_FIELDS as FIELDS, newImageRef } from '@safarnama/contract';
import { toFormData, type FormFieldValue } from '../../lib/multipart';

/** A file to upload with its alt text. */
export interface NewImage {
  file: File;
  altText: string;
}

/** One image of the manager's grid, in visual order: kept from the library, or a new file. */
export type ImageSlot =
  { kind: 'existing'; id: string; altText: string } | ({ kind: 'new' } & NewImage);

/** The text fields of create / update (`title`, `description`, `month`), trimmed (spec §5). */
export const buildLibraryFormData = (
  fields: { title: string; description: string; month: string },
  images: NewImage[],
): FormData =>
  toFormData({
    title: fields.title.trim(),
    description: fields.description.trim(),
    month: fields.month,
    [FIELDS.altTexts]: images.map((image) => image.altText.trim()),
    [FIELDS.images]: images.map((image) => image.file),
  });

/**
 * The multipart body of `PUT /image-libraries/{id}/images`, exactly as the contract documents it:
 * kept images as `existingImages[i]` + `existingAltTexts[i]`, new files as `images` +
 * `altTexts[k]`, and `imageOrder[i]` listing ids and `new:<k>` in the final visual order. Images
 * of the library left out are removed by the server. Text fields go first, files last, so a
 * streaming parser knows every alt text before the files arrive.
 */
export const buildImagesFormData = (slots: ImageSlot[]): FormData => {
  const kept = slots.filter((slot) => slot.kind === 'existing');
  const files = slots.filter((slot) => slot.kind === 'new');
  const fields = slots.flatMap((slot): [string, FormFieldValue][] =>
    slot.kind === 'existing'
      ? [
          [`${FIELDS.existingImages}[${kept.indexOf(slot)}]`, slot.id],
          [`${FIELDS.existingAltTexts}[${kept.indexOf(slot)}]`, slot.altText.trim()],
        ]
      : [[`${FIELDS.altTexts}[${files.indexOf(slot)}]`, slot.altText.trim()]],
  );
  const order = slots.map((slot) =>
    slot.kind === 'existing' ? slot.id : newImageRef(files.indexOf(slot)),
  );
  return toFormData([
    ...fields,
    [FIELDS.imageOrder, order],
    [FIELDS.images, files.map((slot) => slot.file)],
  ]);
};
