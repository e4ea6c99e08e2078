import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, TEST_ENGINES, type TTestApp } from './harness';
import { ADULT_BIRTH_MONTH, cookieHeaderFrom, DEFAULT_TEST_PASSWORD } from './factories';
import { insertSignedInUser, isPlainSignUp, sessionCookie } from './signed-in-user';

/** A row's columns with the kind of value each holds (a string, a number, a Date, null…). */
function shapeOf(row: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      value === null ? 'null' : value instanceof Date ? 'Date' : typeof value,
    ]),
  );
}

describe.each(TEST_ENGINES)('a signed-in user written directly, beside a real sign-up, on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const rowsOf = async (userId: string) => ({
    user: await t.database.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
    account: await t.database.db
      .selectFrom('accounts')
      .selectAll()
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow(),
    session: await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow(),
  });

  it('stores the rows better-auth stores, and signs the cookie as it does', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Real One', email: 'Real@Example.test', password: 'analytical1', birthMonth: '1991-02' },
    });
    expect(signUp.statusCode).toBe(200);
    const realCookie = cookieHeaderFrom(signUp.headers['set-cookie']);
    const real = await rowsOf(signUp.json().user.id);
    const quick = await insertSignedInUser(t, {
      name: 'Quick One',
      email: 'Quick@Example.test',
      password: 'analytical1',
      birthMonth: '1991-02',
    });
    const direct = await rowsOf(quick.id);

    for (const table of ['user', 'account', 'session'] as const) {
      expect(shapeOf(direct[table]), table).toEqual(shapeOf(real[table]));
    }
    const same = <T extends Record<string, unknown>>(row: T, except: (keyof T)[]) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => !except.includes(column)));
    expect(same(direct.user, ['id', 'displayName', 'email', 'createdAt', 'updatedAt'])).toEqual(
      same(real.user, ['id', 'displayName', 'email', 'createdAt', 'updatedAt']),
    );
    expect(direct.user).toMatchObject({ displayName: 'Quick One', email: 'quick@example.test' });
    expect(real.user).toMatchObject({ displayName: 'Real One', email: 'real@example.test' });
    expect(direct.user.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(String(real.user.id)).toHaveLength(32);

    const accountColumns = ['id', 'accountId', 'userId', 'password', 'createdAt', 'updatedAt'] as const;
    expect(same(direct.account, [...accountColumns])).toEqual(same(real.account, [...accountColumns]));
    expect(direct.account.accountId).toBe(quick.id);

    const sessionColumns = ['id', 'token', 'userId', 'expiresAt', 'createdAt', 'updatedAt'] as const;
    expect(same(direct.session, [...sessionColumns])).toEqual(same(real.session, [...sessionColumns]));
    const lifetime = (row: { expiresAt: string | Date; createdAt: string | Date }) =>
      new Date(row.expiresAt).getTime() - new Date(row.createdAt).getTime();
    expect(Math.abs(lifetime(direct.session) - lifetime(real.session))).toBeLessThan(1000);

    // The cookie: the real sign-up's is what `sessionCookie` computes for its token.
    const { authCookies, secret } = await t.app.auth.$context;
    expect(realCookie).toBe(sessionCookie(authCookies.sessionToken.name, String(real.session.token), secret));
    expect(quick.cookie).toBe(sessionCookie(authCookies.sessionToken.name, String(direct.session.token), secret));

    // Both sign in the same way: the session door, and the password at the sign-in route.
    const sessionOf = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json().user;
    expect(await sessionOf(quick.cookie)).toMatchObject({ id: quick.id, displayName: 'Quick One', role: 'user' });
    expect(Object.keys(await sessionOf(quick.cookie)).sort()).toEqual(Object.keys(await sessionOf(realCookie)).sort());
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'quick@example.test', password: 'analytical1' },
    });
    expect(signIn.statusCode).toBe(200);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'quick@example.test', password: 'analytical2' },
    });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('which sign-ups may be written directly', () => {
  const plain = {
    name: 'Pat Doe',
    email: 'pat@example.test',
    password: DEFAULT_TEST_PASSWORD,
    birthMonth: ADULT_BIRTH_MONTH,
  };
  const config = loadConfig({ NODE_ENV: 'test', ADMIN_EMAILS: 'boss@example.test' });

  it('only those that store an account and sign it in, nothing more', () => {
    expect(isPlainSignUp(config, plain)).toBe(true);
    // An ADMIN_EMAILS address is promoted by better-auth's hooks.
    expect(isPlainSignUp(config, { ...plain, email: 'Boss@example.test' })).toBe(false);
    // With mail, sign-up sends a verification link.
    const withMail = loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@example.test' });
    expect(isPlainSignUp(withMail, plain)).toBe(false);
    // A name the text filter flags is filed as a case; one it refuses, or any invalid field, is refused.
    expect(isPlainSignUp(config, { ...plain, name: 'Pat s h i t' })).toBe(false);
    expect(isPlainSignUp(config, { ...plain, password: 'short' })).toBe(false);
    // Under 13 signs up only through a team's join link.
    expect(isPlainSignUp(config, { ...plain, birthMonth: '2024-01' })).toBe(false);
    // A join link joins a team in the same request.
    expect(isPlainSignUp(config, { ...plain, joinCode: 'ABCD-EFGH' })).toBe(false);
  });
});
