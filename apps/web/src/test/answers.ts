import { vi } from 'vitest';

/**
 * `TEST_ANSWER_DELAY_MS=50 npm test -w apps/web` answers every stubbed request (`test/utils.tsx`
 * `stubFetch`, `stubXhr`) that much later than the stub's handler gives it, except under fake
 * timers: a slow network, which shows a test acting before what it needs has arrived (a button
 * still disabled, a select without its options) as a failure every time instead of once in a
 * while on a busy machine. This module imports nothing of the app, so `test/setup.ts` can load it
 * before any test's mocks.
 */
const ANSWER_DELAY_MS = Number(process.env.TEST_ANSWER_DELAY_MS ?? 0);
let testRun = 0;

export const answerDelay = async () => {
  if (ANSWER_DELAY_MS > 0 && !vi.isFakeTimers()) {
    const run = testRun;
    await new Promise((resolve) => setTimeout(resolve, ANSWER_DELAY_MS));
    // An answer due after its test has ended never comes (a closed tab): handled by that test's
    // store, it would clear the session storage the next test has set up.
    if (run !== testRun) await new Promise(() => undefined);
  }
};

/** The test has ended: its delayed answers still on the way are dropped. */
export const endStubbedAnswers = () => {
  testRun += 1;
};
