import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CHAT_PAGE_SIZE,
  CHAT_RATE_LIMIT,
  CHAT_RATE_LIMIT_MESSAGE,
  chatResyncCursor,
  type TChatMessage,
} from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { insertMessageOnce } from './chat.repository';
import {
  connectClient,
  listenOnFreePort,
  nextEvent,
  recordEvents,
  request,
  send,
  waitFor,
  type TTestSocket,
} from './chat-test-client';

describe.each(TEST_ENGINES)('chat socket protocol on %s', (engine) => {
  let t: TTestApp;
  let baseUrl: string;
  const sockets: TTestSocket[] = [];

  async function client(cookie?: string, options?: { reconnectionDelay?: number }) {
    const socket = await connectClient(baseUrl, cookie, options);
    sockets.push(socket);
    return socket;
  }

  /** A signed-in user with a connected client that has joined the chat. */
  async function member(opts: Parameters<typeof buildUser>[1] = {}) {
    const { user, cookie } = await buildUser(t, opts);
    const socket = await client(cookie);
    const joined = await request(socket, 'chat.join', {});
    expect(joined.ok).toBe(true);
    return { user, cookie, socket };
  }

  const storedMessages = () => t.database.db.selectFrom('messages').selectAll().orderBy('id').execute();

  beforeEach(async () => {
    t = await createTestApp(engine);
    baseUrl = await listenOnFreePort(t.app);
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
  });

  it('refuses visitors: no join, no send, no delete, no history, and no live messages', async () => {
    const visitor = await client();
    const seen = recordEvents(visitor);
    const join = await request(visitor, 'chat.join', {});
    expect(join).toEqual({ ok: false, error: { code: 'unauthenticated', message: 'Sign in to use the chat.' } });
    const sent = await request(visitor, 'message.send', { clientId: randomUUID(), text: 'hello' });
    expect(sent).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    expect(await request(visitor, 'message.delete', { id: 1 })).toMatchObject({
      ok: false,
      error: { code: 'unauthenticated' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/messages' })).statusCode).toBe(401);

    const { socket } = await member();
    await send(socket, 'members only');
    await new Promise((r) => setTimeout(r, 150));
    expect(seen.created).toEqual([]);
    expect(await storedMessages()).toHaveLength(1);
  });

  it('validates payloads with readable messages and stores nothing invalid', async () => {
    const { socket } = await member();
    const cases: [unknown, string][] = [
      [{ clientId: randomUUID(), text: '   ' }, 'Type a message first.'],
      [{ clientId: randomUUID(), text: 'x'.repeat(1001) }, 'A message can be at most 1000 characters.'],
      [{ clientId: 'not-a-uuid', text: 'hi' }, 'The message needs a client id (a UUID).'],
      [{ text: 'hi' }, 'The message needs a client id (a UUID).'],
      ['just a string', expect.any(String) as unknown as string],
    ];
    for (const [payload, message] of cases) {
      const reply = await request(socket, 'message.send', payload);
      expect(reply).toMatchObject({ ok: false, error: { code: 'validation_failed', message } });
    }
    expect(await request(socket, 'message.delete', { id: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });
    expect(await request(socket, 'chat.join', { afterId: -1 })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });
    expect(await storedMessages()).toEqual([]);
    // Exactly 1000 characters is allowed, and text is trimmed.
    const long = await send(socket, `  ${'y'.repeat(1000)}  `);
    expect(long.text).toBe('y'.repeat(1000));
  });

  it('acknowledges only once the message is stored, and delivers it live to every chat member', async () => {
    const alice = await member({ displayName: 'Alice' });
    const bob = await member({ displayName: 'Bob' });
    const bobSeen = recordEvents(bob.socket);

    const clientId = randomUUID();
    const reply = await request(alice.socket, 'message.send', { clientId, text: '<img src=x onerror=alert(1)>' });
    // The ack arrives after the row exists: read it right away.
    const rows = await storedMessages();
    expect(rows).toHaveLength(1);
    expect(reply).toEqual({
      ok: true,
      data: {
        message: {
          id: rows[0]!.id,
          clientId,
          userId: alice.user.id,
          text: '<img src=x onerror=alert(1)>',
          displayName: 'Alice',
          role: 'user',
          timestamp: rows[0]!.timestamp,
        },
      },
    });
    expect(rows[0]).toMatchObject({ email: alice.user.email, role: 'user', deletedAt: null });
    expect(Date.now() - Date.parse(rows[0]!.timestamp)).toBeLessThan(5000);
    await waitFor(() => bobSeen.created.length === 1, 5000, 'live delivery');
    expect(bobSeen.created[0]).toEqual(reply.ok && reply.data.message);
  });

  it('signs messages per spec §3 with the role read from the user record at send time', async () => {
    const admin = await member({ role: 'admin', displayName: 'Head Coach' });
    const anonymous = await member({ displayName: 'Temp' });
    await t.database.db.updateTable('users').set({ displayName: '' }).where('id', '=', anonymous.user.id).execute();
    const moderatorLater = await member({ displayName: 'Mo' });

    expect(await send(admin.socket, 'from the admin')).toMatchObject({ displayName: 'Admin', role: 'admin' });
    expect(await send(anonymous.socket, 'no name')).toMatchObject({ displayName: 'Anonymous', role: 'user' });
    // Promoted after connecting: the message carries the new role.
    await t.database.db
      .updateTable('users')
      .set({ role: 'moderator' })
      .where('id', '=', moderatorLater.user.id)
      .execute();
    expect(await send(moderatorLater.socket, 'promoted')).toMatchObject({ displayName: 'Mo', role: 'moderator' });
  });

  it('stores a retried message once: the same client id returns the first stored message', async () => {
    const alice = await member();
    const bob = await member();
    const bobSeen = recordEvents(bob.socket);
    const clientId = randomUUID();
    const [first, second] = await Promise.all([
      send(alice.socket, 'once', clientId),
      send(alice.socket, 'once', clientId),
    ]);
    const third = await send(alice.socket, 'once', clientId);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(await storedMessages()).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 150));
    // Only that message: each retry announces it again (its first instance may have died before announcing it).
    expect(new Set(bobSeen.created.map((m) => m.id))).toEqual(new Set([first.id]));
    // The same client id from another user is a different message.
    expect((await send(bob.socket, 'once', clientId)).id).not.toBe(first.id);
  });

  it('rate-limits each user with a clear message, and lets them send again once the window has passed', async () => {
    const alice = await member();
    const bob = await member();
    for (let i = 0; i < CHAT_RATE_LIMIT.messages; i += 1) await send(alice.socket, `m${i}`);
    const refused = await request(alice.socket, 'message.send', { clientId: randomUUID(), text: 'one too many' });
    expect(refused).toEqual({ ok: false, error: { code: 'rate_limited', message: CHAT_RATE_LIMIT_MESSAGE } });
    // Someone else is not affected.
    await send(bob.socket, 'hello');
    // The window passes (moved back in time rather than waited for).
    const past = new Date(Date.now() - CHAT_RATE_LIMIT.windowMs - 1000).toISOString();
    await t.database.db.updateTable('messages').set({ timestamp: past }).where('userId', '=', alice.user.id).execute();
    await send(alice.socket, 'back again');
    expect((await storedMessages()).filter((m) => m.userId === alice.user.id)).toHaveLength(
      CHAT_RATE_LIMIT.messages + 1,
    );
  });

  it('lets authors delete their own messages and moderators and admins any, live for everyone', async () => {
    const alice = await member();
    const bob = await member();
    const moderator = await member({ role: 'moderator' });
    const admin = await member({ role: 'admin' });
    const bobSeen = recordEvents(bob.socket);

    const a1 = await send(alice.socket, 'first');
    const a2 = await send(alice.socket, 'second');
    const a3 = await send(alice.socket, 'third');

    expect(await request(bob.socket, 'message.delete', { id: a1.id })).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'You can only delete your own messages.' },
    });
    expect(await request(alice.socket, 'message.delete', { id: a1.id })).toEqual({ ok: true, data: { id: a1.id } });
    expect(await request(moderator.socket, 'message.delete', { id: a2.id })).toEqual({ ok: true, data: { id: a2.id } });
    expect(await request(admin.socket, 'message.delete', { id: a3.id })).toEqual({ ok: true, data: { id: a3.id } });
    await waitFor(() => bobSeen.deleted.length === 3, 5000, 'live deletions');
    expect(bobSeen.deleted).toEqual([a1.id, a2.id, a3.id]);
    expect(await request(alice.socket, 'message.delete', { id: a1.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });

    const rows = await storedMessages();
    expect(rows.map((r) => r.deletedBy)).toEqual([alice.user.id, moderator.user.id, admin.user.id]);
    const joined = await request(bob.socket, 'chat.join', {});
    expect(joined.ok && joined.data.messages).toEqual([]);
  });

  it('pages history newest-first by id and catches up after an id, with deletions since a time', async () => {
    const alice = await member();
    const now = new Date().toISOString();
    const total = CHAT_PAGE_SIZE * 2 + 10;
    await t.database.db
      .insertInto('messages')
      .values(
        Array.from({ length: total }, (_, i) => ({
          clientId: randomUUID(),
          userId: alice.user.id,
          text: `old ${i + 1}`,
          email: alice.user.email,
          displayName: alice.user.displayName,
          role: 'user',
          timestamp: now,
          deletedAt: null,
          deletedBy: null,
        })),
      )
      .execute();
    const ids = (await storedMessages()).map((r) => r.id);

    const joined = await request(alice.socket, 'chat.join', {});
    if (!joined.ok) throw new Error(joined.error.message);
    expect(joined.data.messages.map((m) => m.id)).toEqual(ids.slice(-CHAT_PAGE_SIZE));
    expect(joined.data.hasMore).toBe(true);

    const get = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/chat/messages${query}`,
        headers: { cookie: alice.cookie },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ messages: TChatMessage[]; hasMore: boolean }>();
    };
    const older = await get(`?beforeId=${joined.data.messages[0]!.id}`);
    expect(older.messages.map((m) => m.id)).toEqual(ids.slice(-2 * CHAT_PAGE_SIZE, -CHAT_PAGE_SIZE));
    expect(older.hasMore).toBe(true);
    const oldest = await get(`?beforeId=${older.messages[0]!.id}`);
    expect(oldest.messages.map((m) => m.id)).toEqual(ids.slice(0, 10));
    expect(oldest.hasMore).toBe(false);
    expect((await get(`?afterId=${ids.at(-3)}`)).messages.map((m) => m.id)).toEqual(ids.slice(-2));
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/chat/messages?afterId=1&beforeId=5',
      headers: { cookie: alice.cookie },
    });
    expect(bad.statusCode).toBe(400);

    const since = joined.data.serverTime;
    await request(alice.socket, 'message.delete', { id: ids[3]! });
    const caughtUp = await request(alice.socket, 'chat.join', { afterId: ids.at(-2), deletedSince: since });
    expect(caughtUp.ok && caughtUp.data).toMatchObject({ hasMore: false, deletedIds: [ids[3]] });
    expect(caughtUp.ok && caughtUp.data.messages.map((m) => m.id)).toEqual([ids.at(-1)]);
  });

  it('counts distinct people in the chat across their tabs, live', async () => {
    const alice = await member();
    // Joins and leaves within a window share one broadcast: what alice sees last is the count after the last.
    let seen: number | undefined;
    alice.socket.on('chat.presence_changed', ({ count }) => (seen = count));
    const { cookie } = await buildUser(t);
    const bobTab1 = await client(cookie);
    const joined = await request(bobTab1, 'chat.join', {});
    expect(joined.ok && joined.data.presence).toBe(2);
    await waitFor(() => seen === 2, 5000, 'presence 2');
    const bobTab2 = await client(cookie);
    const again = await request(bobTab2, 'chat.join', {});
    expect(again.ok && again.data.presence).toBe(2);

    // Leaving from one tab: Bob is still in the chat through the other.
    bobTab1.emit('chat.leave');
    const carol = await member();
    await waitFor(() => seen === 3, 5000, 'presence 3');
    bobTab2.disconnect();
    await waitFor(() => seen === 2, 5000, 'presence 2 after Bob disconnected');
    carol.socket.emit('chat.leave');
    await waitFor(() => seen === 1, 5000, 'presence 1 after Carol left');
    const dave = await member();
    const daveSees = nextEvent(dave.socket, 'chat.presence_changed');
    expect(await daveSees).toEqual({ count: 2 });
  });

  it('delivers every message exactly once to a client that drops mid-stream and catches up', async () => {
    const senders = await Promise.all([member(), member(), member(), member()]);
    const { cookie } = await buildUser(t);
    // Offline for 300 ms: several messages are stored meanwhile and can only come from the catch-up.
    const reader = await client(cookie, { reconnectionDelay: 300 });
    const received = new Map<number, number>();
    const caughtUp = new Set<number>();
    const take = (messages: TChatMessage[]) => {
      for (const m of messages) received.set(m.id, (received.get(m.id) ?? 0) + 1);
    };
    reader.on('messages.created', ({ messages }) => take(messages));
    let lastId = 0;
    const join = async () => {
      // The cursor as sent, as the web client computes it (a few ids before the newest it holds: four senders'
      // messages may commit out of id order on PostgreSQL); live events may move lastId on while in flight.
      const cursor = chatResyncCursor(lastId || undefined);
      const reply = await request(reader, 'chat.join', cursor === undefined ? {} : { afterId: cursor });
      if (!reply.ok) throw new Error(reply.error.message);
      // What only the catch-up brought (the overlap repeats messages the client already had).
      if (cursor !== undefined) for (const m of reply.data.messages) if (!received.has(m.id)) caughtUp.add(m.id);
      take(reply.data.messages);
      // Nothing at or before the cursor comes back.
      if (cursor !== undefined) expect(reply.data.messages.every((m) => m.id > cursor)).toBe(true);
    };
    // The newest id the client holds (the web client's `lastMessageId`).
    reader.on('messages.created', ({ messages }) => {
      for (const m of messages) lastId = Math.max(lastId, m.id);
    });
    await join();
    let reconnections = 0;
    const rejoins: Promise<void>[] = [];
    reader.on('connect', () => {
      reconnections += 1;
      rejoins.push(join());
    });

    const rounds = CHAT_RATE_LIMIT.messages;
    const sending = (async () => {
      for (let round = 0; round < rounds; round += 1) {
        await Promise.all(senders.map((s, i) => send(s.socket, `round ${round} from ${i}`)));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await waitFor(() => received.size >= 6, 5000, 'the first messages');
    // Drop the connection abruptly (as a network failure would); the client reconnects on its own.
    reader.io.engine.close();
    await sending;
    await waitFor(() => reconnections === 1, 5000, 'the reconnection');
    await Promise.all(rejoins);
    const stored = (await storedMessages()).map((r) => r.id);
    expect(stored).toHaveLength(senders.length * rounds);
    await waitFor(() => received.size === stored.length, 5000, 'every message');
    // A client merging by id (as the web client does) sees each once; a message comes at most twice, live and
    // again in the catch-up's overlap, which the merge absorbs.
    expect([...received.keys()].sort((a, b) => a - b)).toEqual(stored);
    expect([...received.values()].every((n) => n >= 1 && n <= 2)).toBe(true);
    expect(caughtUp.size).toBeGreaterThan(0);
  });

  // SQLite has one writer, so its ids commit in order; PostgreSQL takes ids from a sequence before committing.
  it.skipIf(engine !== 'postgres')(
    'catches up a message that committed after a higher id the client already holds',
    async () => {
      const reader = await buildUser(t);
      const slow = await buildUser(t);
      const fast = await member();
      const readerSocket = await client(reader.cookie);
      expect((await request(readerSocket, 'chat.join', {})).ok).toBe(true);
      const live = recordEvents(readerSocket);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let slowId = 0;
      let taken!: () => void;
      const idTaken = new Promise<void>((resolve) => (taken = resolve));
      // One send takes its id and has not committed yet (as a send on another connection may) …
      const slowSend = t.database.db.transaction().execute(async (trx) => {
        const { row } = await insertMessageOnce(trx, {
          clientId: randomUUID(),
          userId: slow.user.id,
          text: 'stored first, committed last',
          email: slow.user.email,
          displayName: 'Slow',
          role: 'user',
          timestamp: new Date().toISOString(),
        });
        slowId = Number(row.id);
        taken();
        await held;
      });
      await idTaken;
      // … while a later one commits and reaches the reader, who then goes offline before the first commits.
      const later = await send(fast.socket, 'stored second, committed first');
      expect(later.id).toBeGreaterThan(slowId);
      await waitFor(() => live.created.some((m) => m.id === later.id), 5000, 'the later message');
      readerSocket.disconnect();
      release();
      await slowSend;

      const back = await client(reader.cookie);
      const newest = Math.max(...live.created.map((m) => m.id));
      const fromNewest = await request(back, 'chat.join', { afterId: newest });
      expect(fromNewest.ok && fromNewest.data.messages).toEqual([]);
      const withOverlap = await request(back, 'chat.join', { afterId: chatResyncCursor(newest) });
      expect(withOverlap.ok && withOverlap.data.messages.map((m) => m.id)).toContain(slowId);
    },
  );
});
