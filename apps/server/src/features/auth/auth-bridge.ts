/** Between Fastify and better-auth: requests handed over as fetch Requests, answers brought back in the API's shape. */
import type { FastifyRequest } from 'fastify';
import { GENERIC_ERROR_MESSAGE, type TErrorCode } from '@resolved/shared';
import { STATUS_BY_CODE } from '../../lib/errors';

export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

/**
 * The session token lives only in the httpOnly cookie. better-auth also returns it in JSON (sign-in, sign-up,
 * get-session, list-sessions), where a script injected into the page could read it and keep the session
 * after the page is gone; every `token` field is dropped from its JSON answers.
 */
export function withoutSessionTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSessionTokens);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'token')
        .map(([key, v]) => [key, withoutSessionTokens(v)]),
    );
  }
  return value;
}

const CODE_BY_STATUS = new Map(
  (Object.entries(STATUS_BY_CODE) as [TErrorCode, number][]).reverse().map(([code, status]) => [status, code]),
);

/**
 * better-auth answers errors as `{ code, message }`, and some (a GET to a POST-only endpoint) with no body:
 * every error leaves in the API's one shape, `{ error: { code, message, details? } }`, its own code kept as
 * `details.reason`. A server error never shows its message.
 */
export async function toErrorBody(response: Response) {
  const body = (await response.json().catch(() => undefined)) as { code?: unknown; message?: unknown } | undefined;
  if (response.status >= 500) {
    return { error: { code: 'internal_error', message: GENERIC_ERROR_MESSAGE } };
  }
  const code = CODE_BY_STATUS.get(response.status) ?? 'bad_request';
  const message =
    typeof body?.message === 'string' && body.message !== '' ? body.message : 'The request could not be processed.';
  return { error: { code, message, ...(typeof body?.code === 'string' ? { details: { reason: body.code } } : {}) } };
}
