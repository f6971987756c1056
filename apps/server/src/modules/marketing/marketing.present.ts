import type { ScheduledNotification } from '@safarnama/contract';
import type { StorageDriver } from '../../media/storage.js';
import type { ScheduledWithRefs } from './marketing.repo.js';

/** The picture shown with a notification: its 768 px variant, else the largest, else the original. */
const imageUrlOf = (
  storage: Pick<StorageDriver, 'publicUrl'>,
  image: NonNullable<ScheduledWithRefs['image']>,
): string => {
  const byWidth = [...image.variants].sort((a, b) => a.width - b.width);
  const pick = byWidth.find((v) => v.width >= 768) ?? byWidth[byWidth.length - 1];
  return storage.publicUrl(pick?.key ?? image.fileKey);
};

/** A scheduled notification row as the contract's `ScheduledNotification`. */
export const presentScheduled = (
  { row, userTypeName, creatorName, image }: ScheduledWithRefs,
  storage: Pick<StorageDriver, 'publicUrl'>,
): ScheduledNotification => ({
  _id: row.id,
  id: row.id,
  title: row.title,
  message: row.message,
  imageUrl: image ? imageUrlOf(storage, image) : null,
  link: row.link || null,
  channels: row.channels,
  audience: {
    type: row.audienceType,
    userType:
      row.audienceType === 'user_type' && row.userTypeId && userTypeName !== null
        ? { _id: row.userTypeId, name: userTypeName }
        : null,
  },
  scheduledAt: row.scheduledAt.toISOString(),
  status: row.status,
  counts: row.counts,
  sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  createdBy:
    row.createdById && creatorName !== null ? { _id: row.createdById, name: creatorName } : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
