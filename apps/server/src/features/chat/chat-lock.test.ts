/**
 * The community chat's slow-down and lock: a new account posts less often (and is told when it may
 * post again), and while an admin lets only established accounts post (older than 24 hours and a completed round),
 * the others are refused, moderators and admins excepted. The switch is stored, logged, answered with the chat's
 * join and announced live to the chat.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CHAT_LOCK_BANNER,
  CHAT_RATE_LIMIT,
  CHAT_RATE_LIMIT_MESSAGE,
  type TRole,
  type TSessionUser,
} from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { postMessage } from '../debates/round-chat.service';
import { sendMessage } from './chat.service';
import { connectClient, listenOnFreePort, nextEvent, request, type TTestSocket } from './chat-test-client';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(TEST_ENGINES)('chat slow-down and lock on %s', (engine) => {
  let t: TTestApp;
  let baseUrl: string;
  const sockets: TTestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine);
    baseUrl = await listenOnFreePort(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });
  // The switch is one row for the whole app: each test starts with the chat open.
  beforeEach(async () => {
    await t.database.db.updateTable('chatSettings').set({ isLocked: 0 }).where('id', '=', 1).execute();
  });
  afterEach(async () => {
    await t.database.db.updateTable('chatSettings').set({ isLocked: 0 }).where('id', '=', 1).execute();
  });

  const deps = () => ({ database: t.database, events: t.app.context.events });
  const say = (user: TSessionUser, text = 'hello') => sendMessage(deps(), user, { clientId: randomUUID(), text });

  /** An account made `ageMs` ago (sign-up sets now; only the stored time is moved back). */
  async function account(ageMs: number, role?: TRole) {
    const built = await buildUser(t, role ? { role } : {});
    const createdAt = new Date(Date.now() - ageMs);
    await t.database.db
      .updateTable('users')
      .set({ createdAt: engine === 'postgres' ? createdAt : createdAt.toISOString() })
      .where('id', '=', built.user.id)
      .execute();
    return built;
  }

  /** Messages of `user` already in the chat, stored `agesMs` ago each (as if sent then). */
  async function sentEarlier(user: TSessionUser, agesMs: number[]) {
    for (const ageMs of agesMs) {
      await t.database.db
        .insertInto('messages')
        .values({
          clientId: randomUUID(),
          userId: user.id,
          text: 'earlier',
          email: user.email,
          displayName: user.displayName,
          role: user.role,
          timestamp: new Date(Date.now() - ageMs).toISOString(),
          deletedAt: null,
          deletedBy: null,
        })
        .execute();
    }
  }

  /** A round `user` debated (against a fresh opponent), ended with `status`; `judge` takes its seat instead. */
  async function round(user: { cookie: string }, status: 'completed' | 'judged' | 'forfeited' | 'abandoned') {
    const opponent = await buildUser(t);
    const post = (cookie: string, url: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const created = await post(user.cookie, '/api/debates/challenges', { formatId: 'ld' });
    const accepted = await post(opponent.cookie, `/api/debates/challenges/${created.json().challenge.token}/accept`);
    const debateId = accepted.json().debateId as number;
    await t.database.db.updateTable('debates').set({ status }).where('id', '=', debateId).execute();
    return debateId;
  }

  const lock = (cookie: string, isLocked: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/chat/lock', headers: { cookie }, payload: { isLocked } });

  describe('limits by account age', () => {
    it('lets an account in its first hour post 6 messages a minute, and says when it may post again', async () => {
      const { user } = await account(10 * MINUTE);
      // Five in the last minute (spread out, so the 5-per-5-seconds limit is not what stops it): a sixth goes in.
      await sentEarlier(user, [50_000, 45_000, 40_000, 35_000, 30_000]);
      await expect(say(user, 'sixth')).resolves.toMatchObject({ text: 'sixth' });
      // Now six within the minute, the oldest 50 s ago: refused until it leaves the window, in about 10 seconds.
      const refusal = say(user, 'seventh');
      await expect(refusal).rejects.toMatchObject({ code: 'rate_limited', reason: 'chat_slow_mode' });
      await expect(refusal).rejects.toThrow(
        /^New accounts can send 6 messages a minute in the chat\. You can post again in (9|10) seconds\.$/,
      );
      await expect(refusal).rejects.toMatchObject({ details: { retryAfterSeconds: expect.any(Number) } });
      // Once the minute has passed for the oldest, it posts again.
      await t.database.db
        .updateTable('messages')
        .set({ timestamp: new Date(Date.now() - 61_000).toISOString() })
        .where('userId', '=', user.id)
        .where('text', '=', 'earlier')
        .execute();
      await expect(say(user, 'later')).resolves.toMatchObject({ text: 'later' });
    });

    it('lets an account in its first day post 15 messages a minute', async () => {
      const { user } = await account(3 * HOUR);
      await sentEarlier(
        user,
        Array.from({ length: 14 }, (_, i) => 55_000 - i * 3000),
      );
      await expect(say(user, 'fifteenth')).resolves.toMatchObject({ text: 'fifteenth' });
      await expect(say(user, 'sixteenth')).rejects.toMatchObject({
        code: 'rate_limited',
        reason: 'chat_slow_mode',
        message: expect.stringMatching(/^New accounts can send 15 messages a minute in the chat\./),
      });
    });

    it('keeps the spec’s limit alone for an account a day old: 5 in 5 seconds, with its message', async () => {
      const { user } = await account(DAY + MINUTE);
      // Thirty in the last minute, none in the last 5 seconds: no per-minute limit holds it.
      await sentEarlier(
        user,
        Array.from({ length: 30 }, (_, i) => 59_000 - i * 1500),
      );
      for (let i = 0; i < CHAT_RATE_LIMIT.messages; i += 1) await say(user, `burst ${i}`);
      await expect(say(user, 'one too many')).rejects.toMatchObject({
        code: 'rate_limited',
        message: CHAT_RATE_LIMIT_MESSAGE,
      });
    });

    it('does not hold new moderators and admins to it, nor a new account in a round’s chat', async () => {
      for (const role of ['moderator', 'admin'] as const) {
        const { user } = await account(MINUTE, role);
        await sentEarlier(user, [50_000, 45_000, 40_000, 35_000, 30_000, 25_000, 20_000]);
        await expect(say(user, `from a ${role}`)).resolves.toMatchObject({ text: `from a ${role}` });
      }
      // The round chat keeps its own limit (the spec's): the account-age limits are the community chat's.
      const debater = await account(MINUTE);
      await sentEarlier(debater.user, [50_000, 45_000, 40_000, 35_000, 30_000, 25_000, 20_000]);
      const opponent = await buildUser(t);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/debates/challenges',
        headers: { cookie: debater.cookie },
        payload: { formatId: 'ld' },
      });
      const accepted = await t.app.inject({
        method: 'POST',
        url: `/api/debates/challenges/${created.json().challenge.token}/accept`,
        headers: { cookie: opponent.cookie },
      });
      await expect(
        postMessage(deps(), debater.user, accepted.json().debateId, { text: 'in the round', clientId: randomUUID() }),
      ).resolves.toMatchObject({ text: 'in the round' });
    });
  });

  describe('the switch "only established accounts may post"', () => {
    it('is for admins to set, with a clear 400 for bad input, and anyone signed in may read it', async () => {
      const admin = await buildUser(t, { role: 'admin' });
      const moderator = await buildUser(t, { role: 'moderator' });
      const user = await buildUser(t);
      expect((await lock(user.cookie, true)).statusCode).toBe(403);
      expect((await lock(moderator.cookie, true)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/chat/lock', payload: { isLocked: true } })).statusCode,
      ).toBe(401);
      const bad = await lock(admin.cookie, 'yes');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        error: { code: 'validation_failed', message: 'Say whether the chat is locked (true or false).' },
      });
      const none = await t.app.inject({ method: 'PUT', url: '/api/chat/lock', headers: { cookie: admin.cookie } });
      expect(none.statusCode).toBe(400);

      const on = await lock(admin.cookie, true);
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ lock: { isLocked: true, changedAt: expect.any(String) } });
      const read = await t.app.inject({ method: 'GET', url: '/api/chat/lock', headers: { cookie: user.cookie } });
      expect(read.json()).toMatchObject({ lock: { isLocked: true } });
      expect((await t.app.inject({ method: 'GET', url: '/api/chat/lock' })).statusCode).toBe(401);
    });

    it('counts as established only an account older than 24 hours with a round debated to its end', async () => {
      const admin = await buildUser(t, { role: 'admin' });
      const newcomer = await account(MINUTE);
      const oldWithoutRound = await account(30 * DAY);
      const newWithRound = await account(HOUR);
      await round(newWithRound, 'judged');
      const oldWithForfeit = await account(30 * DAY);
      await round(oldWithForfeit, 'forfeited');
      const oldWithAbandoned = await account(30 * DAY);
      await round(oldWithAbandoned, 'abandoned');
      const established = await account(DAY + MINUTE);
      await round(established, 'completed');
      const alsoEstablished = await account(30 * DAY);
      await round(alsoEstablished, 'judged');
      const newModerator = await account(MINUTE, 'moderator');

      expect((await lock(admin.cookie, true)).statusCode).toBe(200);
      for (const who of [newcomer, oldWithoutRound, newWithRound, oldWithForfeit, oldWithAbandoned]) {
        await expect(say(who.user)).rejects.toMatchObject({
          code: 'forbidden',
          reason: 'chat_locked',
          message:
            'Only established accounts can post in the chat right now (older than 24 hours, with a completed round). You can still read it.',
        });
      }
      for (const who of [established, alsoEstablished, newModerator, admin]) {
        await expect(say(who.user, 'still here')).resolves.toMatchObject({ text: 'still here' });
      }
      // Over the socket, as the page sends: the same refusal in the acknowledgement.
      const socket = await connectClient(baseUrl, newcomer.cookie);
      sockets.push(socket);
      const reply = await request(socket, 'message.send', { clientId: randomUUID(), text: 'let me in' });
      expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden', reason: 'chat_locked' } });

      // Off again: everyone posts (within their limits).
      expect((await lock(admin.cookie, false)).statusCode).toBe(200);
      await expect(say(newcomer.user, 'open again')).resolves.toMatchObject({ text: 'open again' });
      await expect(say(oldWithoutRound.user, 'open again')).resolves.toMatchObject({ text: 'open again' });
    });

    it('is logged as an admin action each time it changes, and told to the chat live and on arrival', async () => {
      const admin = await buildUser(t, { role: 'admin', displayName: 'Ada Admin' });
      const reader = await buildUser(t);
      const socket = await connectClient(baseUrl, reader.cookie);
      sockets.push(socket);
      const joined = await request(socket, 'chat.join', {});
      expect(joined).toMatchObject({ ok: true, data: { lock: { isLocked: false } } });

      const live = nextEvent(socket, 'chat.lock_changed');
      await lock(admin.cookie, true);
      expect(await live).toMatchObject({ isLocked: true, changedAt: expect.any(String) });
      // Setting it again changes nothing: no second log entry.
      await lock(admin.cookie, true);

      const arriving = await connectClient(baseUrl, (await buildUser(t)).cookie);
      sockets.push(arriving);
      expect(await request(arriving, 'chat.join', {})).toMatchObject({ ok: true, data: { lock: { isLocked: true } } });

      const liveOff = nextEvent(socket, 'chat.lock_changed');
      await lock(admin.cookie, false);
      expect(await liveOff).toMatchObject({ isLocked: false });

      const log = await t.app.inject({
        method: 'GET',
        url: '/api/moderation/log',
        headers: { cookie: admin.cookie },
      });
      const { entries } = log.json<{ entries: { actor: { id: string }; action: string; target: { id: string } }[] }>();
      const mine = entries.filter((e) => e.actor.id === admin.user.id);
      expect(mine.map((e) => e.action)).toEqual(['chat_unlocked', 'chat_locked']);
      expect(mine[0]).toMatchObject({
        actor: { displayName: 'Ada Admin' },
        target: { id: 'community-chat', displayName: 'Community chat' },
        reason: 'Switched on the admin dashboard',
      });
      expect(CHAT_LOCK_BANNER).toMatch(/older than 24 hours/);
    });
  });
});
