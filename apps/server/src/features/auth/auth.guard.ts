import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { parseCookies } from 'better-call';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TRole, TSessionUser } from '@resolved/shared';
import { AppError, refused } from '../../lib/errors';
import { findDoorUserById, findUserBySessionToken, type TDoorUser } from '../users/users.service';

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

interface TSessionSettings {
  cookieName: string;
  dontRememberCookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
  /** Signed cookie values whose signature has been checked, with their value (see `verifiedCookieValue`). */
  verified: Map<string, string>;
}

/** Verified cookie values kept per auth instance: each is ~100 bytes, so at most a megabyte or two. */
const VERIFIED_COOKIES_KEPT = 10_000;

const settingsByAuth = new WeakMap<object, Promise<TSessionSettings>>();

/** better-auth's own cookie names, secret and session lifetimes, read once from its context. */
function sessionSettings(app: FastifyInstance): Promise<TSessionSettings> {
  let settings = settingsByAuth.get(app.auth);
  if (!settings) {
    settings = app.auth.$context.then((ctx) => ({
      cookieName: ctx.authCookies.sessionToken.name,
      dontRememberCookieName: ctx.authCookies.dontRememberToken.name,
      secret: ctx.secret,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
      verified: new Map(),
    }));
    settingsByAuth.set(app.auth, settings);
  }
  return settings;
}

/**
 * The value of a cookie signed the way better-auth (better-call) signs it — `value.base64(HMAC-SHA256)` —
 * or null when the signature does not match. Synchronous node:crypto instead of WebCrypto's async round trip.
 */
export function verifySignedCookie(signed: string | undefined, secret: string): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  // Standard base64 of 32 bytes, as better-call writes it (its verifier decodes with atob: no URL-safe alphabet).
  if (!/^[A-Za-z0-9+/]{43}=$/.test(signature)) return null;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/**
 * `verifySignedCookie` with its answers for good signatures kept: the HMAC was ~5 % of a signed-in request's CPU
 * (docs/performance.md, change 9), and a browser sends the same signed value on every request. Whether a
 * signature is right never changes for a secret, so this is the same answer; only good ones are kept (a forged
 * value is checked each time and takes no room), and the oldest go first. Whether the session still exists is
 * not decided here: the door reads it from the database on every request.
 */
function verifiedCookieValue(signed: string | undefined, settings: TSessionSettings): string | null {
  if (!signed) return null;
  const known = settings.verified.get(signed);
  if (known !== undefined) return known;
  const value = verifySignedCookie(signed, settings.secret);
  if (value !== null) {
    if (settings.verified.size >= VERIFIED_COOKIES_KEPT) {
      settings.verified.delete(settings.verified.keys().next().value!);
    }
    settings.verified.set(signed, value);
  }
  return value;
}

/** better-auth's own session read: it also deletes an expired session and extends one that is due. */
async function sessionUserThroughAuth(headers: Headers | IncomingHttpHeaders, app: FastifyInstance) {
  const session = await app.auth.api.getSession({ headers: toHeaders(headers) }).catch(() => null);
  if (!session) return null;
  return findDoorUserById(app.context.database.db, session.user.id);
}

/**
 * The door every HTTP request and socket event passes: the signed-in user for these request headers (the session
 * cookie) with what restricts them (a ban), or null. The session and the user — and so the role, score and ban — are
 * read from the database on every call: sign-out, expiry, a role change and a ban take effect at once.
 *
 * Fast path: verify the cookie's signature and read the session with its user in one query. better-auth's
 * `getSession` does the same reads through its endpoint machinery at ~1 ms of CPU per call (the largest
 * cost of a signed-in request, see docs/performance.md), so it is called only when it has work to do: a
 * session that has expired (it deletes it) or is due for its sliding refresh (it extends it).
 * `app` is the Fastify instance the auth was built for (each test app has its own database).
 */
export async function readDoor(
  headers: Headers | IncomingHttpHeaders,
  app: FastifyInstance,
): Promise<TDoorUser | null> {
  // No session cookie, no session: visitors (most leaderboard and topic reads) skip the lookup.
  const header = headers instanceof Headers ? headers.get('cookie') : headers.cookie;
  if (!header?.includes('session_token=')) return null;
  const settings = await sessionSettings(app);
  // better-auth's own cookie parser (better-call), so both read a cookie header the same way.
  const cookies = parseCookies(header);
  const token = verifiedCookieValue(cookies.get(settings.cookieName), settings);
  if (!token) return null;
  const found = await findUserBySessionToken(app.context.database.db, token);
  if (!found) return null;
  const expiresAt = new Date(found.expiresAt).getTime();
  const now = Date.now();
  const remembered = verifiedCookieValue(cookies.get(settings.dontRememberCookieName), settings) === null;
  const isDueForRefresh = remembered && expiresAt - settings.expiresInMs + settings.updateAgeMs <= now;
  if (!(expiresAt > now) || isDueForRefresh) return sessionUserThroughAuth(headers, app);
  return { user: found.user, isBanned: found.isBanned };
}

/**
 * The signed-in user for these headers, or null. A banned account stands at every door as a visitor does: what
 * needs no sign-in stays open to them, the rest refuses them.
 */
export async function getSessionUserFromHeaders(
  headers: Headers | IncomingHttpHeaders,
  app: FastifyInstance,
): Promise<TSessionUser | null> {
  const door = await readDoor(headers, app);
  return door && !door.isBanned ? door.user : null;
}

const cache = new WeakMap<FastifyRequest, Promise<TDoorUser | null>>();

/** This request's door, read once per request. */
function doorOf(request: FastifyRequest): Promise<TDoorUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = readDoor(request.headers, request.server);
    cache.set(request, pending);
  }
  return pending;
}

/** The signed-in user of this request, or null (a banned account too: see `getSessionUserFromHeaders`). */
export async function getSessionUser(request: FastifyRequest): Promise<TSessionUser | null> {
  const door = await doorOf(request);
  return door && !door.isBanned ? door.user : null;
}

/** Refuses a banned account's session (403 `account_banned`), for doors that would otherwise let any session in. */
export async function refuseBanned(request: FastifyRequest): Promise<void> {
  if ((await doorOf(request))?.isBanned) throw refused('account_banned');
}

/** The signed-in user, or a 401 `unauthenticated` (a 403 `account_banned` for a banned account). */
export async function requireUser(request: FastifyRequest): Promise<TSessionUser> {
  await refuseBanned(request);
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
