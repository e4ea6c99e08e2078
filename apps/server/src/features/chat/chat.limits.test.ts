/**
 * The chat limits hold under bursts: the count and the insert are one step, so 30
 * simultaneous sends store exactly the allowance, on one instance and across two sharing one database; the
 * round chat has the same guarantees, and WebRTC signalling is limited per connection.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_RATE_LIMIT, SIGNAL_LIMIT, type TDebateJoined, type TDebateMessage } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { describeCluster } from '../../test/cluster';
import { ask, connectClient, listenOnFreePort, nextEvent, request, type TTestSocket } from './chat-test-client';

async function storedChatCount(t: TTestApp, userId: string): Promise<number> {
  const { count } = await t.database.db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

describe.each(TEST_ENGINES)('chat limits under bursts on %s', (engine) => {
  let t: TTestApp;
  let baseUrl: string;
  const sockets: TTestSocket[] = [];
  beforeEach(async () => {
    t = await createTestApp(engine, { DEBATE_FORFEIT_AFTER_MS: '60000' });
    baseUrl = await listenOnFreePort(t.app);
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
  });
  async function client(cookie: string) {
    const socket = await connectClient(baseUrl, cookie);
    sockets.push(socket);
    return socket;
  }

  it('stores exactly the allowance of 30 simultaneous community chat sends on one socket', async () => {
    const { user, cookie } = await buildUser(t);
    const socket = await client(cookie);
    const joined = await request(socket, 'chat.join', {});
    expect(joined.ok).toBe(true);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        request(socket, 'message.send', { clientId: randomUUID(), text: `burst ${n}` }),
      ),
    );
    expect(replies.filter((r) => r.ok)).toHaveLength(CHAT_RATE_LIMIT.messages);
    expect(replies.filter((r) => !r.ok && r.error.code === 'rate_limited')).toHaveLength(30 - CHAT_RATE_LIMIT.messages);
    expect(await storedChatCount(t, user.id)).toBe(CHAT_RATE_LIMIT.messages);
  });

  async function matchedRound() {
    const first = await buildUser(t, { displayName: 'Ada' });
    const second = await buildUser(t, { displayName: 'Grace' });
    const firstSocket = await client(first.cookie);
    const told = nextEvent(firstSocket, 'debate.matched');
    for (const who of [first, second]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/debates/queue',
        headers: { cookie: who.cookie },
        payload: { formatId: 'ld' },
      });
    }
    const { debateId } = await told;
    const joined = await ask<TDebateJoined>(firstSocket, 'debate.join', { debateId });
    if (!joined.ok) throw new Error('join failed');
    return { debateId, first, second, firstSocket };
  }

  it('gives the round chat the same limit: 40 socket sends and 20 HTTP posts at once store only the allowance', async () => {
    const { debateId } = await matchedRound();
    // A stranger claims the judge seat and floods the round chat from a socket and over HTTP at once.
    const stranger = await buildUser(t, { displayName: 'Stranger' });
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/debates/${debateId}/judge`,
      headers: { cookie: stranger.cookie },
    });
    expect(claim.statusCode).toBe(200);
    const socket = await client(stranger.cookie);
    const viaSocket = Array.from({ length: 40 }, (_, n) =>
      ask<{ message: TDebateMessage }>(socket, 'debate.send_message', {
        debateId,
        text: `s${n}`,
        clientId: randomUUID(),
      }),
    );
    const viaHttp = Array.from({ length: 20 }, (_, n) =>
      t.app.inject({
        method: 'POST',
        url: `/api/debates/${debateId}/messages`,
        headers: { cookie: stranger.cookie },
        payload: { text: `h${n}`, clientId: randomUUID() },
      }),
    );
    const [socketReplies, httpReplies] = await Promise.all([Promise.all(viaSocket), Promise.all(viaHttp)]);
    const accepted = socketReplies.filter((r) => r.ok).length + httpReplies.filter((r) => r.statusCode === 201).length;
    expect(accepted).toBe(CHAT_RATE_LIMIT.messages);
    expect(httpReplies.filter((r) => r.statusCode === 429)).toHaveLength(
      20 - httpReplies.filter((r) => r.statusCode === 201).length,
    );
    const stored = await t.database.db
      .selectFrom('debateMessages')
      .select('id')
      .where('userId', '=', stranger.user.id)
      .execute();
    expect(stored).toHaveLength(CHAT_RATE_LIMIT.messages);
  });

  it('stores a retried round message once (same client id)', async () => {
    const { debateId, first, firstSocket } = await matchedRound();
    const clientId = randomUUID();
    const sent = await Promise.all(
      [1, 2, 3].map(() =>
        ask<{ message: TDebateMessage }>(firstSocket, 'debate.send_message', {
          debateId,
          text: 'hello judge',
          clientId,
        }),
      ),
    );
    const ids = sent.map((r) => (r.ok ? r.data.message.id : -1));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBeGreaterThan(0);
    const retryOverHttp = await t.app.inject({
      method: 'POST',
      url: `/api/debates/${debateId}/messages`,
      headers: { cookie: first.cookie },
      payload: { text: 'hello judge', clientId },
    });
    expect(retryOverHttp.json().message.id).toBe(ids[0]);
    const rows = await t.database.db
      .selectFrom('debateMessages')
      .select('id')
      .where('debateId', '=', debateId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lets a WebRTC negotiation through and refuses a signal flood with an error acknowledgement', async () => {
    const { debateId, firstSocket, second } = await matchedRound();
    const toUserId = second.user.id;
    const signal = (n: number) =>
      ask(firstSocket, 'debate.signal', {
        debateId,
        toUserId,
        signal: {
          type: 'candidate',
          candidate: {
            candidate: `candidate:${n} 1 udp 2122260223 10.0.0.1 5000${n % 10} typ host`,
            sdpMid: '0',
            sdpMLineIndex: 0,
          },
        },
      });
    // A negotiation: an offer and forty candidates pass.
    const offer = await ask(firstSocket, 'debate.signal', {
      debateId,
      toUserId,
      signal: { type: 'offer', sdp: 'v=0\r\n' },
    });
    expect(offer.ok).toBe(true);
    const negotiation = await Promise.all(Array.from({ length: 40 }, (_, n) => signal(n)));
    expect(negotiation.every((r) => r.ok)).toBe(true);
    // A flood past the burst is refused.
    const flood = await Promise.all(Array.from({ length: SIGNAL_LIMIT.burst }, (_, n) => signal(n)));
    const refused = flood.filter((r) => !r.ok);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toEqual({
      ok: false,
      error: { code: 'rate_limited', message: 'Too many connection messages. Wait a moment.' },
    });
  });
});

describeCluster('chat limit across two instances', ({ startInstance, asTestApp }) => {
  const sockets: TTestSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  it('stores exactly the allowance when one user sends 30 messages at once through two instances', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const { user, cookie } = await buildUser(asTestApp(a));
    const onA = await connectClient(a.url, cookie);
    const onB = await connectClient(b.url, cookie);
    sockets.push(onA, onB);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        request(n % 2 === 0 ? onA : onB, 'message.send', { clientId: randomUUID(), text: `two instances ${n}` }),
      ),
    );
    expect(replies.filter((r) => r.ok)).toHaveLength(CHAT_RATE_LIMIT.messages);
    expect(await storedChatCount(asTestApp(a), user.id)).toBe(CHAT_RATE_LIMIT.messages);
  });
});
