/**
 * Blocks through the real API on both engines: the routes (idempotent, clear 4xx), and every door a block closes —
 * the queue sweep, challenge links, the judge's seat, watching, evidence, a coach's pairing, the community chat's
 * history and live messages — and a live round the two share ending as abandoned, with no points for anyone.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TBlockedUser, TDebate, TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import type { TDomainEvent } from '../../lib/events';
import { buildUser, DEFAULT_TEST_PASSWORD } from '../../test/factories';
import {
  ask,
  connectClient,
  listenOnFreePort,
  nextEvent,
  recordEvents,
  request,
  send,
  waitFor,
  type TTestSocket,
} from '../chat/chat-test-client';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('blocks on %s', (engine) => {
  let t: TTestApp;
  const sockets: TTestSocket[] = [];
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.close();
  });

  const call = (who: TCookieUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const block = (who: TCookieUser, whom: TCookieUser) => call(who, 'PUT', `/api/blocks/${whom.user.id}`);
  const queue = (who: TCookieUser, formatId = 'ld') => call(who, 'POST', '/api/debates/queue', { formatId });

  /** A live LD round between `a` and `b` (through a challenge link). */
  async function roundOf(a: TCookieUser, b: TCookieUser): Promise<number> {
    const { challenge } = (await call(a, 'POST', '/api/debates/challenges', { formatId: 'ld' })).json();
    const accepted = await call(b, 'POST', `/api/debates/challenges/${challenge.token}/accept`);
    expect(accepted.statusCode).toBe(200);
    return accepted.json().debateId as number;
  }

  /** A block written straight to the table: a door's test, without the block's own effects (ending the round). */
  async function insertBlock(blocker: TCookieUser, blocked: TCookieUser) {
    await t.database.db
      .insertInto('userBlocks')
      .values({ blockerId: blocker.user.id, blockedId: blocked.user.id, createdAt: new Date().toISOString() })
      .execute();
  }

  it('blocks, lists with names, is idempotent, and unblocks; oneself, unknown users and bad ids are clear 4xx', async () => {
    const ada = await buildUser(t, { displayName: 'Ada' });
    const bo = await buildUser(t, { displayName: 'Bo' });
    const first = await block(ada, bo);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ block: { userId: bo.user.id, displayName: 'Bo' }, endedDebateId: null });
    const again = await block(ada, bo);
    expect(again.statusCode).toBe(200);
    expect(again.json().block.blockedAt).toBe(first.json().block.blockedAt);
    const listed = (await call(ada, 'GET', '/api/blocks')).json().blocks as TBlockedUser[];
    expect(listed).toEqual([{ userId: bo.user.id, displayName: 'Bo', blockedAt: first.json().block.blockedAt }]);
    // Bo's own list is his, not Ada's.
    expect((await call(bo, 'GET', '/api/blocks')).json().blocks).toEqual([]);

    const self = await block(ada, ada);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toMatchObject({ code: 'validation_failed', reason: 'block_self' });
    const unknown = await call(ada, 'PUT', '/api/blocks/no-such-user');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('That user does not exist.');
    expect((await call(ada, 'PUT', '/api/blocks/not%20an%20id')).statusCode).toBe(400);

    expect((await call(ada, 'DELETE', `/api/blocks/${bo.user.id}`)).statusCode).toBe(204);
    expect((await call(ada, 'GET', '/api/blocks')).json().blocks).toEqual([]);
    const notBlocked = await call(ada, 'DELETE', `/api/blocks/${bo.user.id}`);
    expect(notBlocked.statusCode).toBe(404);
    expect(notBlocked.json().error.message).toBe('You have not blocked that user.');
  });

  it('deleting an account deletes its blocks, either way', async () => {
    const [stays, leaves, other] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    await block(stays, leaves);
    await block(leaves, other);
    const deleted = await call(leaves, 'POST', '/api/auth/delete-user', { password: DEFAULT_TEST_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect((await call(stays, 'GET', '/api/blocks')).json().blocks).toEqual([]);
    expect(await t.database.db.selectFrom('userBlocks').selectAll().execute()).toEqual([]);
  });

  it('the queue never pairs a blocked pair, either way, and pairs each of them with the next one who comes', async () => {
    const [a, b, c, d] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    await block(b, a);
    expect((await queue(a)).json().status).toBe('waiting');
    expect((await queue(b)).json().status).toBe('waiting');
    // C joins: paired with A (the first waiting), not left out because of B's block; D then with B.
    const third = await queue(c);
    expect(third.json().status).toBe('matched');
    const debate = (await call(c, 'GET', `/api/debates/${third.json().debateId}`)).json().debate as TDebate;
    expect(new Set([debate.debaters.a.userId, debate.debaters.b.userId])).toEqual(new Set([a.user.id, c.user.id]));
    const fourth = await queue(d);
    expect(fourth.json().status).toBe('matched');
    const other = (await call(d, 'GET', `/api/debates/${fourth.json().debateId}`)).json().debate as TDebate;
    expect(new Set([other.debaters.a.userId, other.debaters.b.userId])).toEqual(new Set([b.user.id, d.user.id]));
  });

  it('two who blocked each other wait side by side; unblocking lets the next sweep pair them', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    await block(a, b);
    expect((await queue(a, 'pf')).json().status).toBe('waiting');
    expect((await queue(b, 'pf')).json().status).toBe('waiting');
    await call(a, 'DELETE', `/api/blocks/${b.user.id}`);
    expect((await queue(a, 'pf')).json().status).toBe('matched');
  });

  it('a challenge link refuses the pair with a clear 409, whichever of them blocked', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    await block(b, a);
    for (const [host, guest] of [
      [a, b],
      [b, a],
    ] as const) {
      const { challenge } = (await call(host, 'POST', '/api/debates/challenges', { formatId: 'ld' })).json();
      const accepted = await call(guest, 'POST', `/api/debates/challenges/${challenge.token}/accept`);
      expect(accepted.statusCode).toBe(409);
      expect(accepted.json().error).toMatchObject({
        code: 'conflict',
        reason: 'blocked',
        message: 'You cannot debate this person: one of you has blocked the other.',
      });
    }
  });

  it('the judge seat refuses someone with a block with either debater, with an invitation too', async () => {
    const [a, b, judge, fine] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    const debateId = await roundOf(a, b);
    await insertBlock(a, judge);
    const refused = await call(judge, 'POST', `/api/debates/${debateId}/judge`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ reason: 'blocked' });
    const { token } = (await call(a, 'POST', `/api/debates/${debateId}/judge-invites`)).json();
    const invited = await call(judge, 'POST', `/api/debates/${debateId}/judge`, { invite: token });
    expect(invited.json().error).toMatchObject({ reason: 'blocked' });
    // A judge blocked by nobody in the round takes the seat.
    const other = await roundOf(await buildUser(t), await buildUser(t));
    await insertBlock(fine, judge);
    expect((await call(judge, 'POST', `/api/debates/${other}/judge`)).statusCode).toBe(200);
  });

  it('the blocked user cannot watch the blocker’s round (page and room) nor share evidence into it', async () => {
    const [a, b, watcher, judge] = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    const debateId = await roundOf(a, b);
    expect((await call(watcher, 'GET', `/api/debates/${debateId}`)).statusCode).toBe(200);
    await block(b, watcher);
    const page = await call(watcher, 'GET', `/api/debates/${debateId}`);
    expect(page.statusCode).toBe(403);
    expect(page.json().error).toMatchObject({ reason: 'blocked', message: 'You cannot watch this round.' });
    const baseUrl = await listenOnFreePort(t.app);
    const socket = await connectClient(baseUrl, watcher.cookie);
    sockets.push(socket);
    const joined = await ask(socket, 'debate.join', { debateId });
    expect(joined).toMatchObject({ ok: false, error: { code: 'forbidden', reason: 'blocked' } });
    // The blocker still watches the blocked user's rounds; others still watch.
    expect((await call(await buildUser(t), 'GET', `/api/debates/${debateId}`)).statusCode).toBe(200);

    // Evidence: the judge seated, then a debater's block (written straight, as the round would otherwise end).
    expect((await call(judge, 'POST', `/api/debates/${debateId}/judge`)).statusCode).toBe(200);
    await insertBlock(a, judge);
    const note = await call(judge, 'POST', `/api/debates/${debateId}/evidence/notes`, { kind: 'text', text: 'x' });
    expect(note.statusCode).toBe(403);
    expect(note.json().error).toMatchObject({ reason: 'blocked' });
    const own = await call(a, 'POST', `/api/debates/${debateId}/evidence/notes`, { kind: 'text', text: 'mine' });
    expect(own.statusCode).toBe(201);
  });

  it('a spectator a debater blocks stops watching at once: told, out of the room, no more signals', async () => {
    const [a, b, watcher] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const debateId = await roundOf(a, b);
    const baseUrl = await listenOnFreePort(t.app);
    const socket = await connectClient(baseUrl, watcher.cookie);
    sockets.push(socket);
    expect((await ask(socket, 'debate.join', { debateId })).ok).toBe(true);
    const told = nextEvent(socket, 'debate.watch_ended');
    await block(a, watcher);
    expect(await told).toEqual({ debateId });
    const inRoom = (await t.app.realtime.in(`debate:${debateId}`).fetchSockets()).map((s) => s.id);
    expect(inRoom).not.toContain(socket.id);
    const hello = await ask(socket, 'debate.signal', { debateId, signal: { type: 'hello' } });
    expect(hello).toMatchObject({ ok: false, error: { reason: 'blocked' } });
  });

  it('blocking the opponent during a live round ends it as abandoned: no winner, no points, no forfeit', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const debateId = await roundOf(a, b);
    const before = (await call(a, 'GET', '/api/users/me/standing')).json();
    const told: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => {
      if (e.name === 'debate.ended_early') told.push(e);
    });
    const blocked = await block(a, b);
    expect(blocked.json().endedDebateId).toBe(debateId);
    // Both are told alike, on every page (their user rooms), naming nobody.
    expect(told.map((e) => e.room).sort()).toEqual([`user:${a.user.id}`, `user:${b.user.id}`].sort());
    expect(told.map((e) => e.payload)).toEqual([{ debateId }, { debateId }]);
    const { debate } = (await call(b, 'GET', `/api/debates/${debateId}`)).json() as { debate: TDebate };
    expect(debate).toMatchObject({
      status: 'abandoned',
      winnerSide: null,
      forfeitedBy: null,
      isEndedEarly: true,
      isCancelled: false,
    });
    // Both are free again (queue), and nobody earned anything.
    expect((await call(b, 'GET', '/api/debates/queue')).json().queue.activeDebateId).toBeNull();
    expect((await call(a, 'GET', '/api/users/me/standing')).json()).toEqual(before);
    const ledger = await t.database.db.selectFrom('scoreLedger').selectAll().where('debateId', '=', debateId).execute();
    expect(ledger.filter((e) => Number(e.newScore) !== Number(e.oldScore))).toEqual([]);
    const ratings = await t.database.db
      .selectFrom('ratingHistory')
      .selectAll()
      .where('debateId', '=', debateId)
      .execute();
    expect(ratings).toEqual([]);
    // A round they are not both in is left alone.
    const c = await buildUser(t);
    const other = await roundOf(b, c);
    expect((await block(b, a)).json().endedDebateId).toBeNull();
    expect((await call(c, 'GET', `/api/debates/${other}`)).json().debate.status).toBe('live');
  });

  it('the round chat: after a block neither side writes in a round they share, a message that raced it is hidden from the other', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const debateId = await roundOf(a, b);
    const post = (who: TCookieUser, text: string) => call(who, 'POST', `/api/debates/${debateId}/messages`, { text });
    const linesOf = async (who: TCookieUser) =>
      ((await call(who, 'GET', `/api/debates/${debateId}`)).json().messages as { text: string }[]).map((m) => m.text);
    expect((await post(b, 'Good luck')).statusCode).toBe(201);
    // The block alone (the door's test: the round stays live), either way round.
    await insertBlock(a, b);
    for (const who of [b, a]) {
      const refused = await post(who, 'still here?');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'forbidden',
        reason: 'blocked',
        message: 'You cannot write in this round: someone in it and you have a block between you.',
      });
    }
    // Over the socket too.
    const socketB = await connectClient(await listenOnFreePort(t.app), b.cookie);
    sockets.push(socketB);
    expect(await ask(socketB, 'debate.send_message', { debateId, text: 'over the socket' })).toMatchObject({
      ok: false,
      error: { reason: 'blocked' },
    });
    // A message stored a moment after the block (it raced it) is left out for the blocker, kept for its author.
    await t.database.db
      .insertInto('debateMessages')
      .values({
        debateId,
        userId: b.user.id,
        text: 'raced the block',
        createdAt: new Date(Date.now() + 1000).toISOString(),
        clientId: null,
      })
      .execute();
    expect(await linesOf(a)).toEqual(['Good luck']);
    expect(await linesOf(b)).toEqual(['Good luck', 'raced the block']);
    // Someone else in neither block reads everything.
    const judge = await buildUser(t);
    expect(await linesOf(judge)).toEqual(['Good luck', 'raced the block']);
  });

  it('a round’s chat is read-only once the round is over (here ended by a block), for both debaters', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const debateId = await roundOf(a, b);
    expect((await call(a, 'POST', `/api/debates/${debateId}/messages`, { text: 'Ready' })).statusCode).toBe(201);
    expect((await block(a, b)).json().endedDebateId).toBe(debateId);
    for (const who of [a, b]) {
      const refused = await call(who, 'POST', `/api/debates/${debateId}/messages`, { text: 'after the end' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        reason: 'round_chat_closed',
        message: 'This round is over: its chat is read-only.',
      });
    }
  });

  it('a coach pairing two members one of whom blocked the other gets a clear conflict naming them', async () => {
    const coach = await buildUser(t);
    const team = (await call(coach, 'POST', '/api/teams', { name: 'Westview', school: 'Westview High' })).json().team;
    const ann = await buildUser(t, { displayName: 'Ann' });
    const ben = await buildUser(t, { displayName: 'Ben' });
    for (const m of [ann, ben]) await call(m, 'POST', `/api/teams/join/${team.joinCode}`);
    await block(ben, ann);
    const paired = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'manual',
      formatId: 'ld',
      pairs: [{ aUserId: ann.user.id, bUserId: ben.user.id }],
    });
    expect(paired.statusCode).toBe(409);
    expect(paired.json().error).toMatchObject({
      reason: 'blocked',
      message: 'Ann and Ben cannot be paired: one of them has blocked the other. Pair them with someone else.',
    });
  });

  it('a coach’s “pair everyone present” pairs around a block instead of refusing', async () => {
    const coach = await buildUser(t);
    const team = (await call(coach, 'POST', '/api/teams', { name: 'Eastview', school: 'Eastview High' })).json().team;
    const members = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    for (const m of members) await call(m, 'POST', `/api/teams/join/${team.joinCode}`);
    // Equal ratings: "balanced" takes them in id order, so without the block the first two would meet.
    const [first, second] = [...members].sort((x, y) => (x.user.id < y.user.id ? -1 : 1));
    await block(second!, first!);
    const paired = await call(coach, 'POST', `/api/teams/${team.id}/rounds`, {
      mode: 'auto',
      formatId: 'ld',
      sides: 'balanced',
      presentUserIds: members.map((m) => m.user.id),
    });
    expect(paired.statusCode).toBe(201);
    const rounds = paired.json().rounds as { debaters: { a: { userId: string }; b: { userId: string } } }[];
    expect(rounds).toHaveLength(2);
    for (const r of rounds) {
      expect([r.debaters.a.userId, r.debaters.b.userId].sort()).not.toEqual([first!.user.id, second!.user.id].sort());
    }
  });

  it('hides the blocked user’s chat messages from the blocker: history, catch-up and live, until unblocked', async () => {
    const baseUrl = await listenOnFreePort(t.app);
    const [reader, pest, friend] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const join = async (who: TCookieUser) => {
      const socket = await connectClient(baseUrl, who.cookie);
      sockets.push(socket);
      const joined = await request(socket, 'chat.join', {});
      if (!joined.ok) throw new Error(joined.error.message);
      return { socket, joined: joined.data };
    };
    const pestSocket = (await join(pest)).socket;
    const friendSocket = (await join(friend)).socket;
    const early = await send(pestSocket, 'before the block');
    await block(reader, pest);

    const history = (await call(reader, 'GET', '/api/chat/messages')).json().messages as { id: number }[];
    expect(history.map((m) => m.id)).not.toContain(early.id);
    expect(
      (await call(friend, 'GET', '/api/chat/messages')).json().messages.map((m: { id: number }) => m.id),
    ).toContain(early.id);
    const { socket: readerSocket, joined } = await join(reader);
    expect(joined.messages.map((m) => m.id)).not.toContain(early.id);
    const seen = recordEvents(readerSocket);
    const seenByFriend = recordEvents(friendSocket);

    // Sent in one turn, so that the two authors share one batch: the reader gets the friend's, not the pest's.
    const [fromPest, fromFriend] = await Promise.all([
      send(pestSocket, 'live from the pest'),
      send(friendSocket, 'live from a friend'),
    ]);
    await waitFor(() => seen.created.some((m) => m.id === fromFriend.id), 5000, 'the friend’s message');
    await waitFor(() => seenByFriend.created.some((m) => m.id === fromPest.id), 5000, 'the pest’s message to others');
    const alone = await send(pestSocket, 'alone in its batch');
    await waitFor(() => seenByFriend.created.some((m) => m.id === alone.id), 5000, 'the lone message to others');
    const marker = await send(friendSocket, 'marker');
    await waitFor(() => seen.created.some((m) => m.id === marker.id), 5000, 'the marker');
    expect(seen.created.filter((m) => m.userId === pest.user.id)).toEqual([]);
    // Nothing twice.
    expect(new Set(seen.created.map((m) => m.id)).size).toBe(seen.created.length);
    const after = (await call(reader, 'GET', `/api/chat/messages?afterId=${early.id}`)).json().messages;
    expect(after.map((m: { userId: string }) => m.userId)).not.toContain(pest.user.id);

    await call(reader, 'DELETE', `/api/blocks/${pest.user.id}`);
    const unblocked = await send(pestSocket, 'after the unblock');
    await waitFor(() => seen.created.some((m) => m.id === unblocked.id), 5000, 'live after unblocking');
    const again = (await call(reader, 'GET', '/api/chat/messages')).json().messages.map((m: { id: number }) => m.id);
    expect(again).toContain(early.id);
  });

  it('a block made while the blocker is in the chat applies to their open socket at once', async () => {
    const baseUrl = await listenOnFreePort(t.app);
    const [reader, pest] = [await buildUser(t), await buildUser(t)];
    const readerSocket = await connectClient(baseUrl, reader.cookie);
    const pestSocket = await connectClient(baseUrl, pest.cookie);
    sockets.push(readerSocket, pestSocket);
    for (const s of [readerSocket, pestSocket]) expect((await request(s, 'chat.join', {})).ok).toBe(true);
    const seen = recordEvents(readerSocket);
    const first = await send(pestSocket, 'seen');
    await waitFor(() => seen.created.some((m) => m.id === first.id), 5000, 'before the block');
    await block(reader, pest);
    await send(pestSocket, `hidden ${randomUUID()}`);
    const mine = await send(readerSocket, 'mine');
    await waitFor(() => seen.created.some((m) => m.id === mine.id), 5000, 'own message');
    expect(seen.created.filter((m) => m.userId === pest.user.id).map((m) => m.id)).toEqual([first.id]);
  });
});
