/**
 * The chat lock on two instances of one deployment: an admin's switch through one instance holds
 * at once on the other, for sends (read from the database in the send's locked step) and for the banner (the
 * `chat.lock_changed` domain event, carried by the Redis adapter).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { describeCluster } from '../../test/cluster';
import { connectClient, nextEvent, request, type TTestSocket } from './chat-test-client';

describeCluster('chat lock on two instances', ({ startInstance, asTestApp }) => {
  const sockets: TTestSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  async function inChat(url: string, cookie: string) {
    const socket = await connectClient(url, cookie);
    sockets.push(socket);
    const joined = await request(socket, 'chat.join', {});
    if (!joined.ok) throw new Error(joined.error.message);
    return { socket, joined: joined.data };
  }

  it('turned on through one instance, refuses a new account on the other at once and shows its banner there', async () => {
    const a = await startInstance();
    const b = await startInstance();
    const admin = await buildUser(asTestApp(a), { role: 'admin' });
    const newcomer = await buildUser(asTestApp(a));
    const onB = await inChat(b.url, newcomer.cookie);
    expect(onB.joined.lock.isLocked).toBe(false);
    const first = await request(onB.socket, 'message.send', { clientId: randomUUID(), text: 'before the switch' });
    expect(first.ok).toBe(true);

    const banner = nextEvent(onB.socket, 'chat.lock_changed');
    const on = await a.app.inject({
      method: 'PUT',
      url: '/api/chat/lock',
      headers: { cookie: admin.cookie },
      payload: { isLocked: true },
    });
    expect(on.statusCode).toBe(200);
    // No waiting: the very next send through B is refused.
    const refused = await request(onB.socket, 'message.send', { clientId: randomUUID(), text: 'after the switch' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', reason: 'chat_locked' } });
    expect(await banner).toMatchObject({ isLocked: true });
    // Someone arriving on B is shown the banner with the join.
    const arriving = await inChat(b.url, (await buildUser(asTestApp(b))).cookie);
    expect(arriving.joined.lock.isLocked).toBe(true);

    // Off through B: A lets the newcomer post at once, and A's chat hears of it.
    const onA = await inChat(a.url, newcomer.cookie);
    const bannerGone = nextEvent(onA.socket, 'chat.lock_changed');
    const off = await b.app.inject({
      method: 'PUT',
      url: '/api/chat/lock',
      headers: { cookie: admin.cookie },
      payload: { isLocked: false },
    });
    expect(off.statusCode).toBe(200);
    const again = await request(onA.socket, 'message.send', { clientId: randomUUID(), text: 'open again' });
    expect(again.ok).toBe(true);
    expect(await bannerGone).toMatchObject({ isLocked: false });
  });
});
