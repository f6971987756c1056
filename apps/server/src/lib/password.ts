import { availableParallelism } from 'node:os';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { createLimiter } from '../media/limit.js';

/** `Algorithm.Argon2id` (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * argon2id, 46 MiB, 1 pass, 1 lane: OWASP's first recommended argon2id configuration (m=47104,
 * t=1, p=1; RFC 9106 also recommends t=1 and spends the cost on memory, which is what a GPU
 * attacker pays for). Measured on the 2-core benchmark machine: 16 ms per verify one at a time,
 * 10 ms each when several run, so ten sign-ins arriving together are all answered in about
 * 150 ms — PERFORMANCE.md's login budget is p95 <= 250 ms at 10 connections. The earlier
 * 64 MiB × 5 passes took 80–115 ms per verify, and because a 64 MiB verify is bound by memory
 * bandwidth, running two at once did not make it faster: ten sign-ins at once waited 1.3 s (see
 * ARCHITECTURE.md, "Performance work"). Stored hashes carry their own parameters: verify reads
 * them, and a sign-in with a hash made under other parameters re-hashes the password under these
 * ({@link PasswordHasher.needsRehash}).
 */
export const ARGON2_PARAMS: Argon2Params = { memoryCost: 47_104, timeCost: 1, parallelism: 1 };

/**
 * How many hashes run at once: one per core, but never every thread of libuv's pool (4 unless
 * UV_THREADPOOL_SIZE says otherwise), which file I/O and sharp also need. At 46 MiB, hashes in
 * parallel do scale (2-core machine: 16 ms per verify one at a time, 10 ms each four at a time);
 * the former 64 MiB × 5 passes was bound by memory bandwidth and gained nothing, so it ran one at
 * a time. Ten sign-ins at once: p95 199 ms with two at a time, 243 ms one at a time, and
 * `/api/health` at 200 req/s meanwhile keeps a p99 of 7 ms (bench, issue 11). Sign-ins beyond the
 * limit wait their turn, in arrival order.
 */
export const HASH_CONCURRENCY = Math.max(
  1,
  Math.min(availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE || 4) - 1),
);

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Never throws for a malformed hash: it answers false. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** True when a stored hash was not made with this hasher's algorithm and parameters. */
  needsRehash(passwordHash: string): boolean;
}

/** The algorithm and parameters of a PHC-format argon2 hash (`$argon2id$v=19$m=…,t=…,p=…$…`). */
const PHC = /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$/;

const hashMadeWith = (passwordHash: string, params: Argon2Params): boolean => {
  const match = PHC.exec(passwordHash);
  return (
    !!match &&
    match[1] === 'argon2id' &&
    match[2] === '19' &&
    Number(match[3]) === params.memoryCost &&
    Number(match[4]) === params.timeCost &&
    Number(match[5]) === params.parallelism
  );
};

export interface PasswordHasherOptions {
  /** Hashes in flight at most (default {@link HASH_CONCURRENCY}). */
  concurrency?: number;
  /** The argon2 implementation (tests observe the limit through it). */
  argon2?: {
    hash: (password: string, options: Argon2Params & { algorithm: Algorithm }) => Promise<string>;
    verify: (passwordHash: string, password: string) => Promise<boolean>;
  };
}

/**
 * Runs on libuv's thread pool (async), so hashing never blocks the event loop; at most
 * `concurrency` at once.
 */
export const createPasswordHasher = (
  params: Argon2Params = ARGON2_PARAMS,
  { concurrency = HASH_CONCURRENCY, argon2 = { hash, verify } }: PasswordHasherOptions = {},
): PasswordHasher => {
  const run = createLimiter(concurrency);
  return {
    hash: (password) => run(() => argon2.hash(password, { algorithm: ARGON2ID, ...params })),
    verify: (passwordHash, password) =>
      run(async () => {
        try {
          return await argon2.verify(passwordHash, password);
        } catch {
          return false;
        }
      }),
    needsRehash: (passwordHash) => !hashMadeWith(passwordHash, params),
  };
};
