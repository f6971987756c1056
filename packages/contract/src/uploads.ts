/**
 * Upload limits, accepted types and the texts of the upload screens. Plain constants without zod,
 * so a page that only needs them does not load the schema library (see the web bundle budget).
 */

/** Upload limits of the media pipeline (DESIGN §6). */
export const UPLOAD_LIMITS = {
  /** Largest accepted file, in bytes (10 MB). */
  maxFileBytes: 10 * 1024 * 1024,
  /** Most files in one request. */
  maxFiles: 20,
  /** Smallest accepted file, in bytes (anything smaller cannot be a real photo). */
  minFileBytes: 100,
  /** Largest accepted image, in pixels (width × height). */
  maxPixels: 40_000_000,
  /** Widths of the WebP variants (never upscaled). */
  variantWidths: [320, 768, 1600],
} as const;

/** Image types the pipeline accepts, by their sniffed MIME type. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** What the library uploader accepts (spec §5: jpeg, jpg, png, gif), as a dropzone `accept` map. */
export const LIBRARY_UPLOAD_ACCEPT = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
} as const;

/**
 * What the upload pipeline answers when it refuses a file (the `message` of the error envelope).
 * The web's uploader may reuse them for its own rejections.
 */
export const MEDIA_MESSAGES = {
  /** 415: magic bytes are not jpeg/png/gif/webp, or the image does not decode. */
  unsupportedType: 'Unsupported file type',
  /** 400: smaller than `UPLOAD_LIMITS.minFileBytes`. */
  tooSmall: 'File is too small',
  /** 413: larger than `UPLOAD_LIMITS.maxFileBytes`. */
  tooLarge: `File is larger than ${UPLOAD_LIMITS.maxFileBytes / (1024 * 1024)} MB`,
  /** 413: more than `UPLOAD_LIMITS.maxFiles` files in one request. */
  tooManyFiles: `Too many files: at most ${UPLOAD_LIMITS.maxFiles} per request`,
  /** 413: more than `UPLOAD_LIMITS.maxPixels` pixels (checked from the header, before decoding). */
  dimensionsTooLarge: 'Image dimensions are too large',
  /** 413: the whole request is larger than the files and fields allowed could ever be. */
  requestTooLarge: 'Request body is too large',
  /** 413: too many fields, or a field longer than the parser accepts. */
  tooManyFields: 'Too many fields in the form',
  fieldTooLarge: 'A form field is too large',
  /** 415: a multipart route called with another content type. */
  multipartRequired: 'Send the form as multipart/form-data',
  /** 400: a broken multipart body. */
  malformed: 'Malformed multipart body',
} as const;

/** What single-image fields (flags, state/place images, cover photos) and galleries accept. */
export const IMAGE_UPLOAD_ACCEPT = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
} as const;

/** Gallery texts (spec §2 itinerary gallery, §8), shared by place-details and itinerary galleries. */
export const GALLERY_MESSAGES = {
  removeConfirm: 'Are you sure you want to remove this image?',
  removed: 'Image removed successfully',
  removeFailed: 'Failed to remove image',
  removeError: 'An error occurred while removing image',
  updated: 'Gallery updated successfully',
  updateFailed: 'Failed to update gallery',
  updateError: 'An error occurred while updating gallery',
  uploadTitle: 'Add New Images',
  uploadButton: 'Upload Images',
  uploading: 'Uploading...',
  altTextHint: 'ALT text helps with SEO and screen readers',
} as const;

export const PLACE_DETAILS_FILE_FIELDS = { coverPhoto: 'coverPhoto', images: 'images' } as const;
/** Indexed alt-text field of the gallery upload: `altTexts[i]` for the i-th `images` file. */
export const PLACE_DETAILS_ALT_TEXTS_FIELD = 'altTexts';
