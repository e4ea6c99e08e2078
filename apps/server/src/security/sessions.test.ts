/**
 * Sessions and web hardening, against the real app: cookie flags, sign-out / expiry / role changes taking
 * effect at once (open sockets too), cross-site writes refused, sign-in brute force throttled, and the
 * security headers every response carries.
 */
import { randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type TAck } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../test/harness';
import { buildUser, DEFAULT_TEST_PASSWORD } from '../test/factories';
import { ask, connectClient, listenOnFreePort, waitFor, type TTestSocket } from '../features/chat/chat-test-client';
import { fastUser, SECURITY_TEST_ENV } from './security-fixtures';
import { closeEndedSessions } from '../realtime/realtime';
import { getSessionUserFromHeaders } from '../features/auth/auth.guard';

describe.each(TEST_ENGINES)('sessions and web hardening on %s', (engine) => {
  let t: TTestApp;
  let baseUrl: string;
  const sockets: TTestSocket[] = [];
  const client = async (cookie?: string) => {
    const socket = await connectClient(baseUrl, cookie, { reconnectionDelay: 60_000 });
    sockets.push(socket);
    return socket;
  };

  beforeEach(async () => {
    t = await createTestApp(engine, SECURITY_TEST_ENV);
    baseUrl = await listenOnFreePort(t.app);
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
  });

  it('sets the session cookie httpOnly, SameSite=Lax, not Secure over http, with a 7-day session', async () => {
    const email = `cookie-${randomUUID()}@example.test`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: (await buildUser(t, { email })).user.email, password: DEFAULT_TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const cookies = [response.headers['set-cookie']].flat().filter(Boolean) as string[];
    const session = cookies.find((c) => c.startsWith('resolved.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).not.toMatch(/;\s*Secure/i);
    const row = await t.database.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.userId')
      .select('sessions.expiresAt')
      .where('users.email', '=', email)
      .orderBy('sessions.createdAt', 'desc')
      .executeTakeFirstOrThrow();
    const days = (new Date(row.expiresAt as string | Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7.01);
  });

  it('marks the cookie Secure (and __Secure-) when PUBLIC_URL is https', async () => {
    const https = await createTestApp(engine, { ...SECURITY_TEST_ENV, PUBLIC_URL: 'https://resolved.example' });
    try {
      const response = await https.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: {
          name: 'Sec Ure',
          email: `secure-${randomUUID()}@example.test`,
          password: DEFAULT_TEST_PASSWORD,
          birthMonth: '1990-01',
        },
      });
      expect(response.statusCode).toBe(200);
      const session = ([response.headers['set-cookie']].flat() as string[]).find((c) =>
        c.startsWith('__Secure-resolved.session_token='),
      );
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/;\s*HttpOnly/i);
      expect(session).toMatch(/;\s*SameSite=Lax/i);
      // The __Secure- cookie signs the user in; the same token under the plain name does not.
      const pair = session!.split(';')[0]!;
      const signedIn = await https.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: pair } });
      expect(signedIn.json().user.displayName).toBe('Sec Ure');
      const plain = pair.replace('__Secure-', '');
      const refused = await https.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: plain } });
      expect(refused.json()).toEqual({ user: null });
    } finally {
      await https.close();
    }
  });

  it('signing out ends the session over HTTP and closes that session’s open sockets at once', async () => {
    const { cookie } = await buildUser(t);
    const idle = await client(cookie);
    const active = await client(cookie);
    expect((await ask(active, 'chat.join', {})).ok).toBe(true);
    let idleClosed = false;
    idle.on('disconnect', () => (idleClosed = true));

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json()).toEqual({
      user: null,
    });
    // The idle socket never sent anything: the server closed it.
    await waitFor(() => idleClosed && !active.connected, 5000, 'the signed-out sockets to close');
    // A reconnect with the old cookie is a visitor.
    const again = await client(cookie);
    const sent = await ask(again, 'message.send', { clientId: randomUUID(), text: 'still here?' });
    expect(sent).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    expect(await t.database.db.selectFrom('messages').select('id').execute()).toEqual([]);
  });

  it('a socket whose session expired or was deleted is refused on its next request and disconnected', async () => {
    // better-auth slides a session to 7 days when it is used after a day; one not used for 7 days expires.
    const expiring = await fastUser(t);
    const socket = await client(expiring.cookie);
    expect((await ask(socket, 'message.send', { clientId: randomUUID(), text: 'before' })).ok).toBe(true);
    await t.database.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() } as never)
      .where('userId', '=', expiring.user.id)
      .execute();
    const http = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: expiring.cookie } });
    expect(http.json()).toEqual({ user: null });
    const after = await ask(socket, 'message.send', { clientId: randomUUID(), text: 'after expiry' });
    expect(after).toEqual({
      ok: false,
      error: { code: 'unauthenticated', message: 'Your session has ended. Please sign in again.' },
    });
    await waitFor(() => !socket.connected, 5000, 'the expired socket to close');

    // A session removed server-side (revoked elsewhere) behaves the same.
    const revoked = await fastUser(t);
    const other = await client(revoked.cookie);
    await t.database.db.deleteFrom('sessions').where('userId', '=', revoked.user.id).execute();
    expect(await ask(other, 'chat.join', {})).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    const texts = (await t.database.db.selectFrom('messages').select('text').execute()).map((m) => m.text);
    expect(texts).toEqual(['before']);
  });

  it('slides a session that is due (better-auth extends it) and deletes an expired one; a forged cookie is no session', async () => {
    const day = 86_400_000;
    const sessionOf = (userId: string) =>
      t.database.db.selectFrom('sessions').select('expiresAt').where('userId', '=', userId).executeTakeFirst();
    const me = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } }).then((r) => r.json());

    // Used two days after it was last extended: still signed in, and extended to 7 days again.
    const due = await fastUser(t, 'user', { expiresAt: new Date(Date.now() + 5 * day) });
    expect((await me(due.cookie)).user.id).toBe(due.user.id);
    const extended = new Date((await sessionOf(due.user.id))!.expiresAt).getTime();
    expect((extended - Date.now()) / day).toBeGreaterThan(6.9);

    // Used within a day of its last extension: signed in, left as it is.
    const fresh = await fastUser(t, 'user', { expiresAt: new Date(Date.now() + 6.5 * day) });
    expect((await me(fresh.cookie)).user.id).toBe(fresh.user.id);
    const untouched = new Date((await sessionOf(fresh.user.id))!.expiresAt).getTime();
    expect((untouched - Date.now()) / day).toBeLessThan(6.6);

    // Expired: signed out, and the session row is gone.
    const expired = await fastUser(t, 'user', { expiresAt: new Date(Date.now() - 1000) });
    expect(await me(expired.cookie)).toEqual({ user: null });
    expect(await sessionOf(expired.user.id)).toBeUndefined();

    // A cookie whose token or signature was altered is no session, whatever the database holds.
    const valid = await fastUser(t);
    const [name, value] = valid.cookie.split(/=(.*)/s) as [string, string];
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf('.');
    const otherToken = `${decoded.slice(0, dot - 1)}${decoded[dot - 1] === 'A' ? 'B' : 'A'}${decoded.slice(dot)}`;
    const otherSignature = `${decoded.slice(0, dot + 1)}${decoded[dot + 1] === 'A' ? 'B' : 'A'}${decoded.slice(dot + 2)}`;
    for (const forged of [otherToken, otherSignature, decoded.slice(0, dot)]) {
      expect(await me(`${name}=${encodeURIComponent(forged)}`)).toEqual({ user: null });
    }
    expect((await me(valid.cookie)).user.id).toBe(valid.user.id);
    // A quoted cookie value is the same cookie (as better-auth reads it).
    expect((await me(`${name}="${value}"`)).user.id).toBe(valid.user.id);
    // Once the good value's signature is known (the door keeps that answer), altered ones are still no session,
    // and the session is still read every time: deleting it signs that cookie out at once.
    for (const forged of [otherToken, otherSignature]) {
      expect(await me(`${name}=${encodeURIComponent(forged)}`)).toEqual({ user: null });
    }
    await t.database.db.deleteFrom('sessions').where('userId', '=', valid.user.id).execute();
    expect(await me(valid.cookie)).toEqual({ user: null });
  });

  it('refuses a socket handshake from another site, and accepts one from this site', async () => {
    const { cookie } = await fastUser(t);
    const open = (origin: string) =>
      new Promise<boolean>((resolve) => {
        const socket = io(baseUrl, {
          path: '/socket.io',
          transports: ['websocket'],
          forceNew: true,
          reconnection: false,
          auth: { protocolVersion: PROTOCOL_VERSION },
          extraHeaders: { cookie, origin },
        });
        socket.once('connect', () => (socket.disconnect(), resolve(true)));
        socket.once('connect_error', () => (socket.disconnect(), resolve(false)));
      });
    expect(await open('https://evil.example')).toBe(false);
    expect(await open(baseUrl)).toBe(true);
  });

  it('an idle socket whose session expired is closed by the periodic session check', async () => {
    const idle = await fastUser(t);
    const live = await fastUser(t);
    const idleSocket = await client(idle.cookie);
    const liveSocket = await client(live.cookie);
    const resolveUser = (headers: Parameters<typeof getSessionUserFromHeaders>[0]) =>
      getSessionUserFromHeaders(headers, t.app);
    expect(await closeEndedSessions(t.app.realtime, resolveUser)).toBe(0);
    await t.database.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() } as never)
      .where('userId', '=', idle.user.id)
      .execute();
    expect(await closeEndedSessions(t.app.realtime, resolveUser)).toBe(1);
    await waitFor(() => !idleSocket.connected, 5000, 'the idle expired socket to close');
    expect(liveSocket.connected).toBe(true);
  });

  it('a role change applies at once, over HTTP and on an open socket', async () => {
    const admin = await fastUser(t, 'admin');
    const moderator = await fastUser(t, 'moderator');
    const author = await fastUser(t);
    const authorSocket = await client(author.cookie);
    const modSocket = await client(moderator.cookie);
    const post = async () => {
      const sent = (await ask(authorSocket, 'message.send', { clientId: randomUUID(), text: 'hi' })) as TAck<{
        message: { id: number };
      }>;
      if (!sent.ok) throw new Error(sent.error.message);
      return sent.data.message.id;
    };
    expect((await ask(modSocket, 'message.delete', { id: await post() })).ok).toBe(true);

    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${moderator.user.id}/role`,
      headers: { cookie: admin.cookie },
      payload: { role: 'user' },
    });
    expect(demote.statusCode).toBe(200);
    expect(await ask(modSocket, 'message.delete', { id: await post() })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    const roomFix = await t.app.inject({
      method: 'PATCH',
      url: '/api/rooms/1',
      headers: { cookie: admin.cookie },
      payload: { zoomLink: 'https://zoom.us/j/admin-can' },
    });
    expect(roomFix.statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.user.id}/role`,
      headers: { cookie: (await fastUser(t, 'admin')).cookie },
      payload: { role: 'user' },
    });
    const after = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: admin.cookie } });
    expect(after.statusCode).toBe(403);
  });

  it('refuses cross-site writes (Origin or Sec-Fetch-Site) and accepts same-origin ones', async () => {
    const { cookie } = await fastUser(t);
    const room = { name: 'Cross site', zoomLink: 'https://zoom.us/j/9' };
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/rooms', headers: { cookie, ...headers }, payload: room });
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:3000.evil.example' },
    ];
    for (const headers of crossSite) {
      const refused = await post(headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json()).toEqual({ error: { code: 'forbidden', message: 'Cross-site requests are not allowed.' } });
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@example.test', password: 'whatever-password' },
    });
    expect(signIn.statusCode).toBe(403);
    expect((await post({ origin: t.config.publicUrl })).statusCode).toBe(201);
    expect((await post({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect(
      await t.database.db.selectFrom('rooms').select('id').where('name', '=', 'Cross site').execute(),
    ).toHaveLength(2);
  });

  it('throttles password guessing per e-mail, even from many addresses', async () => {
    const guarded = await createTestApp(engine, { ...SECURITY_TEST_ENV, AUTH_RATE_LIMIT_PER_EMAIL: '5' });
    try {
      const { user } = await buildUser(guarded);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await guarded.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: `10.0.0.${i + 1}`,
          payload: { email: user.email, password: `wrong-password-${i}` },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json().error.code).toBe('rate_limited');
          expect(response.json().error.message).toMatch(
            /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
          );
        }
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // The right password is refused too while the limit holds: guessing cannot continue.
      const right = await guarded.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: DEFAULT_TEST_PASSWORD },
      });
      expect(right.statusCode).toBe(429);
    } finally {
      await guarded.close();
    }
  });

  it('sends the security headers on API responses and the 404 alike', async () => {
    // (The API docs UI under /api/docs sends its own CSP: frame-ancestors 'self'.)
    for (const url of ['/api/health', '/api/nope', '/api/session', '/nope.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});
