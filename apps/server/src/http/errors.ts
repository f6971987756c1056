import {
  ERROR_CODES,
  type DependantGroup,
  type ErrorCode,
  type FieldError,
  type MediaUsage,
} from '@safarnama/contract';

/** An error whose message is meant for the caller. Everything else becomes a plain 500. */
export class AppError extends Error {
  readonly status: number;
  /**
   * The error envelope's `data`, for the few refusals that carry one (`InUse`, an `EDIT_CONFLICT`
   * or a restore missing references: `ConflictWithData`).
   */
  data?: unknown;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.status = ERROR_CODES[code];
  }
}

export const MESSAGES = {
  validation: 'Validation failed',
  malformedJson: 'Malformed JSON body',
  unauthenticated: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to perform this action.',
  crossSite: 'Cross-site request refused',
  notFound: 'Route not found',
  payloadTooLarge: 'Request body is too large',
  unsupportedMediaType: 'Unsupported content type',
  internal: 'Internal server error',
  unavailable: 'Service temporarily unavailable. Please try again shortly.',
  storage:
    'The database cannot read or write its files (the disk may be full, read-only or failing). Nothing was changed; please try again shortly.',
  shuttingDown: 'The server is restarting. Please try again shortly.',
  busy: 'The server is busy. Please try again in a moment.',
} as const;

export class ValidationError extends AppError {
  constructor(details: FieldError[], message: string = MESSAGES.validation) {
    super('VALIDATION_ERROR', message, details);
  }
}

export class BadRequest extends AppError {
  constructor(message: string) {
    super('BAD_REQUEST', message);
  }
}

export class Unauthenticated extends AppError {
  constructor(message: string = MESSAGES.unauthenticated) {
    super('UNAUTHENTICATED', message);
  }
}

export class Forbidden extends AppError {
  constructor(message: string = MESSAGES.forbidden) {
    super('FORBIDDEN', message);
  }
}

export class NotFound extends AppError {
  constructor(message: string = MESSAGES.notFound) {
    super('NOT_FOUND', message);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}

/**
 * 409: a delete refused while other records depend on it; `data.dependants` lists them. Issue 24:
 * an image or library in use adds `data.usage` (every use with its field and link).
 */
export class InUse extends Conflict {
  constructor(message: string, dependants: DependantGroup[], usage?: MediaUsage) {
    super(message);
    this.data = usage ? { dependants, usage } : { dependants };
  }
}

/** A 409 that carries what the caller needs to resolve it (`data`), e.g. `EDIT_CONFLICT`. */
export class ConflictWithData extends AppError {
  constructor(message: string, data: unknown, code: 'CONFLICT' | 'EDIT_CONFLICT' = 'CONFLICT') {
    super(code, message);
    this.data = data;
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message: string = MESSAGES.payloadTooLarge) {
    super('PAYLOAD_TOO_LARGE', message);
  }
}

export class UnsupportedMediaType extends AppError {
  constructor(message: string = MESSAGES.unsupportedMediaType) {
    super('UNSUPPORTED_MEDIA_TYPE', message);
  }
}

export class IdempotencyMismatch extends AppError {
  constructor(message: string) {
    super('IDEMPOTENCY_MISMATCH', message);
  }
}

export class RateLimited extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

export class ServiceUnavailable extends AppError {
  constructor(message: string = MESSAGES.unavailable) {
    super('SERVICE_UNAVAILABLE', message);
  }
}
