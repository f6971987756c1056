import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { uuidv7 } from 'uuidv7';
import {
  MARKETING_CHANNELS,
  marketingFinishedText,
  type MarketingChannel,
  type ScheduledStatus,
} from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import type { NotificationService } from '../notifications/notifications.service.js';
import type { DeliveryOutcome, Deliverers, MarketingContent, ChannelSenders } from './deliver.js';
import {
  claimDelivery,
  claimNextDue,
  deliveryCounts,
  failInterrupted,
  findScheduled,
  finishDelivery,
  finishScheduled,
  sendingCount,
  insertDeliveries,
  pendingDeliveries,
  refreshClaim,
  releaseClaim,
  writeCounts,
  type ChannelCounts,
  type ScheduledRow,
} from './marketing.repo.js';
import { allRecipients } from './recipients.js';

/**
 * The poller of scheduled marketing notifications (DESIGN §7, SECURITY case 20): each due
 * notification is sent once per recipient, across several server processes and across a crash.
 *
 * - **Claim**: one statement moves the next due row to 'sending' with this node's id and time
 *   (`FOR UPDATE SKIP LOCKED`, see `claimNextDue`); a 'sending' row whose claim is older than
 *   `staleAfterMs` belonged to a node that died and is taken over.
 * - **Heartbeat**: while sending, the claim time is refreshed every `staleAfterMs / 4`, so a slow
 *   but alive node keeps its row; a node that finds its claim gone (taken over) stops.
 * - **Deliveries**: one row per (notification, channel, recipient), inserted with ON CONFLICT DO
 *   NOTHING (a resume keeps the existing rows). Each is claimed pending → sending by one atomic
 *   UPDATE before its send and marked sent/failed after, so no two pollers send the same one.
 *   Rows a dead node left in 'sending' are failed, never sent again: a duplicate message is worse
 *   than a missing one.
 * - **Counts** per channel go to the row after each batch and at the end; the final status is
 *   sent / partially_failed / failed (nothing delivered, or no recipient at all), and the admin
 *   who scheduled it gets an in-app notification.
 */

export interface SchedulerLog {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface SchedulerDeps {
  db: Database;
  now: () => Date;
  /** This process, e.g. `host:pid:random` (written as `claimed_by`). */
  nodeId: string;
  /** Pause between runs of the timer (`start()`); runs never overlap. */
  intervalMs: number;
  /** A claim older than this is a dead node's (default 2 minutes). */
  staleAfterMs?: number;
  /** Deliveries read and sent per batch (default 50); counts are written after each. */
  batchSize?: number;
  /** Messages in flight at once (default 5). */
  concurrency?: number;
  /** Most notifications one run sends (default 20); the rest wait for the next run. */
  maxPerRun?: number;
  /**
   * Before finishing, how long to wait for deliveries another node is still sending (it held
   * the notification before this node took it over); default 15 s, past a provider's time-out.
   */
  inFlightWaitMs?: number;
  deliver: Deliverers;
  notifications: Pick<NotificationService, 'notify'>;
  log: SchedulerLog;
}

export interface RunResult {
  id: string;
  status: ScheduledStatus;
  counts: ChannelCounts;
}

export interface Scheduler {
  readonly nodeId: string;
  /** Starts the timer (first run right away). */
  start(): void;
  /** Stops claiming, ends the current notification after its batch, waits for the run. */
  stop(): Promise<void>;
  /** One run: claims and sends due notifications until none is left (tests call this). */
  runOnce(): Promise<RunResult[]>;
}

export const DEFAULT_STALE_AFTER_MS = 120_000;

/** `host:pid:random`: unique per process, readable in `claimed_by` and the logs. */
export const schedulerNodeId = (): string =>
  `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** The final status of a notification from its totals. */
export const finalStatus = (totals: { sent: number; failed: number }): ScheduledStatus => {
  if (totals.sent > 0 && totals.failed === 0) return 'sent';
  if (totals.sent > 0) return 'partially_failed';
  return 'failed';
};

/** Runs `work` over `items`, at most `limit` at once; once `halt()` holds, starts no more. */
const eachLimited = async <T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  halt: () => boolean,
): Promise<void> => {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length && !halt()) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
};

export const createScheduler = (deps: SchedulerDeps): Scheduler => {
  const {
    db,
    now,
    nodeId,
    deliver,
    notifications,
    log,
    staleAfterMs = DEFAULT_STALE_AFTER_MS,
    batchSize = 50,
    concurrency = 5,
    maxPerRun = 20,
    inFlightWaitMs = 15_000,
  } = deps;

  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RunResult[]> | undefined;

  const countsOf = async (notification: ScheduledRow): Promise<ChannelCounts> => {
    const counts: ChannelCounts = {};
    for (const channel of MARKETING_CHANNELS) {
      if (notification.channels.includes(channel)) counts[channel] = { sent: 0, failed: 0 };
    }
    for (const { channel, status, n } of await deliveryCounts(db, notification.id)) {
      const entry = (counts[channel] ??= { sent: 0, failed: 0 });
      if (status === 'sent') entry.sent += n;
      else entry.failed += n;
    }
    return counts;
  };

  /** One delivery: claimed for its single send, sent, marked. */
  const sendOne = async (
    delivery: { id: string; channel: MarketingChannel; recipient: string },
    senders: ChannelSenders,
    content: MarketingContent,
  ): Promise<void> => {
    if (!(await claimDelivery(db, delivery.id, now()))) return; // another poller has it
    let outcome: DeliveryOutcome;
    try {
      outcome = await senders[delivery.channel](delivery.recipient, content);
    } catch (err) {
      outcome = { ok: false, error: err instanceof Error ? err.message.slice(0, 500) : 'failed' };
    }
    await finishDelivery(
      db,
      delivery.id,
      outcome.ok ? { status: 'sent', error: null } : { status: 'failed', error: outcome.error },
      now(),
    );
  };

  /**
   * Sends one claimed notification to the end (or until the claim is lost or the scheduler
   * stops). Answers the result when this node finished it.
   */
  const sendNotification = async (claimed: ScheduledRow): Promise<RunResult | undefined> => {
    const id = claimed.id;
    let lost = false;
    const heartbeat = setInterval(
      () => {
        refreshClaim(db, id, nodeId, now())
          .then((held) => {
            if (!held) lost = true;
          })
          .catch((err: unknown) => log.error({ err, notificationId: id }, 'claim refresh failed'));
      },
      Math.max(50, Math.floor(staleAfterMs / 4)),
    );
    heartbeat.unref();
    try {
      const interrupted = await failInterrupted(db, id, now());
      if (interrupted > 0) {
        log.warn(
          { notificationId: id, interrupted },
          'resumed a scheduled notification: interrupted deliveries failed, not repeated',
        );
      }
      const recipients = await allRecipients(db, claimed);
      await insertDeliveries(
        db,
        recipients.map((r) => ({ id: uuidv7(), notificationId: id, ...r })),
      );
      const found = await findScheduled(db, id);
      if (!found) return undefined; // deleted meanwhile: nothing to do
      const content = deliver.content(found.row, found.image);
      const senders = await deliver.open();

      let afterId: string | null = null;
      for (;;) {
        if (lost || stopping) break;
        const batch = await pendingDeliveries(db, id, afterId, batchSize);
        if (batch.length === 0) break;
        afterId = batch[batch.length - 1]?.id ?? afterId;
        // A stop waits for the sends in flight only; the rest stay pending for the resume.
        await eachLimited(
          batch,
          concurrency,
          (delivery) => sendOne(delivery, senders, content),
          () => stopping,
        );
        if (!(await writeCounts(db, id, nodeId, await countsOf(claimed)))) lost = true;
      }
      if (lost) {
        log.warn({ notificationId: id }, 'scheduled notification taken over by another node');
        return undefined;
      }
      if (stopping) {
        await releaseClaim(db, id, nodeId);
        log.info({ notificationId: id }, 'stopping: scheduled notification left to resume');
        return undefined;
      }
      // A node that held the notification before may still be finishing a send: the final
      // counts wait for it (briefly), and what is still open then is recorded as interrupted.
      const waitUntil = Date.now() + inFlightWaitMs;
      while ((await sendingCount(db, id)) > 0 && Date.now() < waitUntil) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await failInterrupted(db, id, now());
      const counts = await countsOf(claimed);
      const totals = Object.values(counts).reduce(
        (sum, c) => ({ sent: sum.sent + c.sent, failed: sum.failed + c.failed }),
        { sent: 0, failed: 0 },
      );
      const status = finalStatus(totals);
      const finished = await finishScheduled(db, id, nodeId, { status, counts, sentAt: now() });
      if (!finished) {
        log.warn({ notificationId: id }, 'scheduled notification taken over before it finished');
        return undefined;
      }
      log.info({ notificationId: id, status, counts }, 'scheduled notification finished');
      if (finished.createdById) {
        try {
          await notifications.notify([finished.createdById], {
            type: 'marketing',
            ...marketingFinishedText(finished.title, status, totals),
            link: '/marketing/notification',
          });
        } catch (err) {
          log.error({ err, notificationId: id }, 'could not notify the admin who scheduled it');
        }
      }
      return { id, status, counts };
    } finally {
      clearInterval(heartbeat);
    }
  };

  const run = async (): Promise<RunResult[]> => {
    const results: RunResult[] = [];
    for (let i = 0; i < maxPerRun && !stopping; i++) {
      const at = now();
      const claimed = await claimNextDue(db, {
        now: at,
        nodeId,
        staleBefore: new Date(at.getTime() - staleAfterMs),
      });
      if (!claimed) break;
      try {
        const result = await sendNotification(claimed);
        if (result) results.push(result);
      } catch (err) {
        // The claim stays: after `staleAfterMs` a node (this one too) resumes it.
        log.error({ err, notificationId: claimed.id }, 'sending a scheduled notification failed');
      }
    }
    return results;
  };

  const runOnce = async (): Promise<RunResult[]> => {
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
      .catch((err: unknown) => log.error({ err }, 'scheduler run failed'))
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
