import { LIBRARY_MULTIPART_FIELDS as FIELDS, newImageRef } from '@safarnama/contract';

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
): FormData => {
  const body = new FormData();
  body.append('title', fields.title.trim());
  body.append('description', fields.description.trim());
  body.append('month', fields.month);
  images.forEach((image, index) => {
    body.append(`${FIELDS.altTexts}[${index}]`, image.altText.trim());
  });
  for (const image of images) body.append(FIELDS.images, image.file);
  return body;
};

/**
 * The multipart body of `PUT /image-libraries/{id}/images`, exactly as the contract documents it:
 * kept images as `existingImages[i]` + `existingAltTexts[i]`, new files as `images` +
 * `altTexts[k]`, and `imageOrder[i]` listing ids and `new:<k>` in the final visual order. Images
 * of the library left out are removed by the server. Text fields go first, files last, so a
 * streaming parser knows every alt text before the files arrive.
 */
export const buildImagesFormData = (slots: ImageSlot[]): FormData => {
  const body = new FormData();
  const order: string[] = [];
  const files: File[] = [];
  let kept = 0;
  for (const slot of slots) {
    if (slot.kind === 'existing') {
      body.append(`${FIELDS.existingImages}[${kept}]`, slot.id);
      body.append(`${FIELDS.existingAltTexts}[${kept}]`, slot.altText.trim());
      order.push(slot.id);
      kept += 1;
    } else {
      body.append(`${FIELDS.altTexts}[${files.length}]`, slot.altText.trim());
      order.push(newImageRef(files.length));
      files.push(slot.file);
    }
  }
  order.forEach((ref, index) => {
    body.append(`${FIELDS.imageOrder}[${index}]`, ref);
  });
  for (const file of files) body.append(FIELDS.images, file);
  return body;
};
