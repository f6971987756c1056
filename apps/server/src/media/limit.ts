/**
 * A counting semaphore: at most `max` tasks run at once, the rest wait in arrival order. Used to
 * cap how many sharp pipelines are in flight, so image work never takes every libuv thread (file
 * I/O, argon2 and DNS share that pool) nor both CPU cores.
 */
export const createLimiter = (max: number) => {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    active -= 1;
    const next = waiting.shift();
    if (next) {
      active += 1;
      next();
    }
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
};
export type Limiter = ReturnType<typeof createLimiter>;

/**
 * The jobs of one piece of work on a shared limiter that stop at its first failure: a job still
 * waiting for a slot when another has failed is not run (it fails with that error), so a file
 * refused halfway through (an animation with a corrupt frame fails in each variant's pipeline)
 * does not keep the slots the other uploads are waiting for.
 */
export const untilFirstFailure = (run: Limiter): Limiter => {
  let failure: { error: unknown } | null = null;
  return <T>(task: () => Promise<T>) =>
    run(async () => {
      if (failure) throw failure.error;
      try {
        return await task();
      } catch (error) {
        failure ??= { error };
        throw error;
      }
    });
};
