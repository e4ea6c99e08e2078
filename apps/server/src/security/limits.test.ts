/**
 * The abuse limits, tried as an attacker and as a class would: forged X-Forwarded-For, a class of 40 signing up
 * behind one address, a script making hundreds of accounts, display names through update-user, password checks
 * from a signed-in session, and the hardening of the origin check, HSTS and CSP.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@resolved/shared';
import { loadConfig, parseTrustProxy } from '../config';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../test/harness';
import { buildUser, DEFAULT_TEST_PASSWORD } from '../test/factories';

const signUp = (t: TTestApp, n: number | string, remoteAddress = '203.0.113.7', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: {
      name: `Student ${n}`,
      email: `student-${n}@school.test`,
      password: 'debate-practice-1',
      birthMonth: '1990-01',
    },
    remoteAddress,
    headers,
  });

const helpRequest = (t: TTestApp, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/help/requests',
    payload: { name: 'Pat', email: 'pat@example.test', message: 'How do I join a debate?' },
    headers,
  });

describe('TRUST_PROXY setting', () => {
  it('is off by default and accepts true, a hop count, or addresses and CIDR ranges', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => parseTrustProxy('proxy.example.org')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow(/TRUST_PROXY/);
  });
});

describe.each(TEST_ENGINES)('per-IP limits and forwarded headers on %s', (engine) => {
  let t: TTestApp;
  afterEach(async () => t?.close());

  it('ignores a forged X-Forwarded-For when no proxy is trusted (sign-in and help limits hold)', async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_IP: '3' });
    const statuses: number[] = [];
    for (let n = 1; n <= 5; n += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: `nobody${n}@example.test`, password: 'whatever-1' },
        headers: { 'x-forwarded-for': `192.0.2.${n}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);

    const help: number[] = [];
    for (let n = 1; n <= 8; n += 1) help.push((await helpRequest(t, { 'x-forwarded-for': `192.0.2.${n}` })).statusCode);
    expect(help).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    const refused = await helpRequest(t, { 'x-forwarded-for': '192.0.2.99' });
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.json().error.message).toMatch(/Please wait \d+ (seconds?|minute) and try again\./);
  });

  it('uses the trusted proxy’s X-Forwarded-For when TRUST_PROXY names it', async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_IP: '3', TRUST_PROXY: '127.0.0.1' });
    const attempt = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: `nobody-${ip}@example.test`, password: 'whatever-1' },
        headers: { 'x-forwarded-for': ip },
      });
    // Each client behind the proxy has its own allowance…
    for (let n = 1; n <= 5; n += 1) expect((await attempt(`192.0.2.${n}`)).statusCode).toBe(404);
    // …and one client is still limited.
    const same = [];
    for (let n = 1; n <= 4; n += 1) same.push((await attempt('198.51.100.4')).statusCode);
    expect(same).toEqual([404, 404, 404, 429]);
  });

  it('does not trust X-Forwarded-For from an address that is not the named proxy', async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_IP: '2', TRUST_PROXY: '10.9.9.9' });
    const statuses: number[] = [];
    for (let n = 1; n <= 3; n += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: `x${n}@example.test`, password: 'whatever-1' },
        headers: { 'x-forwarded-for': `192.0.2.${n}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([404, 404, 429]);
  });
});

describe.each(TEST_ENGINES)('a class signing up together on %s (default limits)', (engine) => {
  let t: TTestApp;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  it('admits a class of 40 from one address, and stops a script making 500 accounts', async () => {
    t = await createTestApp(engine);
    const started = Date.now();
    for (let n = 1; n <= 40; n += 1) expect((await signUp(t, n)).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(10 * 60 * 1000);
    // The same address keeps creating accounts: stopped well before 500.
    let created = 40;
    let refusal;
    for (let n = 41; n <= 500; n += 1) {
      const res = await signUp(t, n);
      if (res.statusCode !== 200) {
        refusal = res;
        break;
      }
      created += 1;
    }
    expect(created).toBeLessThan(100);
    expect(refusal?.statusCode).toBe(429);
    expect(Number(refusal?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refusal?.json().error.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    // Another school's address is not affected.
    expect((await signUp(t, 'other-school', '198.51.100.20')).statusCode).toBe(200);
  }, 240_000);

  it('caps sign-ups per address per day even when each 15-minute window has room', async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_IP: '3', SIGNUP_DAILY_LIMIT_PER_IP: '5' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-20T08:00:00Z') });
    for (let n = 1; n <= 3; n += 1) expect((await signUp(t, `d${n}`)).statusCode).toBe(200);
    expect((await signUp(t, 'd4')).statusCode).toBe(429);
    vi.setSystemTime(Date.parse('2026-11-20T08:16:00Z'));
    expect((await signUp(t, 'd5')).statusCode).toBe(200);
    const overDay = await signUp(t, 'd6');
    expect(overDay.statusCode).toBe(429);
    // The day's cap, not the 15-minute window, refused it: the wait runs to the end of the day's window.
    expect(Number(overDay.headers['retry-after'])).toBeGreaterThan(60 * 60);
    expect(overDay.json().error.message).toMatch(/Please wait \d+ hours and try again\./);
  });
});

describe.each(TEST_ENGINES)('display names and password checks on %s', (engine) => {
  let t: TTestApp;
  afterEach(async () => t?.close());

  it('applies the sign-up name rules to update-user and answers 400 to every wrong body', async () => {
    t = await createTestApp(engine);
    const { cookie } = await buildUser(t, { displayName: 'Original Name' });
    const update = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    const bad: unknown[] = [
      { name: null },
      { image: {} },
      { name: ['a'] },
      { name: { first: 'x' } },
      [],
      'just text',
      { name: 'x'.repeat(5000) },
      { name: '   ' },
      { name: 'Nul\u0000Byte' },
      { name: 'Bell\u0007' },
      { name: 'Fine', role: 'admin' },
      { name: 'Fine', score: 1000 },
    ];
    for (const body of bad) {
      const res = await update(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    const ok = await update({ name: '  Renamed Debater  ' });
    expect(ok.statusCode).toBe(200);
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(session.json().user.displayName).toBe('Renamed Debater');
    const board = await t.app.inject({ method: 'GET', url: '/api/leaderboard' });
    const names = (board.json().entries as { displayName: string }[]).map((e) => e.displayName);
    expect(names).toContain('Renamed Debater');
    expect(names.every((name) => name.trim() !== '' && name.length <= 80 && !name.includes('\u0000'))).toBe(true);
  });

  it('refuses the most common passwords at sign-up and when changing a password', async () => {
    t = await createTestApp(engine);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Lazy', email: 'lazy@example.test', password: 'password123', birthMonth: '1990-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(COMMON_PASSWORD_MESSAGE);
    const { cookie } = await buildUser(t);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: 'iloveyou1' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().error.message).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it('throttles password checks from a signed-in session like sign-in', async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_EMAIL: '3' });
    const { cookie } = await buildUser(t);
    const verify = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/verify-password', headers: { cookie }, payload: { password } });
    const statuses: number[] = [];
    for (let n = 1; n <= 5; n += 1) statuses.push((await verify(`guess-number-${n}`)).statusCode);
    expect(statuses.slice(0, 3).every((s) => s !== 429 && s < 500)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // The right password is refused too while the limit holds: the limit is what stops guessing.
    expect((await verify(DEFAULT_TEST_PASSWORD)).statusCode).toBe(429);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: 'guess', newPassword: 'another-password-1' },
    });
    expect(change.statusCode).toBe(429);
    expect(change.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe.each(TEST_ENGINES)('origin check, HSTS and CSP on %s', (engine) => {
  let t: TTestApp;
  afterEach(async () => t?.close());

  it('refuses a cross-site write whose path only looks like the OAuth callback, with the security headers', async () => {
    t = await createTestApp(engine);
    const { cookie } = await buildUser(t, { displayName: 'Victim' });
    for (const url of ['/api/auth/callback/../update-user', '/api/auth/callback/%2e%2e/update-user']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Hacked' }),
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // Same-origin, the dot-segment path is still not a way round the update-user rules.
    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/../update-user',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(500) }),
    });
    expect(sameSite.statusCode).toBe(400);
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(session.json().user.displayName).toBe('Victim');
  });

  it('sends HSTS only over https and a CSP without wildcard image or socket sources', async () => {
    t = await createTestApp(engine, { TRUST_PROXY: '127.0.0.1' });
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const csp = String(plain.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    expect(directive('img-src')).not.toMatch(/https:(\s|$)/);
    expect(directive('connect-src').split(/\s+/)).not.toContain('ws:');
    expect(directive('connect-src').split(/\s+/)).not.toContain('wss:');
    expect(directive('connect-src')).toContain("'self'");
    // Every source parses: an IPv6 literal such as ws://[::1]:3000 is not valid CSP and Chromium logs an error.
    expect(directive('connect-src')).not.toContain('[');
  });

  it('does not believe X-Forwarded-Proto from an untrusted client', async () => {
    t = await createTestApp(engine);
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
