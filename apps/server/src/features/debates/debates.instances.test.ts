/**
 * Two server instances on one PostgreSQL database, fanned out through Redis: a debater connected to one
 * is matched with a debater connected to the other, and both see one clock. Runs where TEST_DATABASE_URL
 * and REDIS_URL are set, and always in CI (see test/cluster.ts).
 */
import { afterAll, expect, it } from 'vitest';
import type { TDebateJoined } from '@resolved/shared';
import { buildUser } from '../../test/factories';
import { describeCluster } from '../../test/cluster';
import { ask, connectClient, nextEvent, type TTestSocket } from '../chat/chat-test-client';

describeCluster('debates on two instances', ({ startInstance, asTestApp }) => {
  const sockets: TTestSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  it('matches a debater on instance A with one on instance B, and both see one clock', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const ada = await buildUser(asTestApp(a), { displayName: 'Ada' });
    const grace = await buildUser(asTestApp(a), { displayName: 'Grace' });
    const adaSocket = await connectClient(a.url, ada.cookie);
    const graceSocket = await connectClient(b.url, grace.cookie);
    sockets.push(adaSocket, graceSocket);

    const adaTold = nextEvent(adaSocket, 'debate.matched');
    const queued = await a.app.inject({
      method: 'POST',
      url: '/api/debates/queue',
      headers: { cookie: ada.cookie },
      payload: { formatId: 'pf' },
    });
    expect(queued.json().status).toBe('waiting');
    // Grace queues through instance B, which does the matching; Ada hears of it on instance A.
    const matched = await b.app.inject({
      method: 'POST',
      url: '/api/debates/queue',
      headers: { cookie: grace.cookie },
      payload: { formatId: 'pf' },
    });
    expect(matched.json().status).toBe('matched');
    const { debateId } = matched.json() as { debateId: number };
    expect(await adaTold).toEqual({ debateId });

    const onA = await ask<TDebateJoined>(adaSocket, 'debate.join', { debateId });
    const onB = await ask<TDebateJoined>(graceSocket, 'debate.join', { debateId });
    if (!onA.ok || !onB.ok) throw new Error('join failed');
    // Presence is counted across both instances.
    expect(onB.data.presence.presentUserIds.sort()).toEqual([ada.user.id, grace.user.id].sort());

    const debate = onA.data.debate;
    const [proSocket, conSocket] =
      debate.debaters.a.userId === ada.user.id ? [adaSocket, graceSocket] : [graceSocket, adaSocket];
    const seenByCon = nextEvent(conSocket, 'debate.clock_changed');
    const started = await ask<{ clockVersion: number }>(proSocket, 'debate.start_speech', {
      debateId,
      clockVersion: 0,
    });
    expect(started.ok).toBe(true);
    const event = await seenByCon;
    expect(event).toMatchObject({ debateId, clockVersion: 1, clock: { phase: 'speech', speechIndex: 0 } });

    // A reload on the other instance reads the same clock from the database.
    const reread = await (proSocket === adaSocket ? b : a).app.inject({
      method: 'GET',
      url: `/api/debates/${debateId}`,
      headers: { cookie: ada.cookie },
    });
    expect(reread.json().debate.clock).toEqual(event.clock);
  });
});
