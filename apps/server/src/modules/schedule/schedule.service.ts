import type { z } from 'zod';
import {
  HOMEPAGE_LINEUP_TEXTS as T,
  HOMEPAGE_LINEUPS_MAX_SCHEDULED,
  SCHEDULE_TEXTS,
  makePagination,
  type HomepageLineup,
  type HomepageLineupList,
  type UpcomingPublish,
  type homepageLineupInputSchema,
  type homepageLineupListQuerySchema,
} from '@safarnama/contract';
import type { Database, Executor } from '../../db/client.js';
import {
  itineraries,
  placeBlogs,
  type LineupItem,
  type LineupSelection,
} from '../../db/schema/index.js';
import { changeContext, noteEntity, transaction } from '../../db/transaction.js';
import { Conflict, NotFound, ValidationError } from '../../http/errors.js';
import { asUuid } from '../../http/form-fields.js';
import { savedIds } from '../homepage/homepage.repo.js';
import {
  checkSelection,
  planSelection,
  refusalError,
  type SelectionPlan,
} from '../homepage/homepage.service.js';
import { CLOCK_SKEW_MS } from '../marketing/marketing.service.js';
import { presentLineup } from './lineups.present.js';
import {
  countScheduledLineups,
  findLineup,
  insertLineup,
  listLineups,
  lockLineups,
  updateScheduledLineup,
  upcomingLineups,
  upcomingTimes,
  type UpcomingRow,
} from './schedule.repo.js';
import { goesLiveBy } from './schedule.rules.js';

export type HomepageLineupInputData = z.output<typeof homepageLineupInputSchema>;
export type HomepageLineupListQueryData = z.output<typeof homepageLineupListQuerySchema>;

/** What the dashboard's upcoming card may show the admin (their view permissions). */
export interface UpcomingVisibility {
  itineraries: boolean;
  blogs: boolean;
  lineups: boolean;
}

/** The dashboard's name of a lineup (it has no title of its own). */
export const LINEUP_TITLE = 'Homepage lineup';

export interface ScheduleServiceDeps {
  db: Database;
  now?: () => Date;
}

/**
 * Scheduled homepage lineups (issue 21: `GET/POST /homepage-lineups`, `PUT/DELETE
 * /homepage-lineups/{id}`) and the dashboard's upcoming scheduled publishes. The scheduler that
 * applies them is `scheduler.ts`; the save-time rules of itinerary and blog times are
 * `schedule.rules.ts`.
 */
export const createScheduleService = ({ db, now = () => new Date() }: ScheduleServiceDeps) => {
  const notFound = () => new NotFound(T.notFound);

  /** `startsAt` must be to come (a few seconds of clock skew allowed), unless it is unchanged. */
  const startOf = (raw: string, stored?: Date): Date => {
    const startsAt = new Date(raw);
    const unchanged = stored !== undefined && stored.getTime() === startsAt.getTime();
    if (!unchanged && startsAt.getTime() < now().getTime() - CLOCK_SKEW_MS) {
      throw new ValidationError(
        [{ path: 'startsAt', message: SCHEDULE_TEXTS.startsInPast }],
        SCHEDULE_TEXTS.startsInPast,
      );
    }
    return startsAt;
  };

  /**
   * The homepage save's publishable rule (homepage.service.ts `checkSelection`), at the lineup's
   * start: an item the site cannot show is refused unless it is on the live homepage (as a save
   * lets it stay), was in this lineup already, or goes live by `startsAt` through its own
   * schedule. Answers the selection with the names as they are now.
   */
  const checkedSelection = async (
    tx: Executor,
    plan: SelectionPlan,
    {
      isActive,
      startsAt,
      previous,
    }: { isActive: boolean; startsAt: Date; previous?: LineupSelection },
  ): Promise<LineupSelection> => {
    const saved = await savedIds(tx);
    const before = {
      places: new Set(previous?.trendingDestinations.map((i) => i._id)),
      packages: new Set(previous?.tourPackages.map((i) => i._id)),
      blogs: new Set(previous?.blogs.map((i) => i._id)),
    };
    const checked = await checkSelection(
      tx,
      plan,
      (item) =>
        saved[item.list].has(item.id) ||
        before[item.list].has(item.id) ||
        goesLiveBy(item, startsAt),
    );
    if (checked.refused.length > 0) throw refusalError(checked.refused);
    const named = (items: { id: string; name: string }[]): LineupItem[] =>
      items.map(({ id, name }) => ({ _id: id, name }));
    return {
      trendingDestinations: named(checked.places),
      tourPackages: checked.packages.map(({ id, name, displayOrder }) => ({
        _id: id,
        name,
        displayOrder,
      })),
      blogs: named(checked.blogs),
      isActive,
    };
  };

  const get = async (id: string): Promise<HomepageLineup> => {
    const row = await findLineup(db, id);
    if (!row) throw notFound();
    return presentLineup(row);
  };

  const list = async (query: HomepageLineupListQueryData): Promise<HomepageLineupList> => {
    const { rows, ...counted } = await listLineups(db, query);
    return {
      lineups: rows.map(presentLineup),
      pagination: makePagination(counted.total, query.page, query.limit, counted),
    };
  };

  /**
   * POST: the limits (6/8/3) and the publishable rule checked now, the start to come, at most
   * `HOMEPAGE_LINEUPS_MAX_SCHEDULED` waiting (409 past it). Under the lineups' lock, so two
   * creates cannot both take the last place.
   */
  const create = async (input: HomepageLineupInputData): Promise<HomepageLineup> => {
    const startsAt = startOf(input.startsAt);
    const plan = planSelection(input);
    const id = await transaction(db, async (tx) => {
      await lockLineups(tx);
      if ((await countScheduledLineups(tx)) >= HOMEPAGE_LINEUPS_MAX_SCHEDULED) {
        throw new Conflict(T.tooMany);
      }
      const selection = await checkedSelection(tx, plan, { isActive: input.isActive, startsAt });
      const actor = changeContext()?.actor ?? null;
      const row = await insertLineup(tx, {
        startsAt,
        selection,
        createdBy: actor?.id ?? null,
        createdByName: actor?.name ?? '',
      });
      noteEntity(row.id);
      return row.id;
    });
    return get(id);
  };

  /** PUT /{id}: the whole lineup again, only while it is scheduled (409 after, 404 unknown). */
  const update = async (rawId: string, input: HomepageLineupInputData) => {
    const id = asUuid(rawId);
    if (!id) throw notFound();
    const plan = planSelection(input);
    await transaction(db, async (tx) => {
      // The scheduler applies a lineup under the same lock: it is either applied before this
      // change (409) or after it, with what this change saved.
      await lockLineups(tx);
      const current = await findLineup(tx, id);
      if (!current) throw notFound();
      if (current.status !== 'scheduled') throw new Conflict(T.notEditable);
      const startsAt = startOf(input.startsAt, current.startsAt);
      const selection = await checkedSelection(tx, plan, {
        isActive: input.isActive,
        startsAt,
        previous: current.selection,
      });
      if (!(await updateScheduledLineup(tx, id, { startsAt, selection }))) {
        throw new Conflict(T.notEditable);
      }
    });
    return get(id);
  };

  /** DELETE /{id}: the lineup is cancelled (kept, status 'cancelled'), only while scheduled. */
  const cancel = async (rawId: string): Promise<HomepageLineup> => {
    const id = asUuid(rawId);
    if (!id) throw notFound();
    const row = await transaction(db, async (tx) => {
      // One conditional statement: it waits for a scheduler applying it, then finds it applied.
      const cancelled = await updateScheduledLineup(tx, id, { status: 'cancelled' });
      if (cancelled) return cancelled;
      throw (await findLineup(tx, id)) ? new Conflict(T.notEditable) : notFound();
    });
    return presentLineup(row);
  };

  /**
   * The dashboard's upcoming card: the next scheduled publishes, unpublishes and lineups of the
   * kinds the admin may view, soonest first, at most `limit` (each kind's soonest `limit` read
   * from its partial index, then merged).
   */
  const upcoming = async (
    limit: number,
    visible: UpcomingVisibility,
  ): Promise<UpcomingPublish[]> => {
    const none: [UpcomingRow[], UpcomingRow[]] = [[], []];
    const [itineraryTimes, blogTimes, lineups] = await Promise.all([
      visible.itineraries ? upcomingTimes(db, itineraries, limit) : none,
      visible.blogs ? upcomingTimes(db, placeBlogs, limit) : none,
      visible.lineups ? upcomingLineups(db, limit) : [],
    ]);
    const entries = (
      entity: UpcomingPublish['entity'],
      action: UpcomingPublish['action'],
      rows: UpcomingRow[],
    ) => rows.map((r) => ({ entity, action, entityId: r.entityId, title: r.title, at: r.at }));
    return [
      ...entries('itinerary', 'publish', itineraryTimes[0]),
      ...entries('itinerary', 'unpublish', itineraryTimes[1]),
      ...entries('blog', 'publish', blogTimes[0]),
      ...entries('blog', 'unpublish', blogTimes[1]),
      ...entries('homepage-settings', 'lineup', lineups).map((e) => ({
        ...e,
        title: LINEUP_TITLE,
      })),
    ]
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.entityId.localeCompare(b.entityId))
      .slice(0, limit)
      .map((e) => ({ ...e, at: e.at.toISOString() }));
  };

  return { list, get, create, update, cancel, upcoming };
};

export type ScheduleService = ReturnType<typeof createScheduleService>;
