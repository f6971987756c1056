import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ARGON2_PARAMS, HASH_CONCURRENCY, createPasswordHasher } from './password.js';

describe('password hasher', () => {
  it('hashes and verifies with argon2id, and answers false for a malformed hash', async () => {
    const hasher = createPasswordHasher({ memoryCost: 8192, timeCost: 1, parallelism: 1 });
    const stored = await hasher.hash('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await hasher.verify(stored, 'correct horse battery staple')).toBe(true);
    expect(await hasher.verify(stored, 'wrong')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'wrong')).toBe(false);
  });

  it('knows a hash made under other parameters or another algorithm', async () => {
    const light = { memoryCost: 8192, timeCost: 1, parallelism: 1 };
    const hasher = createPasswordHasher(light);
    const stored = await hasher.hash('correct horse battery staple');
    expect(hasher.needsRehash(stored)).toBe(false);
    expect(createPasswordHasher({ ...light, timeCost: 2 }).needsRehash(stored)).toBe(true);
    expect(createPasswordHasher({ ...light, memoryCost: 16384 }).needsRehash(stored)).toBe(true);
    expect(createPasswordHasher(ARGON2_PARAMS).needsRehash(stored)).toBe(true);
    expect(hasher.needsRehash(stored.replace('$argon2id$', '$argon2i$'))).toBe(true);
    expect(hasher.needsRehash('not-a-hash')).toBe(true);
  });

  it('runs at most `concurrency` hashes at once, the others in arrival order', async () => {
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const slow = async (label: string) => {
      running += 1;
      most = Math.max(most, running);
      order.push(label);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    };
    const hasher = createPasswordHasher(
      { memoryCost: 8192, timeCost: 1, parallelism: 1 },
      {
        concurrency: 2,
        argon2: {
          hash: async (password) => {
            await slow(password);
            return `hash:${password}`;
          },
          verify: async (_hash, password) => {
            await slow(password);
            return true;
          },
        },
      },
    );
    const labels = ['a', 'b', 'c', 'd', 'e', 'f'];
    await Promise.all(
      labels.map((label, i) => (i % 2 ? hasher.verify('x', label) : hasher.hash(label))),
    );
    expect(most).toBe(2);
    expect(order).toEqual(labels);
  });

  it('runs one hash per core at most, and leaves a thread of the pool free', () => {
    expect(HASH_CONCURRENCY).toBeGreaterThanOrEqual(1);
    expect(HASH_CONCURRENCY).toBeLessThanOrEqual(Math.max(1, availableParallelism()));
    expect(HASH_CONCURRENCY).toBeLessThan(Math.max(2, Number(process.env.UV_THREADPOOL_SIZE || 4)));
  });
});
