/**
 * Helpers for the security suites: the app's real route list, its real socket events, and signed-in
 * users made quickly (a sign-up hashes a password with scrypt, about 0.7 s on a loaded 2-core machine;
 * the matrix needs a few hundred fresh users).
 */
import diagnostics from 'node:diagnostics_channel';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TRole, TSessionUser } from '@resolved/shared';
import type { TEngine } from '../db/database';
import { createTestApp, type TTestApp } from '../test/harness';
import { connectClient, listenOnFreePort } from '../features/chat/chat-test-client';

/** The settings every security suite runs with: no web build (API routes only), sign-up limits out of the way. */
export const SECURITY_TEST_ENV = {
  WEB_DIST_DIR: '/nonexistent-resolved-web',
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_EMAIL: '100000',
};

export interface TRouteRecord {
  method: string;
  url: string;
}

/**
 * A test app and every route it registered, seen through Fastify's `onRoute` hook: the hook is added the
 * moment the instance is created (the `fastify.initialization` diagnostics channel), before any plugin.
 * HEAD twins of GET routes are left out.
 */
export async function createAppWithRoutes(
  engine: TEngine,
  env: Record<string, string> = {},
): Promise<{ t: TTestApp; routes: TRouteRecord[] }> {
  const routes: TRouteRecord[] = [];
  const channel = diagnostics.channel('fastify.initialization');
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method: String(method), url: route.url });
    });
  };
  channel.subscribe(onInit);
  let t: TTestApp;
  try {
    t = await createTestApp(engine, { ...SECURITY_TEST_ENV, ...env });
  } finally {
    channel.unsubscribe(onInit);
  }
  const unique = new Map(routes.map((r) => [`${r.method} ${r.url}`, r]));
  const list = [...unique.values()].filter((r) => !(r.method === 'HEAD' && unique.has(`GET ${r.url}`)));
  return { t, routes: list };
}

/** The better-auth endpoints behind the `/api/auth/*` catch-all, from the auth instance itself. */
export function authEndpoints(app: FastifyInstance): TRouteRecord[] {
  const list: TRouteRecord[] = [];
  for (const endpoint of Object.values(app.auth.api) as { path?: string; options?: { method?: string | string[] } }[]) {
    if (!endpoint.path) continue; // server-only functions have no HTTP path
    const methods = endpoint.options?.method ?? 'GET';
    for (const method of Array.isArray(methods) ? methods : [methods]) {
      list.push({ method, url: `/api/auth${endpoint.path}` });
    }
  }
  return list;
}

/** The client → server events a signed-in connection listens to, read from the server's side of a real socket. */
export async function listSocketEvents(t: TTestApp, cookie: string): Promise<string[]> {
  const baseUrl = await listenOnFreePort(t.app);
  const client = await connectClient(baseUrl, cookie);
  try {
    const serverSocket = t.app.realtime.of('/').sockets.get(client.id!);
    if (!serverSocket) throw new Error('the server does not know the test socket');
    // `disconnect`, `disconnecting` and `error` (a no-op Socket.IO adds) are Socket.IO's own events, not requests a client can send.
    return serverSocket
      .eventNames()
      .map(String)
      .filter((name) => name !== 'disconnect' && name !== 'disconnecting' && name !== 'error')
      .sort();
  } finally {
    client.disconnect();
  }
}

let sequence = 0;

/** The session cookie better-auth would set for `token` (`<token>.<HMAC-SHA256 base64>`, URL-encoded). */
export function signedSessionCookie(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `resolved.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * A user row and a live session row written directly, with the cookie better-auth signs for it. The first
 * test of the matrix checks that this cookie is byte-for-byte what a real sign-up sets.
 */
export async function fastUser(
  t: TTestApp,
  role: TRole = 'user',
  opts: { expiresAt?: Date; birthMonth?: string | null } = {},
): Promise<{ user: TSessionUser; cookie: string }> {
  sequence += 1;
  const now = new Date().toISOString();
  const isPostgres = t.database.engine === 'postgres';
  const user = {
    id: randomUUID(),
    displayName: `Fast ${role} ${sequence}`,
    email: `fast-${role}-${sequence}-${randomBytes(3).toString('hex')}@example.test`,
    emailVerified: isPostgres ? false : 0,
    image: null,
    createdAt: now,
    updatedAt: now,
    role,
    score: 0,
    // An adult's month of birth unless told otherwise: the age doors refuse an account without one.
    birthMonth: opts.birthMonth === undefined ? '1990-01' : opts.birthMonth,
  };
  await t.database.db.insertInto('users').values(user).execute();
  const token = randomBytes(24).toString('base64url');
  await t.database.db
    .insertInto('sessions')
    .values({
      id: randomUUID(),
      token,
      userId: user.id,
      expiresAt: (opts.expiresAt ?? new Date(Date.now() + 7 * 24 * 3600 * 1000)).toISOString(),
      createdAt: now,
      updatedAt: now,
      ipAddress: '127.0.0.1',
      userAgent: 'security-test',
      impersonatedBy: null,
    } as never)
    .execute();
  return {
    user: { id: user.id, email: user.email, displayName: user.displayName, role, score: 0, createdAt: now },
    cookie: signedSessionCookie(token, t.config.authSecret!),
  };
}
