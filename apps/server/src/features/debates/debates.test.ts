import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEBATE_POINTS, FORMATS, type TDebate, type TSessionUser } from '@resolved/shared';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/database';
import type { TDomainEvent } from '../../lib/events';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { ADULT_BIRTH_MONTH, buildUser } from '../../test/factories';
import * as debates from './debates.service';
import * as matchmaking from '../matchmaking/queue.service';
import * as results from '../results/results.service';

type TCookieUser = { user: TSessionUser; cookie: string };

/** Users inserted directly (sign-up hashes a password: too slow for 200), shaped as the session user. */
async function insertUsers(t: TTestApp, count: number): Promise<TSessionUser[]> {
  const now = new Date().toISOString();
  const users = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    displayName: `Debater ${i}`,
    email: `debater${i}-${randomUUID()}@example.test`,
    emailVerified: t.database.engine === 'postgres' ? false : 0,
    image: null,
    createdAt: now,
    updatedAt: now,
    role: 'user',
    score: 0,
    // Adults, as test accounts are (an account with no age is paired only with teammates).
    birthMonth: ADULT_BIRTH_MONTH,
  }));
  for (let i = 0; i < users.length; i += 50) {
    await t.database.db
      .insertInto('users')
      .values(users.slice(i, i + 50))
      .execute();
  }
  return users.map((u) => ({
    id: u.id,
    email: u.email,
    displayName: u.displayName,
    role: 'user',
    score: 0,
    createdAt: now,
    ageBand: 'adult',
  }));
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function expectNoOneDoubleBooked(t: TTestApp, users: TSessionUser[], expectedDebates: number) {
  const rows = await t.database.db.selectFrom('debates').select(['id', 'debaterAId', 'debaterBId']).execute();
  expect(rows).toHaveLength(expectedDebates);
  const seated = rows.flatMap((r) => [r.debaterAId, r.debaterBId]);
  expect(new Set(seated).size).toBe(seated.length);
  for (const r of rows) expect(r.debaterAId).not.toBe(r.debaterBId);
  expect(seated.every((id) => users.some((u) => u.id === id))).toBe(true);
  const waiting = await t.database.db.selectFrom('debateQueue').select('userId').execute();
  expect(waiting.length + seated.length).toBe(users.length);
}

describe.each(TEST_ENGINES)('debates on %s', (engine) => {
  let t: TTestApp;
  let events: TDomainEvent[];
  beforeEach(async () => {
    t = await createTestApp(engine);
    events = [];
    t.app.context.events.subscribe((e) => events.push(e));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const call = (who: TCookieUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  async function matchedPair(
    formatId = 'ld',
  ): Promise<{ debate: TDebate; a: TCookieUser; b: TCookieUser; judge: TCookieUser }> {
    const first = await buildUser(t);
    const second = await buildUser(t);
    expect((await call(first, 'POST', '/api/debates/queue', { formatId })).json().status).toBe('waiting');
    const res = await call(second, 'POST', '/api/debates/queue', { formatId });
    expect(res.json().status).toBe('matched');
    const debate = (await call(first, 'GET', `/api/debates/${res.json().debateId}`)).json().debate as TDebate;
    const a = debate.debaters.a.userId === first.user.id ? first : second;
    const b = a === first ? second : first;
    return { debate, a, b, judge: await buildUser(t) };
  }

  /**
   * Gives every speech of the round for its full time: the server's clock moves with Date (faked), so the award
   * rules see speeches that really ran (a click-through earns nothing; see results/awards.test.ts).
   */
  async function speakWholeRound(debate: TDebate, a: TCookieUser, b: TCookieUser, check = false) {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (const speech of FORMATS[debate.formatId].speeches) {
      const speaker = speech.speaker === 'b' ? b : a;
      const started = await call(speaker, 'POST', `/api/debates/${debate.id}/clock`, { action: 'start_speech' });
      vi.setSystemTime(Date.now() + speech.minutes * 60_000);
      const ended = await call(speaker, 'POST', `/api/debates/${debate.id}/clock`, { action: 'end_speech' });
      if (check) expect([started.statusCode, ended.statusCode]).toEqual([200, 200]);
    }
  }

  it('matches two debaters in a format with the current topic, opposite sides, and tells both', async () => {
    const first = await buildUser(t, { displayName: 'Ada' });
    const second = await buildUser(t, { displayName: 'Grace' });
    const waiting = await call(first, 'POST', '/api/debates/queue', { formatId: 'pf' });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json()).toMatchObject({
      status: 'waiting',
      queue: { waiting: { formatId: 'pf', resolution: expect.any(String) }, activeDebateId: null },
    });
    // Queueing again (a second tab) does not match the user with themselves.
    expect((await call(first, 'POST', '/api/debates/queue', { formatId: 'pf' })).json().status).toBe('waiting');

    const matched = await call(second, 'POST', '/api/debates/queue', { formatId: 'pf' });
    expect(matched.json()).toEqual({ status: 'matched', debateId: expect.any(Number) });
    const { debateId } = matched.json();
    const topic = (await t.app.inject({ method: 'GET', url: '/api/topics/current' })).json().topic;
    const { debate } = (await call(first, 'GET', `/api/debates/${debateId}`)).json() as { debate: TDebate };
    expect(debate).toMatchObject({ formatId: 'pf', resolution: topic.title, status: 'live', judge: null });
    expect(new Set([debate.debaters.a.displayName, debate.debaters.b.displayName])).toEqual(new Set(['Ada', 'Grace']));
    expect(debate.debaters.a.rating).toMatchObject({ rating: 1500, isProvisional: true });
    expect(debate.clock).toMatchObject({ phase: 'idle', speechIndex: 0, prepRemainingMs: { a: 180_000, b: 180_000 } });

    const matchedEvents = events.filter((e) => e.name === 'debate.matched');
    expect(matchedEvents.map((e) => e.room).sort()).toEqual([`user:${first.user.id}`, `user:${second.user.id}`].sort());
    expect((await call(first, 'GET', '/api/debates/queue')).json().queue).toEqual({
      waiting: null,
      activeDebateId: debateId,
      upcomingRound: null,
      cooldownUntil: null,
      forfeitAfterMs: 60_000,
    });
    // Already in a debate: queueing again is refused and names the debate.
    const again = await call(first, 'POST', '/api/debates/queue', { formatId: 'ld' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toEqual({ debateId });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/debates' })).json().debates.map((d: TDebate) => d.id),
    ).toEqual([debateId]);
  });

  it('does not match across formats; cancel leaves the queue', async () => {
    const first = await buildUser(t);
    const second = await buildUser(t);
    await call(first, 'POST', '/api/debates/queue', { formatId: 'ld' });
    expect((await call(second, 'POST', '/api/debates/queue', { formatId: 'parli' })).json().status).toBe('waiting');
    expect((await call(first, 'DELETE', '/api/debates/queue')).statusCode).toBe(204);
    expect((await call(first, 'DELETE', '/api/debates/queue')).statusCode).toBe(404);
    expect((await call(first, 'GET', '/api/debates/queue')).json().queue.waiting).toBeNull();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/debates/queue', payload: { formatId: 'ld' } })).statusCode,
    ).toBe(401);
    expect((await call(first, 'POST', '/api/debates/queue', { formatId: 'oxford' })).statusCode).toBe(400);
  });

  it('200 debaters queueing at once in one format make exactly 100 debates, no one double-booked', async () => {
    const users = await insertUsers(t, 200);
    const deps = { database: t.database, events: t.app.context.events };
    const results = await Promise.all(users.map((u) => matchmaking.joinQueue(deps, u, 'ld')));
    await expectNoOneDoubleBooked(t, users, 100);
    const active = await t.database.db.selectFrom('activeDebaters').select('userId').execute();
    expect(active).toHaveLength(200);
    // Everyone learns of their debate: from the reply, or from the `debate.matched` event to their room.
    const told = new Set(events.filter((e) => e.name === 'debate.matched').map((e) => e.room));
    expect(users.every((u) => told.has(`user:${u.id}`))).toBe(true);
    expect(results.filter((r) => r.status === 'matched').length).toBeGreaterThanOrEqual(100);
  }, 60_000);

  it.runIf(engine === 'postgres')(
    'leaving while a sweep is writing the join undoes it once the sweep commits',
    async () => {
      const [user] = await insertUsers(t, 1);
      const deps = { database: t.database, events: t.app.context.events };
      // Another instance's sweep holds the matching lock, so this instance's sweep waits inside its transaction.
      const url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
      const otherInstance = new pg.Client({ connectionString: url });
      await otherInstance.connect();
      try {
        await otherInstance.query('begin');
        await otherInstance.query(`select pg_advisory_xact_lock(hashtext('resolved.debates.matching'))`);
        const sweep = matchmaking.requestMatching(deps, 'ld', {
          userId: user!.id,
          createdAt: new Date().toISOString(),
        });
        // The sweep has taken the join from memory and is waiting for the lock.
        await waitUntil(async () => {
          const waiting =
            await otherInstance.query(`select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
             where not l.granted and l.locktype = 'advisory' and d.datname = current_database()`);
          return waiting.rows[0].n > 0;
        });
        const left = matchmaking.leaveQueueIfWaiting(deps, user!.id);
        // Give a leave that does not wait for the sweep the time to finish before the sweep can go on.
        await Promise.race([left, new Promise((resolve) => setTimeout(resolve, 500))]);
        await otherInstance.query('commit');
        await sweep;
        expect(await left).toBe(true);
        expect(await t.database.db.selectFrom('debateQueue').select('userId').execute()).toEqual([]);
      } finally {
        await otherInstance.end();
      }
    },
  );

  it('a sweep that fails (no topic) rolls back and tells its joiners; the next sweep pairs them', async () => {
    const [first, second, third] = await insertUsers(t, 3);
    const deps = { database: t.database, events: t.app.context.events };
    await t.database.db.updateTable('topics').set({ isCurrent: 0 }).execute();
    expect((await matchmaking.joinQueue(deps, first!, 'pf')).status).toBe('waiting');
    await expect(matchmaking.joinQueue(deps, second!, 'pf')).rejects.toThrow(
      'No topic has been set yet, so there is nothing to debate.',
    );
    // Rolled back: both still wait, nobody is seated.
    expect(await t.database.db.selectFrom('debateQueue').select('userId').execute()).toHaveLength(2);
    expect(await t.database.db.selectFrom('activeDebaters').select('userId').execute()).toHaveLength(0);

    await t.database.db.updateTable('topics').set({ isCurrent: 1 }).execute();
    const joined = await matchmaking.joinQueue(deps, third!, 'pf');
    await expectNoOneDoubleBooked(t, [first!, second!, third!], 1);
    const seated = await t.database.db.selectFrom('activeDebaters').select('userId').execute();
    expect(seated).toHaveLength(2);
    // The newest joiner is the one left over only if the two who waited longest were paired first.
    expect(joined.status).toBe(seated.some((s) => s.userId === third!.id) ? 'matched' : 'waiting');
  });

  it.runIf(engine === 'postgres')(
    'two instances sharing the database match 200 debaters split between them into 100 debates',
    async () => {
      const url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
      const second = openDatabase({ databaseUrl: url, dataDir: '/tmp', poolSize: 5 });
      const otherApp = await buildApp({ config: t.config, database: second, logger: false });
      try {
        const users = await insertUsers(t, 200);
        const one = { database: t.database, events: t.app.context.events };
        const two = { database: second, events: otherApp.context.events };
        await Promise.all(users.map((u, i) => matchmaking.joinQueue(i % 2 === 0 ? one : two, u, 'parli')));
        await expectNoOneDoubleBooked(t, users, 100);
      } finally {
        await otherApp.close();
        await second.close();
      }
    },
    60_000,
  );

  it('runs the clock on the server: only the speaker starts, everyone in the room is told, stale commands are refused', async () => {
    const { debate, a, b } = await matchedPair('ld');
    const url = `/api/debates/${debate.id}/clock`;
    const wrong = await call(b, 'POST', url, { action: 'start_speech' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe('The Affirmative starts and ends this speech.');

    const before = Date.now();
    const started = await call(a, 'POST', url, { action: 'start_speech', clockVersion: 0 });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ clockVersion: 1, clock: { phase: 'speech', speechIndex: 0 } });
    expect(started.json().clock.startedAt).toBeGreaterThanOrEqual(before);
    const changed = events.filter((e) => e.name === 'debate.clock_changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.room).toBe(`debate:${debate.id}`);

    // What a reload (or another instance) reads is the same clock.
    const reread = (await call(b, 'GET', `/api/debates/${debate.id}`)).json().debate as TDebate;
    expect(reread.clock).toEqual(started.json().clock);

    const stale = await call(a, 'POST', url, { action: 'pause', clockVersion: 0 });
    expect(stale.statusCode).toBe(409);
    // The opponent cannot pause the speaker's speech (one rule: packages/shared clock-rules).
    const othersPause = await call(b, 'POST', url, { action: 'pause' });
    expect(othersPause.statusCode).toBe(403);
    expect(othersPause.json().error.message).toBe('Only the Affirmative can pause or resume this speech.');
    expect((await call(b, 'POST', url, { action: 'start_prep' })).statusCode).toBe(409);
    const stranger = await buildUser(t);
    expect((await call(stranger, 'POST', url, { action: 'pause' })).statusCode).toBe(403);
    expect((await call(a, 'POST', url, { action: 'end_speech' })).json().clock).toMatchObject({
      phase: 'idle',
      speechIndex: 1,
    });
    // Cross-examination: either debater may start it. Prep comes from one's own pool.
    expect((await call(b, 'POST', url, { action: 'start_prep' })).json().clock).toMatchObject({
      phase: 'prep',
      prepTaker: 'b',
    });
    expect((await call(a, 'POST', url, { action: 'end_prep' })).statusCode).toBe(403);
    const ended = (await call(b, 'POST', url, { action: 'end_prep' })).json().clock;
    expect(ended.prepRemainingMs.a).toBe(FORMATS.ld.prep.defaultMinutes * 60_000);
    expect(ended.prepRemainingMs.b).toBeLessThan(FORMATS.ld.prep.defaultMinutes * 60_000);
    expect((await call(b, 'POST', url, { action: 'start_speech' })).json().clock).toMatchObject({
      phase: 'speech',
      speechIndex: 1,
    });
  });

  it('a judge who lets the ballot deadline pass: the debate completes without a decision', async () => {
    const { debate, a, b, judge } = await matchedPair('parli');
    expect((await call(judge, 'POST', `/api/debates/${debate.id}/judge`)).statusCode).toBe(200);
    await speakWholeRound(debate, a, b);
    expect((await call(a, 'GET', `/api/debates/${debate.id}`)).json().debate.status).toBe('awaiting_ballot');
    const deps = { database: t.database, events: t.app.context.events };
    // Within the deadline nothing happens.
    expect(await results.closeUnjudgedDebates(deps)).toEqual([]);
    // Past it (a deadline of -1 s puts every ended round behind it): completed, completion points, no judge points.
    expect(await results.closeUnjudgedDebates(deps, -1000)).toEqual([debate.id]);
    expect(await results.closeUnjudgedDebates(deps, -1000)).toEqual([]);
    const closed = (await call(a, 'GET', `/api/debates/${debate.id}`)).json().debate as TDebate;
    expect(closed).toMatchObject({ status: 'completed', winnerSide: null });
    const scores = await t.database.db.selectFrom('users').select(['id', 'score']).execute();
    const scoreOf = (u: TCookieUser) => Number(scores.find((r) => r.id === u.user.id)?.score);
    expect([scoreOf(a), scoreOf(b), scoreOf(judge)]).toEqual([DEBATE_POINTS.complete, DEBATE_POINTS.complete, 0]);
    const ballot = { winnerSide: 'a', speakerPoints: { a: 28, b: 28 }, reason: 'Too late.' };
    expect((await call(judge, 'POST', `/api/debates/${debate.id}/ballots`, ballot)).statusCode).toBe(409);
  });

  it('a judged LD round: judge joins, ballot after the last speech, points, ledger, ratings and history', async () => {
    const { debate, a, b, judge } = await matchedPair('ld');
    expect((await call(a, 'POST', `/api/debates/${debate.id}/judge`)).statusCode).toBe(403);
    expect((await call(judge, 'POST', `/api/debates/${debate.id}/judge`)).json().debate.judge.userId).toBe(
      judge.user.id,
    );
    const other = await buildUser(t);
    expect((await call(other, 'POST', `/api/debates/${debate.id}/judge`)).statusCode).toBe(409);

    const ballot = { winnerSide: 'b', speakerPoints: { a: 28.5, b: 29.1 }, reason: 'The NR weighed clearly.' };
    expect((await call(judge, 'POST', `/api/debates/${debate.id}/ballots`, ballot)).statusCode).toBe(409);

    await speakWholeRound(debate, a, b, true);
    const finished = (await call(a, 'GET', `/api/debates/${debate.id}`)).json().debate as TDebate;
    expect(finished).toMatchObject({ status: 'awaiting_ballot', clock: { phase: 'finished' } });
    // The debaters are free to queue again while the judge writes the ballot.
    expect((await call(a, 'GET', '/api/debates/queue')).json().queue.activeDebateId).toBeNull();

    expect((await call(a, 'POST', `/api/debates/${debate.id}/ballots`, ballot)).statusCode).toBe(403);
    const badPoints = await call(judge, 'POST', `/api/debates/${debate.id}/ballots`, {
      ...ballot,
      speakerPoints: { a: 25, b: 28.55 },
    });
    expect(badPoints.statusCode).toBe(400);
    const submitted = await call(judge, 'POST', `/api/debates/${debate.id}/ballots`, ballot);
    expect(submitted.statusCode).toBe(201);
    expect(submitted.json().debate).toMatchObject({
      status: 'judged',
      winnerSide: 'b',
      ballot: {
        winnerSide: 'b',
        speakerPoints: { a: 28.5, b: 29.1 },
        reason: 'The NR weighed clearly.',
        judge: { userId: judge.user.id },
      },
    });
    expect((await call(judge, 'POST', `/api/debates/${debate.id}/ballots`, ballot)).statusCode).toBe(409);

    const score = async (u: TCookieUser) =>
      Number(
        (await t.database.db.selectFrom('users').select('score').where('id', '=', u.user.id).executeTakeFirstOrThrow())
          .score,
      );
    expect(await score(a)).toBe(DEBATE_POINTS.complete);
    expect(await score(b)).toBe(DEBATE_POINTS.complete + DEBATE_POINTS.win);
    expect(await score(judge)).toBe(DEBATE_POINTS.judge);
    const ledger = await t.database.db
      .selectFrom('scoreLedger')
      .selectAll()
      .where('userId', '=', b.user.id)
      .orderBy('id')
      .execute();
    expect(ledger.map((l) => [l.oldScore, l.newScore])).toEqual([
      [0, DEBATE_POINTS.complete],
      [DEBATE_POINTS.complete, DEBATE_POINTS.complete + DEBATE_POINTS.win],
    ]);

    const ratings = (await t.app.inject({ method: 'GET', url: '/api/debates/ratings?formatId=ld' })).json().ratings;
    expect(ratings.map((r: { userId: string }) => r.userId)).toEqual([b.user.id, a.user.id]);
    expect(ratings[0]).toMatchObject({ rating: 1578, isProvisional: true, games: 1 }); // openskill: a first win, +78
    expect(ratings[1]).toMatchObject({ rating: 1422, isProvisional: true, games: 1 });

    const history = (await call(b, 'GET', '/api/debates/history')).json();
    expect(history.debatesJoined).toBe(1);
    expect(history.debates[0]).toMatchObject({
      id: debate.id,
      side: 'b',
      result: 'win',
      opponent: { userId: a.user.id },
      ballot: { reason: 'The NR weighed clearly.' },
    });
    expect((await call(a, 'GET', '/api/debates/history')).json().debates[0].result).toBe('loss');
    expect((await call(judge, 'GET', '/api/debates/history')).json().debatesJoined).toBe(0);
    // The dashboard's Debates Joined and score come from the same records.
    const standing = (await call(b, 'GET', '/api/users/me/standing')).json();
    expect(standing.debatesJoined).toBe(1);
    expect(standing.user.score).toBe(DEBATE_POINTS.complete + DEBATE_POINTS.win);
  });

  it('without a judge the round ends completed, each debater earning the completion points', async () => {
    const { debate, a, b } = await matchedPair('pf');
    await speakWholeRound(debate, a, b);
    const done = (await call(a, 'GET', `/api/debates/${debate.id}`)).json().debate as TDebate;
    expect(done).toMatchObject({ status: 'completed', winnerSide: null, ballot: null });
    const scores = await t.database.db
      .selectFrom('users')
      .select(['id', 'score'])
      .where('id', 'in', [a.user.id, b.user.id])
      .execute();
    expect(scores.map((s) => Number(s.score))).toEqual([DEBATE_POINTS.complete, DEBATE_POINTS.complete]);
    expect((await call(a, 'GET', '/api/debates/history')).json().debates[0].result).toBe('no-decision');
  });

  it('a forfeit ends the debate for the other side, once', async () => {
    const { debate, a, b } = await matchedPair('ld');
    const deps = { database: t.database, events: t.app.context.events };
    // A round that began: both came to the room and the first speech ran its six minutes.
    await debates.notePresent(deps, debate.id, a.user.id);
    await debates.notePresent(deps, debate.id, b.user.id);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await call(a, 'POST', `/api/debates/${debate.id}/clock`, { action: 'start_speech' });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const result = await results.forfeit(deps, debate.id, a.user.id);
    expect(result).toMatchObject({ status: 'forfeited', winnerSide: 'b', forfeitedBy: a.user.id });
    // The clock stopped with the round: it does not keep "Running" under the forfeit.
    expect(result?.clock).toMatchObject({ phase: 'finished', startedAt: null, isPaused: false });
    expect(await results.forfeit(deps, debate.id, b.user.id)).toBeNull();
    const winner = await t.database.db
      .selectFrom('users')
      .select('score')
      .where('id', '=', b.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(winner.score)).toBe(DEBATE_POINTS.complete + DEBATE_POINTS.win);
    expect((await call(a, 'POST', `/api/debates/${debate.id}/clock`, { action: 'start_speech' })).statusCode).toBe(409);
    expect((await call(a, 'POST', '/api/debates/queue', { formatId: 'ld' })).json().status).toBe('waiting');
  });

  it('a challenge link matches a friend, once, and not oneself', async () => {
    const host = await buildUser(t);
    const friend = await buildUser(t);
    const outOfRange = await call(host, 'POST', '/api/debates/challenges', { formatId: 'parli', prepMinutes: 25 });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().error.message).toBe('Parliamentary prep time is 15 to 20 minutes.');
    const created = await call(host, 'POST', '/api/debates/challenges', { formatId: 'parli', prepMinutes: 15 });
    expect(created.statusCode).toBe(201);
    const { token } = created.json().challenge;
    expect((await call(host, 'POST', `/api/debates/challenges/${token}/accept`)).statusCode).toBe(409);
    const accepted = await call(friend, 'POST', `/api/debates/challenges/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    const { debate } = (await call(host, 'GET', `/api/debates/${accepted.json().debateId}`)).json() as {
      debate: TDebate;
    };
    expect(debate.formatId).toBe('parli');
    expect(new Set([debate.debaters.a.userId, debate.debaters.b.userId])).toEqual(
      new Set([host.user.id, friend.user.id]),
    );
    expect(debate.clock.prepRemainingMs).toEqual({ a: 15 * 60_000, b: 15 * 60_000 });
    const third = await buildUser(t);
    expect((await call(third, 'POST', `/api/debates/challenges/${token}/accept`)).statusCode).toBe(409);
    expect((await call(third, 'POST', `/api/debates/challenges/nope-nope-nope/accept`)).statusCode).toBe(404);
  });

  it('in-round chat: debaters and judge write, spectators read', async () => {
    const { debate, a, judge } = await matchedPair('ld');
    const spectator = await buildUser(t);
    expect(
      (await call(a, 'POST', `/api/debates/${debate.id}/messages`, { text: '  Ready when you are  ' })).statusCode,
    ).toBe(201);
    expect((await call(spectator, 'POST', `/api/debates/${debate.id}/messages`, { text: 'hi' })).statusCode).toBe(403);
    await call(judge, 'POST', `/api/debates/${debate.id}/judge`);
    expect(
      (await call(judge, 'POST', `/api/debates/${debate.id}/messages`, { text: 'Start when ready.' })).statusCode,
    ).toBe(201);
    const { messages } = (await call(spectator, 'GET', `/api/debates/${debate.id}`)).json();
    expect(messages.map((m: { text: string }) => m.text)).toEqual(['Ready when you are', 'Start when ready.']);
    expect(events.filter((e) => e.name === 'debate.message_created')).toHaveLength(2);
  });
});
