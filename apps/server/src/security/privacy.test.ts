/**
 * Privacy: as a visitor and as a normal user, read every GET route the app registers (and every better-auth
 * GET endpoint), join the chat and a debate over the socket and record everything it pushes, and fail if any
 * answer carries another user's e-mail, a password hash, a session token (one's own included: it belongs
 * in the httpOnly cookie only) or a server secret.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../test/harness';
import { TEST_ENGINES } from '../test/harness';
import { buildUser } from '../test/factories';
import { ask, connectClient, listenOnFreePort } from '../features/chat/chat-test-client';
import { authEndpoints, createAppWithRoutes, fastUser, type TRouteRecord } from './security-fixtures';

const GOOGLE_SECRET = `google-secret-${randomUUID()}`;

describe.each(TEST_ENGINES)('privacy on %s', (engine) => {
  let t: TTestApp;
  let routes: TRouteRecord[];
  let baseUrl: string;
  let debateId: number;
  let victimId: string;
  let challengeToken: string;
  const everyEmail: string[] = [];

  beforeAll(async () => {
    ({ t, routes } = await createAppWithRoutes(engine, {
      GOOGLE_CLIENT_ID: 'resolved-test-client',
      GOOGLE_CLIENT_SECRET: GOOGLE_SECRET,
      // Nothing listens there: the tests never complete a Google sign-in.
      GOOGLE_ISSUER: 'http://127.0.0.1:3479',
    }));
    baseUrl = await listenOnFreePort(t.app);

    // Other people, with everything that carries their identity: a real password, chat messages, a room,
    // a debate with a judge and messages, a challenge, a score change, a help request.
    const victim = await buildUser(t, { displayName: 'Victim Person' });
    victimId = victim.user.id;
    const admin = await fastUser(t, 'admin');
    const opponent = await fastUser(t, 'moderator');
    const judge = await fastUser(t);
    const inject = (method: string, url: string, cookie: string, payload?: object) =>
      t.app.inject({ method: method as 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

    const socket = await connectClient(baseUrl, victim.cookie);
    expect((await ask(socket, 'message.send', { clientId: randomUUID(), text: 'hello from the victim' })).ok).toBe(
      true,
    );
    socket.disconnect();
    await inject('POST', '/api/rooms', victim.cookie, { name: 'Victim room', zoomLink: 'https://zoom.us/j/77' });
    const challenge = await inject('POST', '/api/debates/challenges', victim.cookie, { formatId: 'ld' });
    const token = challenge.json<{ challenge: { token: string } }>().challenge.token;
    debateId = (await inject('POST', `/api/debates/challenges/${token}/accept`, opponent.cookie)).json<{
      debateId: number;
    }>().debateId;
    await inject('POST', `/api/debates/${debateId}/judge`, judge.cookie);
    await inject('POST', `/api/debates/${debateId}/messages`, victim.cookie, { text: 'good luck' });
    const open = await inject('POST', '/api/debates/challenges', judge.cookie, { formatId: 'pf' });
    challengeToken = open.json<{ challenge: { token: string } }>().challenge.token;
    await inject('PUT', `/api/users/${victim.user.id}/score`, admin.cookie, { score: 40, reason: 'tournament' });
    await t.app.inject({
      method: 'POST',
      url: '/api/help/requests',
      payload: { name: 'Helper', email: 'helper-private@example.test', message: 'Please help' },
    });
    everyEmail.push(victim.user.email, admin.user.email, opponent.user.email, judge.user.email);
    everyEmail.push('helper-private@example.test');
  });
  afterAll(async () => t?.close());

  /** The concrete URLs to read for every GET route (path parameters filled with real ids). */
  function getUrls(): string[] {
    const fill = (url: string) =>
      url
        .replace('/api/debates/:id', `/api/debates/${debateId}`)
        .replace('/api/users/:id', `/api/users/${victimId}`)
        .replace(':token', challengeToken)
        .replace('/api/auth/callback/:id', '/api/auth/callback/google')
        .replace('/api/auth/reset-password/:token', '/api/auth/reset-password/x')
        .replace('/*', '/static/swagger-ui.css');
    const extra: Record<string, string[]> = {
      '/api/debates/ratings': ['?formatId=ld', '?formatId=pf'],
      '/api/leaderboard': ['', '?offset=0'],
      '/api/chat/messages': ['', '?afterId=0'],
      '/api/score-changes': ['', '?userId=x'],
      '/api/auth/account-info': ['?accountId=x'],
    };
    const gets = [...routes, ...authEndpoints(t.app)].filter((r) => r.method === 'GET' && r.url !== '/api/auth/*');
    return [...new Set(gets.flatMap((r) => (extra[r.url] ?? ['']).map((q) => fill(r.url) + q)))];
  }

  async function forbiddenValues(viewerEmail: string | null): Promise<[string, string][]> {
    const accounts = await t.database.db.selectFrom('accounts').select('password').execute();
    const sessions = await t.database.db.selectFrom('sessions').select('token').execute();
    return [
      ...everyEmail.filter((e) => e !== viewerEmail).map((e): [string, string] => ['another user’s e-mail', e]),
      ...accounts.flatMap((a) => (a.password ? [['a password hash', a.password] as [string, string]] : [])),
      ...sessions.map((s): [string, string] => ['a session token', s.token]),
      ['AUTH_SECRET', t.config.authSecret!],
      ['GOOGLE_CLIENT_SECRET', GOOGLE_SECRET],
    ];
  }

  for (const viewer of ['visitor', 'user'] as const) {
    it(`shows a ${viewer} no one else's e-mail, no password hash, no session token, no secret`, async () => {
      const me = viewer === 'user' ? await fastUser(t) : null;
      const headers = me ? { cookie: me.cookie } : {};
      const seen: [string, string][] = [];

      // Live pushes while reading: chat and debate rooms.
      const socket = await connectClient(baseUrl, me?.cookie);
      socket.onAny((name: string, payload: unknown) => seen.push([`socket event ${name}`, JSON.stringify(payload)]));
      seen.push(['socket chat.join', JSON.stringify(await ask(socket, 'chat.join', {}))]);
      seen.push(['socket debate.join', JSON.stringify(await ask(socket, 'debate.join', { debateId }))]);
      const other = await fastUser(t);
      const poster = await connectClient(baseUrl, other.cookie);
      await ask(poster, 'message.send', { clientId: randomUUID(), text: 'live one' });
      poster.disconnect();

      const urls = getUrls();
      expect(urls.length).toBeGreaterThan(25);
      const statuses: Record<string, number> = {};
      for (const url of urls) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        statuses[url] = response.statusCode;
        expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
        seen.push([`GET ${url}`, `${JSON.stringify(response.headers)}\n${response.body}`]);
      }
      // The walk did read real data (not only refusals).
      expect(statuses['/api/leaderboard']).toBe(200);
      expect(statuses[`/api/debates/${debateId}`]).toBe(viewer === 'user' ? 200 : 401);
      expect(statuses['/api/chat/messages']).toBe(viewer === 'user' ? 200 : 401);
      expect(statuses[`/api/users/${victimId}`]).toBe(viewer === 'user' ? 200 : 401);
      await new Promise((r) => setTimeout(r, 100));
      socket.disconnect();

      const forbidden = await forbiddenValues(me?.user.email ?? null);
      const leaks: string[] = [];
      for (const [where, text] of seen) {
        for (const [what, value] of forbidden) if (text.includes(value)) leaks.push(`${where} carries ${what}`);
      }
      expect(leaks).toEqual([]);
      // The checks above can see a leak: the user's own e-mail does appear where it should.
      if (me) expect(seen.some(([, text]) => text.includes(me.user.email))).toBe(true);
    });
  }

  it('never puts a session token in a JSON body, even the signed-in user’s own', async () => {
    const email = `own-${randomUUID()}@example.test`;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Own Token', email, password: 'correct horse battery', birthMonth: '1990-01' },
    });
    expect(signUp.statusCode).toBe(200);
    const cookie = String([signUp.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'correct horse battery' },
    });
    const bodies = [signUp.body, signIn.body];
    for (const url of ['/api/auth/get-session', '/api/auth/list-sessions', '/api/session']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      bodies.push(response.body);
    }
    const tokens = (await t.database.db.selectFrom('sessions').select('token').execute()).map((s) => s.token);
    for (const body of bodies) for (const token of tokens) expect(body).not.toContain(token);
    expect(JSON.parse(bodies[2]!)).toMatchObject({ user: { email }, session: { userId: expect.any(String) } });
  });
});
