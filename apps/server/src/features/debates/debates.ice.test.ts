import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebateJoined } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { ask, connectClient, listenOnFreePort, nextEvent, type TTestSocket } from '../chat/chat-test-client';

const TURN_SECRET = 'turn-secret-never-sent';
const TURN_URLS = ['turn:turn.example.org:3478', 'turn:turn.example.org:3478?transport=tcp'];

describe.each(TEST_ENGINES)('ICE servers in the join reply on %s', (engine) => {
  let t: TTestApp;
  let baseUrl: string;
  const sockets: TTestSocket[] = [];

  beforeEach(async () => {
    t = await createTestApp(engine, {
      ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]',
      TURN_URLS: TURN_URLS.join(','),
      TURN_SECRET,
      TURN_TTL_SECONDS: '600',
      ICE_TRANSPORT_POLICY: 'relay',
    });
    baseUrl = await listenOnFreePort(t.app);
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
  });

  async function client(cookie?: string) {
    const socket = await connectClient(baseUrl, cookie);
    sockets.push(socket);
    return socket;
  }

  async function join(cookie: string | undefined, debateId: number) {
    return ask<TDebateJoined>(await client(cookie), 'debate.join', { debateId });
  }

  /** Two debaters matched from the queue: the round's id, and each debater. */
  async function matched() {
    const first = await buildUser(t, { displayName: 'Ada' });
    const second = await buildUser(t, { displayName: 'Grace' });
    const told = nextEvent(await client(first.cookie), 'debate.matched');
    for (const { cookie } of [first, second]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/debates/queue',
        headers: { cookie },
        payload: { formatId: 'ld' },
      });
    }
    const { debateId } = await told;
    return { debateId, first, second };
  }

  it('gives the debaters and the judge TURN credentials of their own that expire, and spectators none', async () => {
    const { debateId, first, second } = await matched();
    const judge = await buildUser(t, { displayName: 'Judy' });
    const seated = await t.app.inject({
      method: 'POST',
      url: `/api/debates/${debateId}/judge`,
      headers: { cookie: judge.cookie },
    });
    expect(seated.statusCode).toBe(200);
    const spectator = await buildUser(t, { displayName: 'Watcher' });

    const replies: string[] = [];
    const before = Math.floor(Date.now() / 1000);
    for (const person of [first, second, judge]) {
      const joined = await join(person.cookie, debateId);
      if (!joined.ok) throw new Error('join failed');
      replies.push(JSON.stringify(joined));
      expect(joined.data.iceTransportPolicy).toBe('relay');
      const [stun, turn, ...rest] = joined.data.iceServers;
      expect(stun).toEqual({ urls: 'stun:stun.example.org:3478' });
      expect(rest).toEqual([]);
      expect(turn?.urls).toEqual(TURN_URLS);
      const [expiry, userId] = (turn?.username ?? '').split(':');
      expect(userId).toBe(person.user.id);
      expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600);
      expect(Number(expiry)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
      // What coturn computes from the shared secret (its `use-auth-secret` scheme).
      expect(turn?.credential).toBe(
        createHmac('sha1', TURN_SECRET)
          .update(turn?.username ?? '')
          .digest('base64'),
      );
    }

    const watching = await join(spectator.cookie, debateId);
    if (!watching.ok) throw new Error('spectator join failed');
    replies.push(JSON.stringify(watching));
    expect(watching.data.iceServers).toEqual([{ urls: 'stun:stun.example.org:3478' }]);
    expect(watching.data.iceTransportPolicy).toBe('relay');

    const visitor = await join(undefined, debateId);
    replies.push(JSON.stringify(visitor));
    expect(visitor).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    expect(JSON.stringify(visitor)).not.toContain('turn:');

    for (const reply of replies) expect(reply).not.toContain(TURN_SECRET);
    // Over HTTP too: the round itself carries no ICE setting.
    const round = await t.app.inject({
      method: 'GET',
      url: `/api/debates/${debateId}`,
      headers: { cookie: first.cookie },
    });
    expect(round.body).not.toContain(TURN_SECRET);
    expect(round.body).not.toContain('turn:');
  });

  it('gives a spectator who views through the media server TURN credentials of their own', async () => {
    await t.close();
    // The grant is signed without asking Janus, so an address where nothing listens is enough here.
    t = await createTestApp(engine, {
      ICE_SERVERS: '[]',
      TURN_URLS: TURN_URLS.join(','),
      TURN_SECRET,
      JANUS_URL: 'ws://127.0.0.1:9',
    });
    baseUrl = await listenOnFreePort(t.app);
    const { debateId } = await matched();
    const spectator = await buildUser(t, { displayName: 'Watcher' });
    const watching = await join(spectator.cookie, debateId);
    if (!watching.ok) throw new Error('spectator join failed');
    expect(watching.data.sfu?.role).toBe('viewer');
    const [turn, ...rest] = watching.data.iceServers;
    expect(rest).toEqual([]);
    expect(turn?.urls).toEqual(TURN_URLS);
    expect((turn?.username ?? '').split(':')[1]).toBe(spectator.user.id);
    expect(JSON.stringify(watching)).not.toContain(TURN_SECRET);
  });
});
