import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TRole, TSessionUser } from '@resolved/shared';
import { AppError } from '../../lib/errors';
import { findUserById } from '../users/users.repository';

function toHeaders(headers: Headers | IncomingHttpHeaders): Headers {
  if (headers instanceof Headers) return headers;
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) result.append(name, v);
    else result.set(name, value);
  }
  return result;
}

/**
 * The signed-in user for these request headers (the session cookie), or null. The user — and so the
 * role and score — is read from the database on every call: a role change takes effect at once.
 * `app` is the Fastify instance the auth was built for (each test app has its own database).
 */
export async function getSessionUserFromHeaders(
  headers: Headers | IncomingHttpHeaders,
  app: FastifyInstance,
): Promise<TSessionUser | null> {
  // No session cookie, no session: visitors (most leaderboard and topic reads) skip the lookup.
  const cookie = headers instanceof Headers ? headers.get('cookie') : headers.cookie;
  if (!cookie?.includes('session_token=')) return null;
  const session = await app.auth.api.getSession({ headers: toHeaders(headers) }).catch(() => null);
  if (!session) return null;
  return findUserById(app.context.database.db, session.user.id);
}

const cache = new WeakMap<FastifyRequest, Promise<TSessionUser | null>>();

/** The signed-in user of this request, or null. Looked up once per request. */
export function getSessionUser(request: FastifyRequest): Promise<TSessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = getSessionUserFromHeaders(request.headers, request.server);
    cache.set(request, pending);
  }
  return pending;
}

/** The signed-in user, or a 401 `unauthenticated`. */
export async function requireUser(request: FastifyRequest): Promise<TSessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw new AppError('unauthenticated', 'Please sign in.');
  return user;
}

/** The signed-in user if their role is one of `roles`: 401 when signed out, 403 `forbidden` otherwise. */
export async function requireRole(request: FastifyRequest, roles: readonly TRole[]): Promise<TSessionUser> {
  const user = await requireUser(request);
  if (!roles.includes(user.role)) throw new AppError('forbidden', 'You do not have permission to do that.');
  return user;
}
