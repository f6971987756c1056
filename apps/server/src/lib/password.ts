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
 * argon2id, 64 MiB, 5 passes, 1 lane: about 70 ms per verify on the 2-core CI machine (measured:
 * t=3 45 ms, t=4 57 ms, t=5 70 ms; 110–120 ms on the benchmark's machine). Above the OWASP minimum (19 MiB, t=2) and inside the 50–150 ms
 * budget, so a guess costs real work while a sign-in stays quick. Stored hashes carry their own
 * parameters, so raising these later only affects new hashes.
 */
export const ARGON2_PARAMS: Argon2Params = { memoryCost: 65_536, timeCost: 5, parallelism: 1 };

/**
 * How many hashes run at once: half the cores (at least one), and never every thread of libuv's
 * pool (4 unless UV_THREADPOOL_SIZE says otherwise), which file I/O also needs. A verify streams
 * 64 MiB through the memory system several times, so hashes in parallel mostly fight over memory
 * bandwidth and cache: on the 2-core machine, 20 verifies took 2.2 s one at a time (9/s), 2.6–3.1 s
 * two at a time and 3.4–4.3 s four at a time. Sign-ins beyond the limit wait their turn (in
 * arrival order), and a core stays free for the event loop.
 */
export const HASH_CONCURRENCY = Math.max(
  1,
  Math.min(Math.floor(availableParallelism() / 2), Number(process.env.UV_THREADPOOL_SIZE || 4) - 1),
);

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Never throws for a malformed hash: it answers false. */
  verify(passwordHash: string, password: string): Promise<boolean>;
}

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
  };
};
