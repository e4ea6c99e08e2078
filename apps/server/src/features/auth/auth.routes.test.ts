import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { ADULT_BIRTH_MONTH, buildUser, cookieHeaderFrom, DEFAULT_TEST_PASSWORD } from '../../test/factories';

describe.each(TEST_ENGINES)('accounts API on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { ADMIN_EMAILS: 'chief@example.test, Second@Example.test' });
  });
  afterEach(async () => t.close());

  const signUp = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { birthMonth: ADULT_BIRTH_MONTH, ...payload },
      headers,
    });
  const signIn = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload, headers });

  it('signs up a user with role user, score 0 and createdAt, and sets an httpOnly SameSite=Lax cookie', async () => {
    const res = await signUp({ name: 'Ada Lovelace', email: 'Ada@Example.test', password: 'analytical1' });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/resolved\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: cookieHeaderFrom(res.headers['set-cookie']) },
    });
    const user = session.json().user;
    expect(user).toMatchObject({ displayName: 'Ada Lovelace', email: 'ada@example.test', role: 'user', score: 0 });
    expect(Date.now() - Date.parse(user.createdAt)).toBeLessThan(60_000);
    expect(Object.keys(user).sort()).toEqual(['ageBand', 'createdAt', 'displayName', 'email', 'id', 'role', 'score']);
  });

  it('stores the month of birth given at sign-up and shows only its age band on the session', async () => {
    const res = await signUp({
      name: 'Young',
      email: 'young@example.test',
      password: 'analytical1',
      birthMonth: '2011-06',
    });
    expect(res.statusCode).toBe(200);
    const cookie = cookieHeaderFrom(res.headers['set-cookie']);
    const user = (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json().user;
    expect(user.ageBand).toBe('minor');
    expect(user).not.toHaveProperty('birthMonth');
    const row = await t.database.db
      .selectFrom('users')
      .select('birthMonth')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(row?.birthMonth).toBe('2011-06');
  });

  it('refuses an impossible or future month of birth with a 400 and its message', async () => {
    for (const [birthMonth, message] of [
      ['2011-13', 'Enter a real month and year of birth.'],
      [`${new Date().getUTCFullYear() + 1}-01`, 'That month of birth is in the future.'],
      ['1890-01', 'Check the year of birth: that would make you 120 or older.'],
    ] as const) {
      const res = await signUp({ name: 'Odd', email: 'odd@example.test', password: 'analytical1', birthMonth });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
  });

  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const t2 = await createTestApp(engine, { PUBLIC_URL: 'https://debate.example.org' });
    try {
      const res = await t2.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: 'Sec', email: 'sec@example.test', password: 'debate-pass-123', birthMonth: '1990-01' },
      });
      expect(res.statusCode).toBe(200);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/session_token=/);
      expect(setCookie).toMatch(/; Secure/i);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
    } finally {
      await t2.close();
    }
  });

  it('tells a visitor they are signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it('refuses a second account for the same e-mail with a conflict', async () => {
    await buildUser(t, { email: 'taken@example.test' });
    const res = await signUp({ name: 'Again', email: 'TAKEN@example.test', password: 'whatever123' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'conflict', message: 'This email is already registered.' } });
  });

  it('enforces the password rule: 8 to 128 characters', async () => {
    const short = await signUp({ name: 'Bo', email: 'bo@example.test', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({
      code: 'validation_failed',
      message: 'Password must be at least 8 characters.',
    });
    const long = await signUp({ name: 'Bo', email: 'bo@example.test', password: 'x'.repeat(129) });
    expect(long.json().error.message).toBe('Password must be at most 128 characters.');
  });

  it('gives the distinct login messages: missing fields, unknown e-mail, wrong password', async () => {
    await buildUser(t, { email: 'known@example.test' });
    const empty = await signIn({ email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Please enter email and password');
    const unknown = await signIn({ email: 'nobody@example.test', password: 'whatever123' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'not_found', message: 'User not found. Please sign up.' });
    const wrong = await signIn({ email: 'known@example.test', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({ code: 'unauthenticated', message: 'Incorrect password.' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('signs in with the right password and signs out server-side', async () => {
    await buildUser(t, { email: 'pat@example.test', displayName: 'Pat' });
    expect(await t.database.db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
    const res = await signIn({ email: 'PAT@example.test', password: DEFAULT_TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const cookie = cookieHeaderFrom(res.headers['set-cookie']);
    const me = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(me.json().user.displayName).toBe('Pat');

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie }, payload: {} });
    expect(out.statusCode).toBe(200);
    // The old cookie no longer works: the session row is gone, not just the browser's cookie.
    const after = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(after.json().user).toBeNull();
    // buildUser's own session (from sign-up) remains; the one signed out is gone.
    const rows = await t.database.db.selectFrom('sessions').select('id').execute();
    expect(rows).toHaveLength(1);
  });

  it('makes ADMIN_EMAILS accounts admins at sign-up and, when the list changes, at their next sign-in', async () => {
    const chief = await buildUser(t, { email: 'Chief@example.test' });
    expect(chief.user.role).toBe('admin');
    const later = await buildUser(t, { email: 'second@example.test' });
    expect(later.user.role).toBe('admin');
    const plain = await buildUser(t, { email: 'plain@example.test' });
    expect(plain.user.role).toBe('user');

    // The list now names plain@: a second server with the new setting promotes them when they sign in.
    const t2 = await createTestApp(engine, { ADMIN_EMAILS: 'plain@example.test' });
    try {
      const { user } = await buildUser(t2, { email: 'plain@example.test' });
      expect(user.role).toBe('admin');
      await t2.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', user.id).execute();
      const res = await t2.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'plain@example.test', password: DEFAULT_TEST_PASSWORD },
      });
      const me = await t2.app.inject({
        method: 'GET',
        url: '/api/session',
        headers: { cookie: cookieHeaderFrom(res.headers['set-cookie']) },
      });
      expect(me.json().user.role).toBe('admin');
    } finally {
      await t2.close();
    }
  });

  it('reads the role fresh: a role change applies to an existing session at once', async () => {
    const { user, cookie } = await buildUser(t);
    await t.database.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', user.id).execute();
    const me = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(me.json().user.role).toBe('moderator');
  });

  it('refuses cross-site writes but accepts same-origin ones', async () => {
    const crossSite = await signUp(
      { name: 'Eve', email: 'eve@example.test', password: 'debate-pass-123' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('forbidden');
    const fetchMeta = await t.app.inject({
      method: 'POST',
      url: '/api/help/requests',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { name: 'Eve', email: 'eve@example.test', message: 'hello there' },
    });
    expect(fetchMeta.statusCode).toBe(403);
    const sameOrigin = await signUp(
      { name: 'Sam', email: 'sam@example.test', password: 'debate-pass-123' },
      { origin: t.config.publicUrl },
    );
    expect(sameOrigin.statusCode).toBe(200);
    const { cookie } = await buildUser(t);
    const signOutCrossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(signOutCrossSite.statusCode).toBe(403);
  });

  it('accepts sign-up from every local address of the port when PUBLIC_URL is unset', async () => {
    const port = t.config.port;
    expect(t.config.trustedOrigins).toContain(`http://127.0.0.1:${port}`);
    for (const [i, host] of ['localhost', '127.0.0.1', '[::1]'].entries()) {
      const res = await signUp(
        { name: `Local ${i}`, email: `local-${i}@example.test`, password: 'debate-pass-123' },
        { origin: `http://${host}:${port}`, host: `${host}:${port}` },
      );
      expect(res.statusCode, host).toBe(200);
    }
    const otherPort = await signUp(
      { name: 'Other', email: 'other-port@example.test', password: 'debate-pass-123' },
      { origin: `http://127.0.0.1:${port + 1}` },
    );
    expect(otherPort.statusCode).toBe(403);
  });

  it('does not expose the admin plugin endpoints (our admin routes enforce the rules)', async () => {
    const { cookie } = await buildUser(t, { email: 'chief@example.test' });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/admin/list-users', headers: { cookie } });
    expect(res.statusCode).toBe(404);
  });

  it('says whether Google sign-in is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-options' });
    expect(res.json()).toEqual({ isGoogleConfigured: false, isMailConfigured: false });
    const t2 = await createTestApp(engine, {
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:9',
    });
    try {
      const configured = await t2.app.inject({ method: 'GET', url: '/api/auth-options' });
      expect(configured.json()).toEqual({ isGoogleConfigured: true, isMailConfigured: false });
    } finally {
      await t2.close();
    }
  });
});

describe.each(TEST_ENGINES)('sign-in rate limits on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_IP: '4', AUTH_RATE_LIMIT_PER_EMAIL: '2' });
  });
  afterEach(async () => t.close());

  it('limits attempts per e-mail and per IP with a clear message', async () => {
    await buildUser(t, { email: 'target@example.test' });
    const attempt = (email: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: 'wrong-password' },
        remoteAddress: ip,
      });
    expect((await attempt('target@example.test', '10.0.0.1')).statusCode).toBe(401);
    expect((await attempt('target@example.test', '10.0.0.2')).statusCode).toBe(401);
    const perEmail = await attempt('target@example.test', '10.0.0.3');
    expect(perEmail.statusCode).toBe(429);
    // The window started at the first attempt: on a busy machine a few seconds of it may be gone.
    const error = perEmail.json().error as { details: { retryAfterSeconds: number } };
    expect(error).toMatchObject({
      code: 'rate_limited',
      message: 'Too many attempts. Please wait 15 minutes and try again.',
    });
    expect(error.details.retryAfterSeconds).toBeGreaterThan(880);
    expect(error.details.retryAfterSeconds).toBeLessThanOrEqual(900);
    expect(perEmail.headers['retry-after']).toBe(String(error.details.retryAfterSeconds));
    // Per IP: a fifth attempt from one address is refused whatever the e-mail.
    for (const n of [1, 2, 3, 4]) expect((await attempt(`x${n}@example.test`, '10.0.0.9')).statusCode).toBe(404);
    expect((await attempt('x5@example.test', '10.0.0.9')).statusCode).toBe(429);
  });
});
