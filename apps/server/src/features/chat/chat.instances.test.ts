/**
 * Two server instances on one PostgreSQL database, fanned out through Redis (the Socket.IO Redis adapter),
 * behave as one chat. Runs where TEST_DATABASE_URL and REDIS_URL are set, and always in CI (see test/cluster.ts).
 */
import { afterAll, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { describeCluster } from '../../test/cluster';
import { randomUUID } from 'node:crypto';
import { REALTIME_ROOMS, type TChatMessage } from '@resolved/shared';
import { connectClient, recordEvents, request, send, waitFor, type TTestSocket } from './chat-test-client';

describeCluster('chat on two instances', ({ startInstance, asTestApp, instances }) => {
  const sockets: TTestSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  async function member(url: string, cookie: string) {
    const socket = await connectClient(url, cookie);
    sockets.push(socket);
    const joined = await request(socket, 'chat.join', {});
    if (!joined.ok) throw new Error(joined.error.message);
    return { socket, joined: joined.data };
  }

  it('delivers a message sent through one instance to a client on the other, and counts presence across both', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const alice = await buildUser(asTestApp(a), { displayName: 'Alice' });
    const bob = await buildUser(asTestApp(a), { displayName: 'Bob' });
    const onA = await member(a.url, alice.cookie);
    const onB = await member(b.url, bob.cookie);
    // Exactly these two: other suites on the same Redis are other deployments (their own REDIS_KEY_PREFIX).
    expect(onB.joined.presence).toBe(2);

    const seenOnB = recordEvents(onB.socket);
    const seenOnA = recordEvents(onA.socket);
    const fromA = await send(onA.socket, 'hello from instance A');
    await waitFor(() => seenOnB.created.some((m) => m.id === fromA.id), 5000, 'A → B delivery');
    const fromB = await send(onB.socket, 'hello back from instance B');
    await waitFor(() => seenOnA.created.some((m) => m.id === fromB.id), 5000, 'B → A delivery');

    const deleted = await request(onB.socket, 'message.delete', { id: fromB.id });
    expect(deleted.ok).toBe(true);
    await waitFor(() => seenOnA.deleted.includes(fromB.id), 5000, 'B → A deletion');
  });

  it('loses nothing when a client moves to the other instance after its instance goes away', async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const reader = await buildUser(asTestApp(a));
    const writer = await buildUser(asTestApp(a));
    const readerOnA = await member(a.url, reader.cookie);
    const writerOnB = await member(b.url, writer.cookie);
    const live = recordEvents(readerOnA.socket);
    const since = readerOnA.joined.messages.at(-1)?.id ?? 0;

    const before: TChatMessage[] = [];
    for (let i = 0; i < 2; i += 1) before.push(await send(writerOnB.socket, `before ${i}`));
    await waitFor(() => before.every((m) => live.created.some((c) => c.id === m.id)), 5000, 'live messages');
    const lastSeen = Math.max(...live.created.map((m) => m.id));

    // Instance A goes away; the writer keeps chatting on B meanwhile.
    await a.app.close();
    // 2 + 3 messages: within the per-user rate limit.
    const after: TChatMessage[] = [];
    for (let i = 0; i < 3; i += 1) after.push(await send(writerOnB.socket, `after ${i}`));

    // The reader comes back through B (as a load balancer would send it) and catches up from its last id.
    const readerOnB = await connectClient(b.url, reader.cookie);
    sockets.push(readerOnB);
    const caughtUp = await request(readerOnB, 'chat.join', { afterId: lastSeen });
    if (!caughtUp.ok) throw new Error(caughtUp.error.message);

    const merged = new Map<number, string>();
    for (const m of [...live.created, ...caughtUp.data.messages]) merged.set(m.id, m.text);
    const expected = [...before, ...after].map((m) => m.id);
    expect([...merged.keys()].filter((id) => id > since).sort((x, y) => x - y)).toEqual(expected);
    expect(caughtUp.data.messages.map((m) => m.text)).toEqual(['after 0', 'after 1', 'after 2']);
  });

  it('delivers a batch of messages through the other instance once and in order, even when its instance shuts down', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const reader = await buildUser(asTestApp(b));
    const onB = await member(b.url, reader.cookie);
    const marker = randomUUID();
    const packets: TChatMessage[][] = [];
    onB.socket.on('messages.created', ({ messages }) => {
      const ours = messages.filter((m) => m.text.startsWith(marker));
      if (ours.length > 0) packets.push(ours);
    });
    const stored = [1, 2, 3].map((n): TChatMessage => ({
      id: 1_000_000 + n,
      clientId: randomUUID(),
      userId: reader.user.id,
      text: `${marker} ${n}`,
      displayName: 'Reader',
      role: 'user',
      timestamp: new Date().toISOString(),
    }));
    // Stored in one turn of the event loop (as a burst would be), then A shuts down at once.
    for (const message of stored) {
      a.app.context.events.emit({
        name: 'messages.created',
        room: REALTIME_ROOMS.chat,
        payload: { messages: [message] },
      });
    }
    await a.app.close();
    await waitFor(() => packets.flat().length >= stored.length, 5000, 'the batch on B');
    await new Promise((r) => setTimeout(r, 150));
    expect(packets).toHaveLength(1);
    expect(packets[0]!.map((m) => m.text)).toEqual(stored.map((m) => m.text));
  });

  it('still delivers a message stored while its instance is shutting down to the other instance', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const writer = await buildUser(asTestApp(a));
    const reader = await buildUser(asTestApp(b));
    const onA = await member(a.url, writer.cookie);
    const onB = await member(b.url, reader.cookie);
    const seen = recordEvents(onB.socket);
    const late: TChatMessage = {
      id: 2_000_000,
      clientId: randomUUID(),
      userId: writer.user.id,
      text: `stored during shutdown ${randomUUID()}`,
      displayName: 'Writer',
      role: 'user',
      timestamp: new Date().toISOString(),
    };
    // A's side of the writer's socket is disconnected by the shutdown; a send that was in flight would be
    // stored about then. (Runs inside A's shutdown, after it has started.)
    const serverSide = a.app.realtime.of('/').sockets.get(onA.socket.id!);
    serverSide!.on('disconnect', () => {
      a.app.context.events.emit({ name: 'messages.created', room: REALTIME_ROOMS.chat, payload: { messages: [late] } });
    });
    await a.app.close();
    await waitFor(() => seen.created.some((m) => m.text === late.text), 5000, 'the late message on B');
    expect(seen.created.filter((m) => m.text === late.text)).toHaveLength(1);
  });

  it('keeps two deployments that share one Redis apart (REDIS_KEY_PREFIX)', async () => {
    const b = instances[1]!;
    const c = await startInstance();
    const other = await startInstance({ REDIS_KEY_PREFIX: `another-deployment-${randomUUID()}` });
    const reader = await buildUser(asTestApp(b));
    const writer = await buildUser(asTestApp(b));
    const readerOnB = await member(b.url, reader.cookie);
    const seen = recordEvents(readerOnB.socket);
    // Same database, other deployment: its events stay on its own channels.
    const elsewhere = await send((await member(other.url, writer.cookie)).socket, 'from another deployment');
    const here = await send((await member(c.url, writer.cookie)).socket, 'from this deployment');
    await waitFor(() => seen.created.some((m) => m.id === here.id), 5000, 'delivery within the deployment');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.created.map((m) => m.id)).not.toContain(elsewhere.id);
  });
});
