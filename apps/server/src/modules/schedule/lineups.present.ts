import type { HomepageLineup } from '@safarnama/contract';
import type { LineupRow } from './schedule.repo.js';

/** A lineup as the API answers it: the chosen items with their names as saved. */
export const presentLineup = (row: LineupRow): HomepageLineup => ({
  _id: row.id,
  id: row.id,
  startsAt: row.startsAt.toISOString(),
  status: row.status,
  trendingDestinations: row.selection.trendingDestinations.map(({ _id, name }) => ({ _id, name })),
  tourPackages: row.selection.tourPackages.map(({ _id, name, displayOrder }) => ({
    _id,
    name,
    displayOrder,
  })),
  blogs: row.selection.blogs.map(({ _id, name }) => ({ _id, name })),
  isActive: row.selection.isActive,
  createdBy: { _id: row.createdBy, name: row.createdByName },
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  appliedAt: row.appliedAt?.toISOString() ?? null,
  dropped: row.dropped,
  failureReason: row.failureReason,
});
