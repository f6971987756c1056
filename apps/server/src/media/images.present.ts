import type { Image } from '@safarnama/contract';
import type { ShownImage } from './images.repo.js';
import type { StorageDriver } from './storage.js';

/** An `images` row as the contract's image: URLs come from the storage driver, never the row. */
export const presentImage = (row: ShownImage, storage: StorageDriver): Image => {
  const url = storage.publicUrl(row.fileKey);
  return {
    _id: row.id,
    url,
    fileKey: row.fileKey,
    publicUrl: url,
    altText: row.altText,
    order: row.sortOrder,
    mimeType: row.mimeType,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    placeholder: row.placeholder,
    variants: row.variants.map((v) => ({
      width: v.width,
      height: v.height,
      url: storage.publicUrl(v.key),
    })),
    focalPoint:
      typeof row.focalX === 'number' && typeof row.focalY === 'number'
        ? { x: row.focalX, y: row.focalY }
        : null,
    crops: (row.crops ?? []).map((c) => ({
      kind: c.kind,
      width: c.width,
      height: c.height,
      url: storage.publicUrl(c.key),
    })),
  };
};
