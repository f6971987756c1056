import { makePagination, type ScheduledNotification } from '@safarnama/contract';

const uuid = (n: number) => `0190c0de-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** A scheduled notification as the server lists it. */
export const makeNotification = (
  n: number,
  overrides: Partial<ScheduledNotification> = {},
): ScheduledNotification => ({
  _id: uuid(500 + n),
  id: uuid(500 + n),
  title: `Notification ${n}`,
  message: `Message ${n}`,
  imageUrl: null,
  link: null,
  channels: ['email'],
  audience: { type: 'all_admins', userType: null },
  scheduledAt: '2030-11-21T10:00:00.000Z',
  status: 'scheduled',
  counts: {},
  sentAt: null,
  createdBy: { _id: uuid(1), name: 'Asha Verma' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const listAnswer = (notifications: ScheduledNotification[], page = 1, total?: number) => ({
  notifications,
  pagination: makePagination(total ?? notifications.length, page, 10),
});
