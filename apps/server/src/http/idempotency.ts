import { createHash, type Hash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_MESSAGES as M,
  IDEMPOTENCY_REPLAYED_HEADER,
  IDEMPOTENCY_TTL_MS,
  type RouteAccess,
} from '@safarnama/contract';
import type { Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { BadRequest, Conflict, IdempotencyMismatch, PayloadTooLarge } from './errors.js';

/**
 * `Idempotency-Key` on creates (issue 10; contract idempotency.ts). A route is a create when its
 * schema answers 201. The first request with a key claims it (a row with no answer yet) and its
 * body is hashed while the handler reads it; a 2xx answer is then stored with the hash, any other
 * answer frees the key. A repeat reads and hashes its body here, before any handler runs: same
 * route and hash → the stored answer again; else 422. A claim left by a request that died (no
 * answer after `STALE_MS`) may be taken over. Multipart bodies are hashed with their boundary
 * replaced, so the same form sent twice (new random boundary) is the same request.
 */
const STALE_MS = 2 * 60_000;
/** A repeat's body is read to compare it; more than this is not a request we answered. */
const MAX_REPEAT_BYTES = 220 * 1024 * 1024;
const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

interface IdempotencyState {
  rowId: string;
  hash: BodyHash;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotencyState | null;
  }
  interface FastifySchema {
    /**
     * `false`: a create whose answer must never be stored — it carries a secret given out once
     * (a share link's token, issue 22). It does not honour `Idempotency-Key` (nor document it); a
     * retried create makes a second, harmless record.
     */
    idempotency?: false;
  }
}

/** SHA-256 of a body, with every occurrence of `boundary` (multipart) replaced by a constant. */
class BodyHash {
  private readonly hash: Hash = createHash('sha256');
  private tail = Buffer.alloc(0);
  constructor(private readonly boundary: Buffer | null) {}

  update(chunk: Buffer): void {
    if (!this.boundary) {
      this.hash.update(chunk);
      return;
    }
    const data = Buffer.concat([this.tail, chunk]);
    const parts: Buffer[] = [];
    let from = 0;
    for (let at = data.indexOf(this.boundary); at !== -1; at = data.indexOf(this.boundary, from)) {
      parts.push(data.subarray(from, at), Buffer.from('\u0000boundary\u0000'));
      from = at + this.boundary.length;
    }
    // Keep what could be the start of a boundary split across chunks.
    const keep = Math.max(from, data.length - (this.boundary.length - 1));
    parts.push(data.subarray(from, keep));
    this.tail = Buffer.from(data.subarray(keep));
    for (const part of parts) this.hash.update(part);
  }

  digest(): string {
    this.hash.update(this.tail);
    this.tail = Buffer.alloc(0);
    return this.hash.digest('hex');
  }
}

const boundaryOf = (request: FastifyRequest): Buffer | null => {
  const type = request.headers['content-type'] ?? '';
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const boundary = match?.[1] ?? match?.[2];
  return boundary ? Buffer.from(`--${boundary}`) : null;
};

/**
 * Whether a route honours `Idempotency-Key`: a create (a POST whose schema answers 201) that needs
 * a session (keys belong to the signed-in admin), unless its schema says `idempotency: false`. The hook below and the OpenAPI document
 * (docs.ts) both use this rule.
 */
export const honoursIdempotencyKey = (
  method: string,
  schema: FastifySchema | undefined,
  access: RouteAccess | undefined,
): boolean => {
  const response = schema?.response as Record<string, unknown> | undefined;
  if (schema?.idempotency === false) return false;
  return access !== 'public' && method === 'POST' && Boolean(response && '201' in response);
};

const isCreate = (request: FastifyRequest): boolean =>
  honoursIdempotencyKey(
    request.method,
    request.routeOptions.schema,
    request.routeOptions.config.access,
  );

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;

const readAll = async (payload: Readable, hash: BodyHash): Promise<void> => {
  let size = 0;
  for await (const chunk of payload) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > MAX_REPEAT_BYTES) throw new PayloadTooLarge();
    hash.update(buffer);
  }
};

/** Passes the body through unchanged, feeding the hash. */
const hashingTap = (hash: BodyHash, source: Readable): Transform => {
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  source.on('error', (err) => tap.destroy(err));
  return tap;
};

const replay = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .header(IDEMPOTENCY_REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(body);

export const registerIdempotency = (
  app: FastifyInstance,
  { db, now }: { db: Database; now: () => Date },
) => {
  app.decorateRequest('idempotency', null);

  // After the guards (it needs request.auth) and before the body is parsed.
  app.addHook('preParsing', async (request, reply, payload) => {
    request.idempotency = null;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !request.auth || !isCreate(request)) return payload;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) throw new BadRequest(M.invalidKey);

    const adminId = request.auth.admin.id;
    const route = routeOf(request);
    const at = now();
    const mine = and(eq(idempotencyKeys.adminId, adminId), eq(idempotencyKeys.key, key));
    // An expired key is forgotten; now and then the expired keys of everyone go too.
    await db.delete(idempotencyKeys).where(and(mine, lt(idempotencyKeys.expiresAt, at)));
    if (Math.random() < 0.01) {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, at));
    }

    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({
        adminId,
        key,
        route,
        requestHash: '',
        createdAt: at,
        expiresAt: new Date(at.getTime() + IDEMPOTENCY_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    let rowId = claimed?.id;

    if (!rowId) {
      const [row] = await db.select().from(idempotencyKeys).where(mine).limit(1);
      if (!row) throw new Conflict(M.inProgress); // freed in between: the client may retry
      if (row.responseStatus === null || row.responseBody === null) {
        if (at.getTime() - row.createdAt.getTime() < STALE_MS) throw new Conflict(M.inProgress);
        // The first request died without an answer: this one takes the key over.
        const [taken] = await db
          .update(idempotencyKeys)
          .set({ route, createdAt: at })
          .where(
            and(
              eq(idempotencyKeys.id, row.id),
              sql`${idempotencyKeys.responseStatus} is null`,
              eq(idempotencyKeys.createdAt, row.createdAt),
            ),
          )
          .returning({ id: idempotencyKeys.id });
        if (!taken) throw new Conflict(M.inProgress);
        rowId = taken.id;
      } else {
        const hash = new BodyHash(boundaryOf(request));
        await readAll(payload, hash);
        if (row.route !== route || row.requestHash !== hash.digest()) {
          throw new IdempotencyMismatch(M.mismatch);
        }
        await replay(reply, row.responseStatus, row.responseBody);
        return reply;
      }
    }

    const hash = new BodyHash(boundaryOf(request));
    request.idempotency = { rowId, hash };
    const raw = request.raw;
    if (payload === raw && /^multipart\/form-data/i.test(request.headers['content-type'] ?? '')) {
      // @fastify/multipart reads `request.raw` itself (`raw.pipe(busboy)`), not this hook's
      // stream: the tap goes in between there.
      const pipe = raw.pipe.bind(raw);
      raw.pipe = (<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }) =>
        pipe(hashingTap(hash, raw)).pipe(destination, options)) as typeof raw.pipe;
      return payload;
    }
    return payload.pipe(hashingTap(hash, payload));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.idempotency;
    if (!state) return payload;
    request.idempotency = null;
    // The serializer sends a long answer as UTF-8 bytes (http/serializer.ts); stored as text.
    const answer = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
    const ok = reply.statusCode >= 200 && reply.statusCode < 300 && typeof answer === 'string';
    if (ok) {
      await db
        .update(idempotencyKeys)
        .set({
          requestHash: state.hash.digest(),
          responseStatus: reply.statusCode,
          responseBody: answer,
        })
        .where(eq(idempotencyKeys.id, state.rowId));
    } else {
      // Nothing was created: the same key may be used again (with a corrected request).
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, state.rowId));
    }
    return payload;
  });
};
