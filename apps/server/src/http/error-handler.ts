import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope, FieldError } from '@safarnama/contract';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isStorageFault } from '../db/errors.js';
import { AppError, MESSAGES, NotFound } from './errors.js';

interface ZodIssueParams {
  keys?: unknown;
}

/**
 * Field paths are relative to the payload inside `data` (`email`, `location.address.city`); for
 * the query string, params and headers they are the key itself. An unknown key is reported at
 * its own path with the message 'Unknown field'.
 */
const toFieldErrors = (
  validation: { instancePath: string; message?: string; keyword: string; params: ZodIssueParams }[],
  context: string | undefined,
): FieldError[] =>
  validation.flatMap((issue) => {
    const segments = issue.instancePath.split('/').filter(Boolean);
    const isBody = context === 'body';
    const base = (isBody && segments[0] === 'data' ? segments.slice(1) : segments).join('.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      return issue.params.keys.map((key) => ({
        path: [base, String(key)].filter(Boolean).join('.'),
        message: 'Unknown field',
      }));
    }
    // A problem with the body as a whole (missing, not an object) or with the wrapper: `data`.
    return [
      {
        path: base || (isBody ? 'data' : (context ?? 'request')),
        message: issue.message ?? 'Invalid value',
      },
    ];
  });

/**
 * What an error may show in a log line: a failed query's statement and its driver's message and
 * code, never its parameters (drizzle's `DrizzleQueryError` carries them in `params` and in its
 * message; they can hold what an admin typed, e-mails, hashes). Other errors go as they are. The
 * app's logger serializes every `err` through this (app.ts), so no call site can forget it.
 */
export const loggableError = (err: unknown): unknown => {
  if (!(err instanceof Error) || !('params' in err)) return err;
  const cause = err.cause instanceof Error ? err.cause : undefined;
  const safe = new Error(err.message.split('\nparams:')[0]);
  safe.name = err.name;
  const frames = (err.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  if (cause) {
    // The driver's message can quote a value ('invalid input syntax …: "<value>"', a key's
    // DETAIL): only its identifying fields go out.
    const { code, routine, table, column, constraint } = cause as unknown as Record<
      string,
      unknown
    >;
    safe.message = `${safe.message} (${String(code ?? cause.name)})`;
    safe.cause = { name: cause.name, code, routine, table, column, constraint };
  }
  return safe;
};

const send = (reply: FastifyReply, envelope: ErrorEnvelope, headers: Record<string, string> = {}) =>
  reply
    .code(envelope.status)
    .headers(headers)
    .type('application/json; charset=utf-8')
    .send(envelope);

const fromAppError = (err: AppError): ErrorEnvelope => ({
  status: err.status,
  success: false,
  message: err.message,
  code: err.code,
  ...(err.details ? { details: err.details } : {}),
  ...(err.data === undefined ? {} : { data: err.data }),
});

/** Fastify's own 4xx errors, translated to the envelope with our wording. */
const FASTIFY_CODES: Record<string, () => ErrorEnvelope> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => ({
    status: 400,
    success: false,
    code: 'BAD_REQUEST',
    message: MESSAGES.malformedJson,
  }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ({
    status: 400,
    success: false,
    code: 'BAD_REQUEST',
    message: MESSAGES.malformedJson,
  }),
  FST_ERR_CTP_BODY_TOO_LARGE: () => ({
    status: 413,
    success: false,
    code: 'PAYLOAD_TOO_LARGE',
    message: MESSAGES.payloadTooLarge,
  }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => ({
    status: 415,
    success: false,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: MESSAGES.unsupportedMediaType,
  }),
};

export const errorEnvelopeFor = (
  err: FastifyError | Error,
  request: FastifyRequest,
): ErrorEnvelope => {
  if (err instanceof AppError) return fromAppError(err);
  if (hasZodFastifySchemaValidationErrors(err)) {
    return {
      status: 400,
      success: false,
      code: 'VALIDATION_ERROR',
      message: MESSAGES.validation,
      details: toFieldErrors(err.validation, err.validationContext),
    };
  }
  const code = (err as FastifyError).code;
  const known = code ? FASTIFY_CODES[code] : undefined;
  if (known) return known();
  if (isStorageFault(err)) {
    request.log.error({ err }, 'database storage fault');
    return { status: 503, success: false, code: 'SERVICE_UNAVAILABLE', message: MESSAGES.storage };
  }
  if (isDatabaseUnavailable(err)) {
    request.log.error({ err }, 'database unavailable');
    return {
      status: 503,
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: MESSAGES.unavailable,
    };
  }
  const statusCode = (err as FastifyError).statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    // Another client error raised by Fastify itself (bad content length, bad URL, ...).
    request.log.debug({ err }, 'client error');
    // 403 comes from the static file sender (directories, dot-files): nothing to see there.
    if (statusCode === 404 || statusCode === 403) return fromAppError(new NotFound());
    return { status: 400, success: false, code: 'BAD_REQUEST', message: 'Bad request' };
  }
  request.log.error({ err }, 'unhandled error');
  return { status: 500, success: false, code: 'INTERNAL_ERROR', message: MESSAGES.internal };
};

/** The one error handler: every failure leaves as the error envelope, never with a stack or SQL. */
/** When the database last failed to read or write its files (ms since epoch; 0 = never). */
export interface StorageFaults {
  lastAt: number;
}

export const installErrorHandler = (
  app: FastifyInstance,
  storageFaults: StorageFaults = { lastAt: 0 },
) => {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    if (isStorageFault(err)) storageFaults.lastAt = Date.now();
    const envelope = errorEnvelopeFor(err, request);
    return send(reply, envelope, err instanceof AppError ? err.headers : {});
  });
};
