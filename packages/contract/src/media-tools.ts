/**
 * Issue 24: the texts of the focal point and of the duplicate-upload notice (zod-free: the image
 * manager and the galleries import them; the schemas are in `media.ts`).
 */
export const MEDIA_TOOLS_MESSAGES = {
  imageNotFound: 'Image not found',
  focalPointSaved: 'Focal point saved',
  focalPointFailed: 'Failed to save the focal point',
} as const;

/** The web's texts around uploads that look like images already stored. */
export const DUPLICATE_TEXTS = {
  title: 'Possible duplicates',
  /** '1 new image looks like one already stored' / '3 new images look like …'. */
  summary: (count: number) =>
    count === 1
      ? '1 new image looks like an image already stored.'
      : `${count} new images look like images already stored.`,
  alsoIn: 'Also stored in',
  keep: 'Keep',
  remove: 'Remove the new copy',
  removed: 'New copy removed',
  kept: 'Kept',
} as const;

/** The image manager's focal-point editor. */
export const FOCAL_POINT_TEXTS = {
  button: 'Focal point',
  title: 'Set the focal point',
  hint: 'Click the subject of the photo: every crop keeps it in view.',
  reset: 'Centre',
  save: 'Save focal point',
  /** The accessible label of the clickable picture. */
  pictureLabel: 'Click to set the focal point',
  /** 'Focal point 30% across, 60% down'. */
  position: (x: number, y: number) =>
    `Focal point ${Math.round(x * 100)}% across, ${Math.round(y * 100)}% down`,
} as const;
