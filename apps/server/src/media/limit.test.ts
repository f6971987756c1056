import { describe, expect, it } from 'vitest';
import { createLimiter, untilFirstFailure } from './limit.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('limiter', () => {
  it('runs at most `max` tasks at once, the rest in arrival order', async () => {
    const run = createLimiter(2);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const done = gates.map((gate, i) =>
      run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]?.resolve();
    await expect(done[1]).resolves.toBe(1);
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.resolve();
    gates[2]?.resolve();
    await expect(Promise.all(done)).resolves.toEqual([0, 1, 2]);
  });

  it('untilFirstFailure: jobs still waiting when one fails are not run, other work goes on', async () => {
    const shared = createLimiter(1);
    const upload = untilFirstFailure(shared);
    const other = untilFirstFailure(shared);
    const ran: string[] = [];
    const refused = new Error('truncated');
    const first = upload(async () => {
      ran.push('first');
      await Promise.resolve();
      throw refused;
    });
    const waiting = [1, 2].map((n) =>
      upload(async () => {
        ran.push(`waiting ${String(n)}`);
        return n;
      }),
    );
    const unrelated = other(async () => {
      ran.push('other upload');
      return 'ok';
    });
    await expect(first).rejects.toBe(refused);
    await expect(waiting[0]).rejects.toBe(refused);
    await expect(waiting[1]).rejects.toBe(refused);
    await expect(unrelated).resolves.toBe('ok');
    expect(ran).toEqual(['first', 'other upload']);
    // The slot was given back each time: the limiter still runs work.
    await expect(shared(() => Promise.resolve('free'))).resolves.toBe('free');
  });
});
