import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeParse, type ZodType } from 'zod';

/**
 * From this many characters an answer is encoded to UTF-8 once, here, and sent as bytes. A text
 * with any character past U+00FF (an en dash, a ’, ₹, Devanagari: the itinerary list's 10 rows
 * have ~30 in 65 KB) is a two-byte string in V8, and Node sends a string body by measuring its
 * UTF-8 length (Fastify's `content-length`), joining it to the header and encoding it into the
 * socket write: ~0.5 ms of the event loop for 85 KB, against ~0.28 ms for the same answer as a
 * `Buffer` (`Buffer.from` is one SIMD pass; the header and the bytes go out in one `writev`).
 * Measured on a bare `node:http` server (2026-12-07): 85 KB, 710 → 491 µs per request; one-byte
 * text of that size and answers of 8 KB or less cost the same either way (a short string is a
 * little cheaper as it is).
 */
export const ENCODE_FROM_CHARS = 16 * 1024;

/**
 * Every answer's serializer (app.ts `setSerializerCompiler`): the route's zod response schema
 * checks the answer and strips what it does not declare (CONVENTIONS: hashes and secrets never
 * leave), then `JSON.stringify`. The type provider's own compiler does the same through
 * `safeEncode`, which runs every schema that has checks twice in that direction (a first pass
 * without checks, then the checked one, for codecs); no response schema has a codec, a transform
 * or a catch (`serializer.test.ts` walks them all), so a forward `safeParse` gives the same answer
 * for half the work, but for a field absent where its schema has a default, now written with it
 * as its type promises: the itinerary list's page of 10 (45 KB) went from ~107 to ~54 µs of the
 * event loop, measured. A schema that does not match is a `ResponseSerializationError`, a 500
 * logged by the error handler, as before. A long answer leaves as UTF-8 bytes
 * ({@link ENCODE_FROM_CHARS}); Fastify sends a `Buffer` payload as it is (its type for a
 * serializer says string only, hence the cast where the compiler is set).
 */
export const responseSerializerCompiler =
  ({ schema, method, url }: Parameters<FastifySerializerCompiler<ZodType>>[0]) =>
  (data: unknown): string | Buffer => {
    const result = safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    const json = JSON.stringify(result.data);
    return json.length >= ENCODE_FROM_CHARS ? Buffer.from(json) : json;
  };

/** What Fastify's `setSerializerCompiler` takes: a `Buffer` answer is sent as it is. */
export const answerSerializerCompiler =
  responseSerializerCompiler as unknown as FastifySerializerCompiler<ZodType>;
