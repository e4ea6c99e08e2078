/**
 * Real e-mail through a local SMTP server: verification, "Forgot password?", and an ADMIN_EMAILS
 * address promoted only once its owner proves it. Plus `npm run admin` for servers without mail.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { cookieHeaderFrom } from '../../test/factories';
import { startTestSmtp, type TTestSmtp } from '../../test/smtp';
import { ADMIN_USAGE, runAdminCommand } from '../../cli/admin-command';

const ADMIN = 'chief@school.test';

describe.each(TEST_ENGINES)('mail on %s', (engine) => {
  let smtp: TTestSmtp;
  let t: TTestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => smtp.close());
  beforeEach(async () => {
    t = await createTestApp(engine, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Resolved <no-reply@school.test>',
      ADMIN_EMAILS: ADMIN,
    });
  });
  afterEach(async () => t.close());

  const signUp = (email: string, password = 'a long password 1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Someone', email, password, birthMonth: '1990-01' },
    });
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  const roleOf = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json().user?.role;
  /** Follows a link from a mail on this app (its host is PUBLIC_URL's), returning the answer. */
  const follow = (link: string, cookie?: string) => {
    const url = new URL(link);
    return t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: cookie ? { cookie } : {} });
  };

  it('promotes an ADMIN_EMAILS address only after its owner verifies it from the e-mail', async () => {
    const res = await signUp(ADMIN);
    expect(res.statusCode).toBe(200);
    const cookie = cookieHeaderFrom(res.headers['set-cookie']);
    // Whoever signed up with the address is not an admin yet, not even after signing in again.
    expect(await roleOf(cookie)).toBe('user');
    const again = await signIn(ADMIN, 'a long password 1');
    expect(await roleOf(cookieHeaderFrom(again.headers['set-cookie']))).toBe('user');

    const link = await smtp.linkSentTo(ADMIN);
    const mail = smtp.messages.findLast((m) => m.to.includes(ADMIN));
    expect(mail?.text).toContain('Confirm that this is your e-mail address');
    expect(mail?.raw).toMatch(/^From: Resolved <no-reply@school\.test>/m);
    expect(new URL(link).pathname).toBe('/api/auth/verify-email');
    const verified = await follow(link);
    expect(verified.statusCode).toBeLessThan(400);
    expect(await roleOf(cookie)).toBe('admin');
  });

  it('leaves someone who signs up with an admin’s address but cannot read its mail as a user', async () => {
    const res = await signUp(ADMIN, 'attacker password 1');
    const cookie = cookieHeaderFrom(res.headers['set-cookie']);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=not-the-token',
      headers: { cookie },
    });
    expect(forged.statusCode).toBeLessThan(500);
    expect(await roleOf(cookie)).toBe('user');
  });

  it('resets a forgotten password from the e-mailed link, and answers the same for an unknown address', async () => {
    expect((await signUp('pat@school.test', 'old password 1')).statusCode).toBe(200);
    const before = smtp.messages.length;
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'nobody@school.test', redirectTo: '/reset-password' },
    });
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'pat@school.test', redirectTo: '/reset-password' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await expect.poll(() => smtp.messages.length).toBeGreaterThan(before);
    expect(smtp.messages.some((m) => m.to.includes('nobody@school.test'))).toBe(false);

    const link = await smtp.linkSentTo('pat@school.test');
    const opened = await follow(link);
    expect(opened.statusCode).toBe(302);
    const landing = new URL(String(opened.headers.location), 'http://localhost');
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'brand new password 2', token },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn('pat@school.test', 'old password 1')).statusCode).toBe(401);
    expect((await signIn('pat@school.test', 'brand new password 2')).statusCode).toBe(200);
    // The link works once.
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'third password 3', token },
    });
    expect(reused.statusCode).toBe(400);
  });

  it('says mail is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth-options' })).json().isMailConfigured).toBe(true);
  });
});

describe.each(TEST_ENGINES)('npm run admin on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  it('grants and revokes admin by e-mail, never demoting the last admin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Coach', email: 'coach@school.test', password: 'a long password 1', birthMonth: '1990-01' },
    });
    const cookie = cookieHeaderFrom(res.headers['set-cookie']);
    await expect(runAdminCommand(t.database, ['promote', 'coach@school.test'])).rejects.toThrow(ADMIN_USAGE);
    await expect(runAdminCommand(t.database, ['grant', 'nobody@school.test'])).rejects.toThrow(/No account uses/);
    expect(await runAdminCommand(t.database, ['grant', 'Coach@School.test'])).toBe(
      'coach@school.test is now an admin.',
    );
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(session.json().user.role).toBe('admin');
    await expect(runAdminCommand(t.database, ['revoke', 'coach@school.test'])).rejects.toThrow(
      'The last admin cannot be demoted. Make another user an admin first.',
    );
  });
});
