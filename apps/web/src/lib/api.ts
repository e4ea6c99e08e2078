import type { TErrorBody, TErrorReason } from '@resolved/shared';

/** An error the API returned, carrying its `{ error: { code, message, reason? } }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** What went wrong, for the client to branch on (never the message text). */
    readonly reason?: TErrorReason,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * An error the server sent in a socket request's acknowledgement (`{ ok: false, error }`): the same `code`, `reason`
 * and message as an HTTP answer's, without an HTTP status.
 */
export class ReplyError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly reason?: TErrorReason,
  ) {
    super(message);
    this.name = 'ReplyError';
  }
}

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept: 'application/json',
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Cannot reach the server. Check your connection and try again.');
  }
  const isJson = response.headers.get('content-type')?.includes('application/json');
  const body: unknown = isJson ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    const error = (body as TErrorBody | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `Request failed (${response.status}).`,
      error?.details,
      error?.reason,
    );
  }
  return body as T;
}
