import {
  ALT_TEXT_MAX,
  PLACE_DETAILS_ALT_TEXTS_FIELD,
  PLACE_DETAILS_FILE_FIELDS,
} from '@safarnama/contract';

// Kept apart from placeDetails.form.ts, whose schemas would pull zod into the gallery page's chunk.

/** The gallery upload body: `id`, the `images` files and `altTexts[i]` in the same order. */
export const buildGalleryUploadForm = (
  id: string,
  items: readonly { file: File; altText: string }[],
): FormData => {
  const body = new FormData();
  body.append('id', id);
  items.forEach(({ file, altText }, index) => {
    body.append(PLACE_DETAILS_FILE_FIELDS.images, file);
    body.append(
      `${PLACE_DETAILS_ALT_TEXTS_FIELD}[${index}]`,
      altText.trim().slice(0, ALT_TEXT_MAX),
    );
  });
  return body;
};
