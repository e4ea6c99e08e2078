import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ZMediaCheckServers, type TMediaCheckServers } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';

const TURN_SECRET = 'check-turn-secret-never-sent';
const TURN_URLS = ['turn:turn.example.org:3478', 'turns:turn.example.org:443?transport=tcp'];

describe.each(TEST_ENGINES)('the connection check’s servers on %s', (engine) => {
  let t: TTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('refuses a visitor with the JSON error shape and no TURN address', async () => {
    t = await createTestApp(engine, { TURN_URLS: TURN_URLS.join(','), TURN_SECRET });
    const response = await t.app.inject({ method: 'GET', url: '/api/media/check-servers' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthenticated', message: expect.any(String) } });
    expect(response.body).not.toContain('turn:');
  });

  it('gives a signed-in user STUN and TURN credentials of their own that expire within ten minutes', async () => {
    t = await createTestApp(engine, {
      ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]',
      TURN_URLS: TURN_URLS.join(','),
      TURN_SECRET,
      TURN_TTL_SECONDS: '3600',
      ICE_TRANSPORT_POLICY: 'relay',
    });
    const { user, cookie } = await buildUser(t, { displayName: 'Checker' });
    const before = Math.floor(Date.now() / 1000);
    const response = await t.app.inject({ method: 'GET', url: '/api/media/check-servers', headers: { cookie } });
    const after = Math.floor(Date.now() / 1000);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).not.toContain(TURN_SECRET);
    const body = ZMediaCheckServers.parse(response.json()) satisfies TMediaCheckServers;
    expect(body.iceTransportPolicy).toBe('relay');
    const [stun, turn, ...rest] = body.iceServers;
    expect(stun).toEqual({ urls: 'stun:stun.example.org:3478' });
    expect(rest).toEqual([]);
    expect(turn?.urls).toEqual(TURN_URLS);
    const [expiry, userId, ...more] = (turn?.username ?? '').split(':');
    expect(more).toEqual([]);
    expect(userId).toBe(user.id);
    // Ten minutes, not the round's hour.
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600);
    expect(Number(expiry)).toBeLessThanOrEqual(after + 600);
    // What coturn recomputes from the shared secret (`use-auth-secret`).
    expect(turn?.credential).toBe(
      createHmac('sha1', TURN_SECRET)
        .update(turn?.username ?? '')
        .digest('base64'),
    );

    // Another user's credentials name that user, so coturn never takes one for the other.
    const other = await buildUser(t, { displayName: 'Other' });
    const theirs = ZMediaCheckServers.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/media/check-servers', headers: { cookie: other.cookie } })
      ).json(),
    );
    expect(theirs.iceServers[1]?.username?.split(':')[1]).toBe(other.user.id);
    expect(theirs.iceServers[1]?.credential).not.toBe(turn?.credential);
  });

  it('keeps a TURN_TTL_SECONDS shorter than ten minutes, and gives only the static servers without TURN', async () => {
    t = await createTestApp(engine, { TURN_URLS: TURN_URLS[0] ?? '', TURN_SECRET, TURN_TTL_SECONDS: '120' });
    const { cookie } = await buildUser(t);
    const now = Math.floor(Date.now() / 1000);
    const short = ZMediaCheckServers.parse(
      (await t.app.inject({ method: 'GET', url: '/api/media/check-servers', headers: { cookie } })).json(),
    );
    const expiry = Number(short.iceServers.at(-1)?.username?.split(':')[0]);
    expect(expiry).toBeGreaterThanOrEqual(now + 120);
    expect(expiry).toBeLessThanOrEqual(now + 121);
    expect(short.iceTransportPolicy).toBe('all');
    await t.close();

    t = await createTestApp(engine, { ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]' });
    const signedIn = await buildUser(t);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/media/check-servers',
      headers: { cookie: signedIn.cookie },
    });
    expect(plain.json()).toEqual({ iceServers: [{ urls: 'stun:stun.example.org:3478' }], iceTransportPolicy: 'all' });
  });
});
