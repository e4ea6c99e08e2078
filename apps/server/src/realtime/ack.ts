import { GENERIC_ERROR_MESSAGE, type TAck } from '@resolved/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, unstorableTextError } from '../lib/errors';

/**
 * Runs a socket request handler and answers its acknowledgement: the data, or `{ code, message }` for an
 * AppError (validation, rate limit, rights…), with its `reason` and `details` as an HTTP answer has them (a mute's
 * `until`, said by the web in the viewer's time). Anything else is logged and answered with a generic
 * internal_error, never leaked (PostgreSQL's refusal of a NUL is the client's `bad_request`) — the socket counterpart of the HTTP error handler.
 */
export async function answer<T>(ack: unknown, log: FastifyBaseLogger, run: () => Promise<T>): Promise<void> {
  let reply: TAck<T>;
  try {
    reply = { ok: true, data: await run() };
  } catch (error) {
    const known = error instanceof AppError ? error : unstorableTextError(error);
    if (known) {
      reply = { ok: false, error: known.toDetail({ withDetails: true }) };
    } else {
      log.error({ err: error }, 'socket handler failed');
      reply = { ok: false, error: { code: 'internal_error', message: GENERIC_ERROR_MESSAGE } };
    }
  }
  if (typeof ack === 'function') (ack as (r: TAck<T>) => void)(reply);
}
