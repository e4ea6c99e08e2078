import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import {
  GENERIC_ERROR_MESSAGE,
  refusalOf,
  type TErrorCode,
  type TErrorDetail,
  type TErrorReason,
  type TRefusal,
  type TRefusalReason,
} from '@resolved/shared';

/**
 * The one error type services throw; the handler below turns it into `{ error: { code, message, reason? } }`.
 * `code` is the HTTP class (one table below); `reason` says what went wrong for a client to branch on.
 */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly details?: unknown,
    readonly reason?: TErrorReason,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** What the client receives (HTTP body's `error`, a socket ack's `error`). */
  toDetail(options: { withDetails: boolean }): TErrorDetail {
    return {
      code: this.code,
      message: this.message,
      ...(this.reason ? { reason: this.reason } : {}),
      ...(options.withDetails && this.details ? { details: this.details } : {}),
    };
  }
}

/** A refusal (from a shared rule in `rules/`, or `refusalOf`) as the error a service throws. */
export function refusedError(refusal: TRefusal, details?: unknown): AppError {
  return new AppError(refusal.code, refusal.message, details, refusal.reason);
}

/** The refusal keyed by `reason` (`REFUSALS` in the shared `rules/refusals.ts`: one wording each), to throw. */
export function refused(reason: TRefusalReason, details?: unknown): AppError {
  return refusedError(refusalOf(reason), details);
}

/** Throws a rule's refusal, if it gave one. */
export function refuse(refusal: TRefusal | null): void {
  if (refusal) throw refusedError(refusal, refusal.details);
}

/**
 * A refused attempt (HTTP 429): the message says when to try again, the answer carries `Retry-After` (seconds)
 * and `details.retryAfterSeconds` for the client.
 */
export function rateLimitedError(retryAfterMs: number, what = 'attempts'): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : seconds < 5400
        ? `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`
        : `${Math.ceil(seconds / 3600)} hours`;
  return new AppError('rate_limited', `Too many ${what}. Please wait ${wait} and try again.`, {
    retryAfterSeconds: seconds,
  });
}

/**
 * A byte range past the end of a file (HTTP 416): `details.size` is the file's size, which the answer's
 * `Content-Range: bytes *\/<size>` carries as RFC 9110 asks.
 */
export function rangeNotSatisfiableError(size: number): AppError {
  return new AppError('range_not_satisfiable', 'That byte range is not in the file.', { size });
}

function retryAfterOf(error: AppError): number | undefined {
  const details = error.details as { retryAfterSeconds?: unknown } | undefined;
  return error.code === 'rate_limited' && typeof details?.retryAfterSeconds === 'number'
    ? details.retryAfterSeconds
    : undefined;
}

export const STATUS_BY_CODE: Record<TErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

const CODE_BY_STATUS: Record<number, TErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'rate_limited',
};

export function validationError(error: ZodError): AppError {
  const first = error.issues[0];
  return new AppError(
    'validation_failed',
    first?.message ?? 'The request is not valid.',
    error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}

/**
 * PostgreSQL's refusals of text it cannot store: a NUL (`invalid byte sequence for encoding "UTF8": 0x00`, SQLSTATE
 * 22021) or `\u0000` in JSON (22P05). The free-text rule (`packages/shared/src/text.ts`) refuses them in every
 * free-text field first; this is for any other string (an id, a token) that reaches a query: the client's error, a
 * 400, never a 500.
 */
const UNSTORABLE_TEXT_STATES = new Set(['22021', '22P05']);
export const UNSTORABLE_TEXT_MESSAGE = 'The request holds characters that cannot be stored (such as a NUL byte).';

/** The 400 a PostgreSQL encoding refusal becomes, or undefined for any other error. */
export function unstorableTextError(error: unknown): AppError | undefined {
  const state = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof state === 'string' && UNSTORABLE_TEXT_STATES.has(state)
    ? new AppError('bad_request', UNSTORABLE_TEXT_MESSAGE)
    : undefined;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = retryAfterOf(error);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      const size = (error.details as { size?: unknown } | undefined)?.size;
      if (error.code === 'range_not_satisfiable' && typeof size === 'number') {
        reply.header('content-range', `bytes */${size}`);
      }
      return reply.status(STATUS_BY_CODE[error.code]).send({ error: error.toDetail({ withDetails: true }) });
    }
    if (error instanceof ZodError) {
      const appError = validationError(error);
      return reply
        .status(400)
        .send({ error: { code: appError.code, message: appError.message, details: appError.details } });
    }
    const unstorable = unstorableTextError(error);
    if (unstorable) {
      request.log.info({ err: error }, 'refused text the database cannot store');
      return reply.status(400).send({ error: unstorable.toDetail({ withDetails: false }) });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'bad_request';
      const retryAfter = Number(reply.getHeader('retry-after'));
      const message =
        status === 429
          ? Number.isFinite(retryAfter) && retryAfter > 0
            ? rateLimitedError(retryAfter * 1000, 'requests').message
            : 'Too many requests. Please wait a moment and try again.'
          : error.message || 'The request could not be processed.';
      return reply.status(status).send({ error: { code, message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'internal_error', message: GENERIC_ERROR_MESSAGE } });
  });
}

/**
 * Fastify's `frameworkErrors`: a malformed URL (bad percent-encoding) or an over-long path parameter is
 * refused before routing; it still leaves in the API's error shape.
 */
export function handleFrameworkError(error: FastifyError, reply: FastifyReply): void {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = status === 414 ? 'The address is too long.' : 'The address is not valid.';
  void reply.status(status).send({ error: { code: 'bad_request', message } });
}

export function notFoundBody(method: string, url: string) {
  return { error: { code: 'not_found', message: `No route for ${method} ${url.split('?')[0]}.` } };
}

/** Parse with a zod schema or throw a 400 `validation_failed`. */
export function parseOrThrow<T>(
  schema: { safeParse(input: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  input: unknown,
): T {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
