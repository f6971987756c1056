import { describe, expect, it } from 'vitest';
import type { ScheduledStatus } from '@safarnama/contract';
import { DUE_AHEAD_MS, DUE_BEHIND_MS, watchDelay } from './liveStatus';

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const row = (status: ScheduledStatus, offsetMs: number) => ({
  status,
  scheduledAt: new Date(NOW + offsetMs).toISOString(),
});

describe('watchDelay', () => {
  it('watches at once while one is sending or due within the window', () => {
    expect(watchDelay([row('sent', -1000), row('sending', -60_000)], NOW)).toBe(0);
    expect(watchDelay([row('scheduled', 8_000)], NOW)).toBe(0);
    expect(watchDelay([row('scheduled', DUE_AHEAD_MS)], NOW)).toBe(0);
    // Overdue but not for long: the server's poller is about to claim it.
    expect(watchDelay([row('scheduled', -60_000)], NOW)).toBe(0);
  });

  it('waits until the soonest scheduled one enters the window', () => {
    expect(
      watchDelay(
        [row('scheduled', DUE_AHEAD_MS + 90_000), row('scheduled', DUE_AHEAD_MS + 30_000)],
        NOW,
      ),
    ).toBe(30_000);
  });

  it('never watches finished, cancelled or long-overdue ones', () => {
    expect(watchDelay([], NOW)).toBeNull();
    expect(
      watchDelay(
        [
          row('sent', 1000),
          row('failed', 1000),
          row('partially_failed', 1000),
          row('cancelled', 1000),
          row('scheduled', -DUE_BEHIND_MS - 1000),
        ],
        NOW,
      ),
    ).toBeNull();
  });
});
