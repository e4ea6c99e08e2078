/**
 * A block's chat hiding across two instances (one PostgreSQL database, Redis adapter): the block is made through one
 * instance while the blocker's chat socket is on the other, and the blocked user writes through the first. Runs where
 * TEST_DATABASE_URL and REDIS_URL are set, and always in CI (see test/cluster.ts).
 */
import { afterAll, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { describeCluster } from '../../test/cluster';
import { connectClient, recordEvents, request, send, waitFor, type TTestSocket } from '../chat/chat-test-client';

describeCluster('blocks on two instances', ({ startInstance, asTestApp }) => {
  const sockets: TTestSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  async function inChat(url: string, cookie: string) {
    const socket = await connectClient(url, cookie);
    sockets.push(socket);
    const joined = await request(socket, 'chat.join', {});
    if (!joined.ok) throw new Error(joined.error.message);
    return socket;
  }

  it('hides the blocked user’s messages from the blocker’s socket on the other instance, live and at once', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const reader = await buildUser(asTestApp(a));
    const pest = await buildUser(asTestApp(a));
    const friend = await buildUser(asTestApp(a));
    const readerOnB = await inChat(b.url, reader.cookie);
    const pestOnA = await inChat(a.url, pest.cookie);
    const friendOnA = await inChat(a.url, friend.cookie);
    const seen = recordEvents(readerOnB);
    const before = await send(pestOnA, 'before');
    await waitFor(() => seen.created.some((m) => m.id === before.id), 5000, 'before the block');

    // Blocked through instance A: instance B moves the reader's socket (a server-side event over Redis).
    const blocked = await a.app.inject({
      method: 'PUT',
      url: `/api/blocks/${pest.user.id}`,
      headers: { cookie: reader.cookie },
    });
    expect(blocked.statusCode).toBe(200);
    // The hiding holds on B a moment later (the block travels to B as a server-side event).
    await new Promise((r) => setTimeout(r, 300));
    const [hidden, shown] = await Promise.all([send(pestOnA, 'hidden'), send(friendOnA, 'shown')]);
    const marker = await send(friendOnA, 'marker');
    await waitFor(() => seen.created.some((m) => m.id === marker.id), 5000, 'the marker on B');
    expect(seen.created.map((m) => m.id)).toContain(shown.id);
    expect(seen.created.map((m) => m.id)).not.toContain(hidden.id);

    // History through instance B hides them too; unblocking through B shows new ones again.
    const history = await b.app.inject({
      method: 'GET',
      url: '/api/chat/messages',
      headers: { cookie: reader.cookie },
    });
    expect(history.json().messages.map((m: { id: number }) => m.id)).not.toContain(before.id);
    await b.app.inject({ method: 'DELETE', url: `/api/blocks/${pest.user.id}`, headers: { cookie: reader.cookie } });
    await new Promise((r) => setTimeout(r, 300));
    const after = await send(pestOnA, 'after');
    await waitFor(() => seen.created.some((m) => m.id === after.id), 5000, 'after unblocking');
  });
});
