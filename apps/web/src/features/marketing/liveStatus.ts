import { useEffect, useState } from 'react';
import type { ScheduledNotification } from '@safarnama/contract';

/** How often the list reloads while a listed notification is being sent or is about to be. */
export const LIVE_POLL_MS = 3_000;
/** A scheduled notification is watched from this long before its time… */
export const DUE_AHEAD_MS = 5 * 60_000;
/** …until this long after it (the server's poller claims it within seconds when it runs). */
export const DUE_BEHIND_MS = 15 * 60_000;
/** The longest single wait for a row to come due. */
const MAX_WAIT_MS = 60 * 60_000;

/**
 * How long from `now` until one of `rows` needs watching: 0 when one does already (it is sending,
 * or scheduled within the window around its time), a delay in ms until the soonest enters the
 * window, or null when none ever will.
 */
export const watchDelay = (
  rows: readonly Pick<ScheduledNotification, 'status' | 'scheduledAt'>[],
  now: number,
): number | null => {
  let soonest: number | null = null;
  for (const row of rows) {
    if (row.status === 'sending') return 0;
    if (row.status !== 'scheduled') continue;
    const at = new Date(row.scheduledAt).getTime();
    if (Number.isNaN(at) || now - at > DUE_BEHIND_MS) continue;
    const delay = at - DUE_AHEAD_MS - now;
    if (delay <= 0) return 0;
    soonest = soonest === null ? delay : Math.min(soonest, delay);
  }
  return soonest;
};

/**
 * The polling interval the list should use (RTK Query `pollingInterval`): `LIVE_POLL_MS` while a
 * row is sending or due soon, 0 otherwise. `loadedAt` is when the rows arrived (the query's
 * `fulfilledTimeStamp`); a timer wakes the page when the soonest row enters the window.
 */
export const useLivePolling = (
  rows: readonly Pick<ScheduledNotification, 'status' | 'scheduledAt'>[],
  loadedAt: number | undefined,
): number => {
  const [wokeAt, setWokeAt] = useState(0);
  const now = Math.max(loadedAt ?? 0, wokeAt);
  const delay = now > 0 ? watchDelay(rows, now) : null;
  useEffect(() => {
    if (delay === null || delay <= 0) return undefined;
    // A long wait is taken in steps: timers past 2^31 ms fire at once.
    const timer = setTimeout(
      () => {
        setWokeAt(Date.now());
      },
      Math.min(delay, MAX_WAIT_MS),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [delay]);
  return delay === 0 ? LIVE_POLL_MS : 0;
};
