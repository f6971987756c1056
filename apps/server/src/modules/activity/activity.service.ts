import {
  makePagination,
  type AdminActivity,
  type AdminActivityList,
  type ListQuery,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import { listActivities, type ActivityFilter } from './activity.repo.js';
import { presentActivity } from './activity.present.js';

export interface ActivityServiceDeps {
  db: Database;
}

/** Reading the admin activity log. Entries are written by the audit hook (`http/audit.ts`). */
export const createActivityService = ({ db }: ActivityServiceDeps) => {
  const page = async (filter: ActivityFilter): Promise<AdminActivityList> => {
    const { rows, ...counted } = await listActivities(db, filter);
    return {
      activities: rows.map(presentActivity),
      pagination: makePagination(counted.total, filter.page, filter.limit, counted),
    };
  };

  const list = (query: ListQuery) => page(query);

  /** The newest entries (the dashboard's "latest activity"). */
  const latest = async (limit: number): Promise<AdminActivity[]> =>
    (await listActivities(db, { page: 1, limit })).rows.map(presentActivity);

  return { list, page, latest };
};

export type ActivityService = ReturnType<typeof createActivityService>;
