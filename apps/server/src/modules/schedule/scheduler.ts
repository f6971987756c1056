import {
  API_PATHS,
  SCHEDULE_TEXTS,
  type DroppedItem,
  type RevisionEntity,
} from '@safarnama/contract';
import type { Database, Executor } from '../../db/client.js';
import { itineraries, placeBlogs } from '../../db/schema/index.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { transaction } from '../../db/transaction.js';
import { ValidationError } from '../../http/errors.js';
import { diffChanges, type QualityRefresher, type RevisionTarget } from '../../http/audit.js';
import { recordActivity } from '../activity/activity.repo.js';
import { BLOG_REVISIONS } from '../blogs/blogs.audit.js';
import { HOMEPAGE_REVISIONS } from '../homepage/homepage.audit.js';
import { lockSettings, replaceSelection } from '../homepage/homepage.repo.js';
import { checkSelection, planSelection, type SelectionList } from '../homepage/homepage.service.js';
import { ITINERARY_REVISIONS } from '../itineraries/itineraries.audit.js';
import type { SchedulerLog } from '../marketing/scheduler.js';
import type { NotificationService } from '../notifications/notifications.service.js';
import { insertRevision } from '../revisions/revisions.repo.js';
import {
  adminNamed,
  anyDueLineup,
  applyBlog,
  applyItinerary,
  bumpHomepageVersion,
  finishLineup,
  lockDueLineup,
  lockDueRecord,
  lockLineups,
  type DueRecord,
  type LineupRow,
  type ScheduleAction,
  type ScheduledTable,
} from './schedule.repo.js';
import { goesLiveBy } from './schedule.rules.js';

/**
 * The content scheduler (issue 21): at each run it applies the itinerary and blog publish /
 * unpublish times that have come, then the homepage lineups whose start has come, each exactly
 * once across server processes.
 *
 * - **Exactly once**: each change is one transaction that locks its row with SKIP LOCKED (a
 *   record `FOR NO KEY UPDATE`, so homepage saves that merely refer to it are not held up; a
 *   lineup `FOR UPDATE`), applies it, clears the applied time (a lineup: status 'applied') and commits; a scheduler that
 *   reaches the row later finds nothing due on it. Nothing is claimed for longer than that
 *   transaction, so a crash leaves nothing to take over: the change is simply not applied yet.
 * - **Like an admin's change**: the record's version goes up, a revision (action 'publish',
 *   'unpublish' or 'lineup', by the admin who scheduled it) and an audit entry "… by schedule"
 *   are written in the same transaction, and after the commit that admin gets an in-app notice.
 * - **Order**: records before lineups, so a lineup naming an item that goes live at the same time
 *   finds it live; lineups one at a time under the lineups' lock, in the order of their start.
 * - **Failures**: one change failing (logged) does not stop the others; a record is tried again on
 *   the next run; a lineup that cannot be applied becomes 'failed' with its reason, and its admin
 *   is told.
 *
 * A sibling of the marketing poller with its own timer (same interval, started and stopped in the
 * same places): a long marketing send must not hold back a publish that is due.
 */

export interface ContentSchedulerDeps {
  db: Database;
  now: () => Date;
  nodeId: string;
  intervalMs: number;
  notifications: Pick<NotificationService, 'notify'>;
  log: SchedulerLog;
  /** Most changes one run applies (default 200); the rest wait for the next run. */
  maxPerRun?: number;
  /** Issue 23: stores the record's content-quality codes with the change, as a request's does. */
  quality?: QualityRefresher;
}

/** One change a run applied (or, for a lineup, failed). */
export interface AppliedChange {
  entity: RevisionEntity;
  /** The record's id; for a lineup, the lineup's. */
  id: string;
  action: ScheduleAction | 'lineup';
  status: 'applied' | 'failed';
  dropped?: DroppedItem[];
}

export interface ContentScheduler {
  readonly nodeId: string;
  start(): void;
  stop(): Promise<void>;
  /** One run: applies what is due until nothing is left (tests call this). */
  runOnce(): Promise<AppliedChange[]>;
}

/** The admin named by a scheduled change's entry and revision when the one who set it is gone. */
export const SCHEDULER_NAME = 'Scheduler';
/** The `method` of the scheduler's audit entries (a request's would be GET, POST, …). */
export const SCHEDULE_METHOD = 'SCHEDULE';

/** Where the notice of an applied change takes its admin (the web's pages). */
const LINKS = {
  itinerary: '/services/itineraries',
  blog: '/services/addPlaceBlog',
  homepage: '/services/homepage-settings',
} as const;

/** The in-app notices of the scheduler. */
export const scheduleNotice = {
  record: (noun: 'itinerary' | 'blog', action: ScheduleAction, title: string) => ({
    title: `${noun === 'itinerary' ? 'Itinerary' : 'Blog'} ${action === 'publish' ? 'published' : 'unpublished'}`,
    message:
      action === 'publish'
        ? `"${title}" was published as scheduled.`
        : `"${title}" was taken down as scheduled.`,
  }),
  lineupApplied: (dropped: readonly DroppedItem[]) => {
    const names = dropped.map((d) => `"${d.name}" (${d.reason})`).join(', ');
    const without =
      dropped.length === 1
        ? '1 item that is deleted or not shown on the site'
        : `${String(dropped.length)} items that are deleted or not shown on the site`;
    return {
      title: 'Homepage lineup applied',
      message:
        dropped.length === 0
          ? 'The scheduled homepage lineup is now live.'
          : `The scheduled homepage lineup is now live without ${without}: ${names}.`,
    };
  },
  lineupFailed: (reason: string) => ({
    title: 'Homepage lineup failed',
    message: `The scheduled homepage lineup was not applied: ${reason}`,
  }),
};

/** The reason recorded for a lineup that failed on an unexpected error (no internals shown). */
export const LINEUP_ERROR_REASON = 'The homepage could not be changed; schedule the lineup again.';

type Json = Record<string, unknown>;

interface RecordKind {
  noun: 'itinerary' | 'blog';
  table: ScheduledTable;
  target: RevisionTarget;
  apply: (tx: Executor, row: DueRecord, action: ScheduleAction, now: Date) => Promise<void>;
  path: (id: string) => string;
  link: string;
}

const RECORD_KINDS: RecordKind[] = [
  {
    noun: 'itinerary',
    table: itineraries,
    target: ITINERARY_REVISIONS,
    apply: (tx, row, action) => applyItinerary(tx, row, action),
    path: (id) => API_PATHS.service.updateItinerary(id),
    link: LINKS.itinerary,
  },
  {
    noun: 'blog',
    table: placeBlogs,
    target: BLOG_REVISIONS,
    apply: applyBlog,
    path: () => API_PATHS.service.updateBlog,
    link: LINKS.blog,
  },
];

/** The due action of a locked record: the earlier of its times that have come. */
const dueAction = (row: DueRecord, now: Date): ScheduleAction => {
  const publish = row.publishAt && row.publishAt <= now ? row.publishAt.getTime() : Infinity;
  const unpublish =
    row.unpublishAt && row.unpublishAt <= now ? row.unpublishAt.getTime() : Infinity;
  return publish <= unpublish ? 'publish' : 'unpublish';
};

const LIST_KIND: Record<SelectionList, DroppedItem['kind']> = {
  places: 'place',
  packages: 'itinerary',
  blogs: 'blog',
};

export const createContentScheduler = (deps: ContentSchedulerDeps): ContentScheduler => {
  const { db, now, nodeId, notifications, log, maxPerRun = 200 } = deps;
  const userAgent = `Scheduler ${nodeId}`.slice(0, 512);
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<AppliedChange[]> | undefined;

  /**
   * The audit entry and the revision of a change the scheduler made, through its transaction:
   * the same shape as a request's (http/audit.ts), by the admin who scheduled it, "by schedule".
   */
  const record = async (
    tx: Executor,
    change: {
      target: RevisionTarget;
      entityType: string;
      /** The audit entry's entity id (null for the one-record homepage, as its saves have). */
      entityId: string | null;
      action: string;
      summary: string;
      path: string;
      admin: { id: string; name: string; email: string } | undefined;
      before: Json | undefined;
      after: Json | undefined;
    },
  ) => {
    const { admin, before, after } = change;
    const changes = diffChanges(before, after);
    await recordActivity(tx, {
      adminId: admin?.id ?? null,
      adminName: admin?.name ?? SCHEDULER_NAME,
      adminEmail: admin?.email ?? '',
      action: change.action,
      entityType: change.entityType,
      entityId: change.entityId,
      summary: change.summary,
      changes,
      method: SCHEDULE_METHOD,
      path: change.path,
      ip: null,
      userAgent,
    });
    const revisionId = change.target.fixedId ?? change.entityId;
    if (!after || revisionId === null) return;
    await insertRevision(tx, {
      entityType: change.target.entity,
      entityId: revisionId,
      version: Number(after.version ?? 1),
      action: change.action,
      snapshot: JSON.parse(JSON.stringify(after)) as Json,
      changedFields: Object.keys(changes ?? {}),
      adminId: admin?.id ?? null,
      adminName: admin?.name ?? SCHEDULER_NAME,
      restoredFrom: null,
      ip: null,
      userAgent,
    });
  };

  const tell = async (
    adminId: string | undefined,
    notice: { title: string; message: string },
    link: string,
  ) => {
    if (!adminId) return;
    try {
      await notifications.notify([adminId], { type: 'system', ...notice, link });
    } catch (err) {
      log.error({ err }, 'could not notify the admin who scheduled a change');
    }
  };

  /** Applies the next due time of one kind; undefined when none is due. */
  const applyNextRecord = async (
    kind: RecordKind,
    skip: Set<string>,
  ): Promise<AppliedChange | 'failed' | undefined> => {
    let lockedId: string | undefined;
    try {
      const applied = await transaction(db, async (tx) => {
        const at = now();
        const row = await lockDueRecord(tx, kind.table, at, skip);
        if (!row) return undefined;
        lockedId = row.id;
        const action = dueAction(row, at);
        const before = await kind.target.load(tx, row.id);
        await kind.apply(tx, row, action, at);
        const loaded = await kind.target.load(tx, row.id);
        const after = deps.quality
          ? await deps.quality.refresh(tx, kind.target, row.id, loaded)
          : loaded;
        const admin = await adminNamed(tx, row.scheduleBy);
        const verb = action === 'publish' ? 'Published' : 'Unpublished';
        await record(tx, {
          target: kind.target,
          entityType: kind.noun,
          entityId: row.id,
          action,
          summary: `${verb} ${kind.noun} '${row.title}' ${SCHEDULE_TEXTS.bySchedule}`,
          path: kind.path(row.id),
          admin,
          before,
          after,
        });
        return { row, action, adminId: admin?.id };
      });
      if (!applied) return undefined;
      const { row, action, adminId } = applied;
      log.info({ entity: kind.noun, id: row.id, action }, 'scheduled change applied');
      await tell(adminId, scheduleNotice.record(kind.noun, action, row.title), kind.link);
      return { entity: kind.target.entity, id: row.id, action, status: 'applied' };
    } catch (err) {
      // Not found again in this run; the next run tries it again (the error may pass).
      if (lockedId === undefined) throw err;
      skip.add(lockedId);
      log.error({ err, entity: kind.noun, id: lockedId }, 'applying a scheduled change failed');
      return 'failed';
    }
  };

  /**
   * Applies the next due lineup under the lineups' lock: limits again (failed past them), each
   * item still there and publishable (else dropped and named), the live selection replaced.
   */
  const applyNextLineup = async (skip: Set<string>): Promise<AppliedChange | undefined> => {
    if (!(await anyDueLineup(db, now()))) return undefined;
    let locked: LineupRow | undefined;
    try {
      const outcome = await transaction(db, async (tx) => {
        await lockLineups(tx);
        const at = now();
        const lineup = await lockDueLineup(tx, at, skip);
        if (!lineup) return undefined;
        locked = lineup;
        const admin = await adminNamed(tx, lineup.createdBy);
        const { selection } = lineup;
        let plan: ReturnType<typeof planSelection>;
        try {
          plan = planSelection({
            trendingDestinations: selection.trendingDestinations.map((i) => i._id),
            tourPackages: selection.tourPackages.map((i) => ({
              _id: i._id,
              displayOrder: i.displayOrder,
            })),
            blogs: selection.blogs.map((i) => i._id),
          });
        } catch (err) {
          if (!(err instanceof ValidationError)) throw err;
          await finishLineup(tx, lineup.id, {
            status: 'failed',
            appliedAt: null,
            dropped: [],
            failureReason: err.message,
          });
          return { lineup, admin, failed: err.message };
        }
        const before = await HOMEPAGE_REVISIONS.load(tx, null);
        // An item whose own publish is due now stays (another scheduler may be applying it).
        const checked = await checkSelection(tx, plan, (item) => goesLiveBy(item, at));
        const names = new Map(
          [...selection.trendingDestinations, ...selection.tourPackages, ...selection.blogs].map(
            (i) => [i._id, i.name],
          ),
        );
        const dropped: DroppedItem[] = checked.refused.map((r) => ({
          kind: LIST_KIND[r.list],
          _id: r.id,
          name: r.name ?? names.get(r.id) ?? r.id,
          reason: r.reason ?? 'Deleted',
        }));
        await lockSettings(tx, selection.isActive, at);
        await replaceSelection(tx, {
          isActive: selection.isActive,
          placeIds: checked.places.map((p) => p.id),
          packages: checked.packages.map((p) => ({ id: p.id, displayOrder: p.displayOrder })),
          blogIds: checked.blogs.map((b) => b.id),
        });
        await bumpHomepageVersion(tx);
        const after = await HOMEPAGE_REVISIONS.load(tx, null);
        await record(tx, {
          target: HOMEPAGE_REVISIONS,
          entityType: 'homepage-settings',
          entityId: null,
          action: 'lineup',
          summary: `Updated homepage settings ${SCHEDULE_TEXTS.bySchedule}`,
          path: API_PATHS.homepageLineups.one(lineup.id),
          admin,
          before,
          after,
        });
        await finishLineup(tx, lineup.id, {
          status: 'applied',
          appliedAt: at,
          dropped,
          failureReason: null,
        });
        return { lineup, admin, dropped };
      });
      if (!outcome) return undefined;
      const { lineup, admin, failed } = outcome;
      if (failed !== undefined) {
        log.warn({ lineupId: lineup.id, reason: failed }, 'homepage lineup failed');
        await tell(admin?.id, scheduleNotice.lineupFailed(failed), LINKS.homepage);
        return { entity: 'homepage-settings', id: lineup.id, action: 'lineup', status: 'failed' };
      }
      log.info({ lineupId: lineup.id, dropped: outcome.dropped.length }, 'homepage lineup applied');
      await tell(admin?.id, scheduleNotice.lineupApplied(outcome.dropped), LINKS.homepage);
      return {
        entity: 'homepage-settings',
        id: lineup.id,
        action: 'lineup',
        status: 'applied',
        dropped: outcome.dropped,
      };
    } catch (err) {
      if (!locked) throw err;
      skip.add(locked.id);
      log.error({ err, lineupId: locked.id }, 'applying a homepage lineup failed');
      // A database that does not answer fails the marking too: the next run tries again.
      if (isDatabaseUnavailable(err)) return undefined;
      const failed = await finishLineup(db, locked.id, {
        status: 'failed',
        appliedAt: null,
        dropped: [],
        failureReason: LINEUP_ERROR_REASON,
      });
      if (!failed) return undefined;
      const admin = await adminNamed(db, locked.createdBy);
      await tell(admin?.id, scheduleNotice.lineupFailed(LINEUP_ERROR_REASON), LINKS.homepage);
      return { entity: 'homepage-settings', id: locked.id, action: 'lineup', status: 'failed' };
    }
  };

  const run = async (): Promise<AppliedChange[]> => {
    const results: AppliedChange[] = [];
    let budget = maxPerRun;
    for (const kind of RECORD_KINDS) {
      const skip = new Set<string>();
      while (budget > 0 && !stopping) {
        const outcome = await applyNextRecord(kind, skip);
        if (outcome === undefined) break;
        budget -= 1;
        if (outcome !== 'failed') results.push(outcome);
      }
    }
    const skip = new Set<string>();
    while (budget > 0 && !stopping) {
      // Undefined also after a database error: the lineup stays scheduled for the next run.
      const outcome = await applyNextLineup(skip);
      if (outcome === undefined) break;
      budget -= 1;
      results.push(outcome);
    }
    return results;
  };

  const runOnce = async (): Promise<AppliedChange[]> => {
    while (running) await running.catch(() => undefined);
    const current = run();
    running = current;
    try {
      return await current;
    } finally {
      if (running === current) running = undefined;
    }
  };

  const tick = () => {
    timer = undefined;
    if (stopping) return;
    runOnce()
      .catch((err: unknown) => log.error({ err }, 'content scheduler run failed'))
      .finally(() => {
        if (!stopping) {
          timer = setTimeout(tick, deps.intervalMs);
          timer.unref();
        }
      });
  };

  return {
    nodeId,
    start: () => {
      if (timer || stopping) return;
      timer = setTimeout(tick, 0);
      timer.unref();
    },
    stop: async () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      while (running) await running.catch(() => undefined);
    },
    runOnce,
  };
};
