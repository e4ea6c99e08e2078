/**
 * Farming points, tried each way a review found, through the real API: a second account accepting a challenge and
 * forfeiting at once; an LD round clicked through in a fraction of a second and "judged" by a third account; the
 * same pair and judge again and again. None of it earns points or moves a rating; real rounds still do, and every
 * award (and every withheld one) is in the score ledger with its reason, on the round for the debater to read.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEBATE_POINTS, FORMATS, type TDebate, type TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import * as debates from '../debates/debates.service';
import * as results from './results.service';
import * as records from './records.service';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('points that cannot be farmed on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const call = (who: TCookieUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const deps = () => ({ database: t.database, events: t.app.context.events });
  const scoreOf = async (u: TCookieUser) =>
    Number(
      (await t.database.db.selectFrom('users').select('score').where('id', '=', u.user.id).executeTakeFirstOrThrow())
        .score,
    );
  const ratingsCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('debateRatings')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function challengeRound(host: TCookieUser, friend: TCookieUser, formatId = 'ld') {
    const created = await call(host, 'POST', '/api/debates/challenges', { formatId });
    expect(created.statusCode).toBe(201);
    const accepted = await call(friend, 'POST', `/api/debates/challenges/${created.json().challenge.token}/accept`);
    expect(accepted.statusCode).toBe(200);
    const { debate } = (await call(host, 'GET', `/api/debates/${accepted.json().debateId}`)).json() as {
      debate: TDebate;
    };
    const a = debate.debaters.a.userId === host.user.id ? host : friend;
    const b = a === host ? friend : host;
    return { debate, a, b };
  }

  /** Every speech, each lasting `msPerSpeech(minutes)` of (faked) time. */
  async function speak(debate: TDebate, a: TCookieUser, b: TCookieUser, msPerSpeech: (minutes: number) => number) {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (const speech of FORMATS[debate.formatId].speeches) {
      const speaker = speech.speaker === 'b' ? b : a;
      expect(
        (await call(speaker, 'POST', `/api/debates/${debate.id}/clock`, { action: 'start_speech' })).statusCode,
      ).toBe(200);
      vi.setSystemTime(Date.now() + msPerSpeech(speech.minutes));
      expect(
        (await call(speaker, 'POST', `/api/debates/${debate.id}/clock`, { action: 'end_speech' })).statusCode,
      ).toBe(200);
    }
  }

  it('a second account accepting challenges and forfeiting at once earns nothing, three times over', async () => {
    const farmer = await buildUser(t, { displayName: 'Farmer' });
    const alt = await buildUser(t, { displayName: 'Alt' });
    for (let round = 0; round < 3; round += 1) {
      const { debate } = await challengeRound(farmer, alt);
      // The alt even opens the room before forfeiting: still no round happened.
      await debates.notePresent(deps(), debate.id, alt.user.id);
      const forfeited = await call(alt, 'POST', `/api/debates/${debate.id}/forfeit`);
      expect(forfeited.json().debate).toMatchObject({ status: 'forfeited', forfeitedBy: alt.user.id });
      const farmerSide = debate.debaters.a.userId === farmer.user.id ? 'a' : 'b';
      expect(forfeited.json().debate.winnerSide).toBe(farmerSide);
      expect(forfeited.json().debate.awards).toEqual([
        {
          userId: farmer.user.id,
          points: 0,
          reason: `No points for debate #${debate.id}: the round ended before 2 minutes of speeches`,
        },
      ]);
      // The round says which rule it met, so its pages show it as a practice round.
      expect(forfeited.json().debate.notCounted).toEqual({ rule: 'forfeit_early', spokenMs: 0 });
    }
    expect(await scoreOf(farmer)).toBe(0);
    expect(await scoreOf(alt)).toBe(0);
  });

  it('a forfeit by an opponent who never came earns nothing; one after a real start earns the win', async () => {
    const host = await buildUser(t);
    const friend = await buildUser(t);
    const first = await challengeRound(host, friend);
    const noShow = await results.forfeit(deps(), first.debate.id, first.b.user.id);
    expect(noShow?.awards[0]?.reason).toBe(
      `No points for debate #${first.debate.id}: the opponent never came to the room, so the round did not happen`,
    );
    expect(await scoreOf(first.a)).toBe(0);
    expect(noShow?.notCounted).toEqual({ rule: 'forfeit_absent' });

    const other = await buildUser(t);
    const real = await challengeRound(host, other);
    await debates.notePresent(deps(), real.debate.id, real.a.user.id);
    await debates.notePresent(deps(), real.debate.id, real.b.user.id);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await call(real.a, 'POST', `/api/debates/${real.debate.id}/clock`, { action: 'start_speech' });
    vi.setSystemTime(Date.now() + 5 * 60_000);
    const left = await call(real.b, 'POST', `/api/debates/${real.debate.id}/forfeit`);
    expect(left.json().debate.status).toBe('forfeited');
    expect(await scoreOf(real.a)).toBe(DEBATE_POINTS.complete + DEBATE_POINTS.win);
    expect(left.json().debate.notCounted).toBeNull();
  });

  it('an LD round clicked through in a moment and judged by a third account earns nothing and rates nothing', async () => {
    const a0 = await buildUser(t);
    const b0 = await buildUser(t);
    const judge = await buildUser(t);
    const { debate, a, b } = await challengeRound(a0, b0);
    expect((await call(judge, 'POST', `/api/debates/${debate.id}/judge`)).statusCode).toBe(200);
    const started = Date.now();
    await speak(debate, a, b, () => 30);
    expect(Date.now() - started).toBeLessThan(1000);
    const ballot = { winnerSide: 'a', speakerPoints: { a: 30, b: 26 }, reason: 'Farm.' };
    const judged = await call(judge, 'POST', `/api/debates/${debate.id}/ballots`, ballot);
    expect(judged.statusCode).toBe(201);
    expect([await scoreOf(a), await scoreOf(b), await scoreOf(judge)]).toEqual([0, 0, 0]);
    expect(await ratingsCount()).toBe(0);
    const awards = (judged.json().debate as TDebate).awards;
    expect(awards.every((award) => award.points === 0)).toBe(true);
    expect(awards.find((award) => award.userId === a.user.id)?.reason).toBe(
      `No points for debate #${debate.id}: speeches ran 0% of their time (50% needed)`,
    );
    // Why it did not count, with the share of speech time that ran, on the round, in the history and the progress.
    const notCounted = (judged.json().debate as TDebate).notCounted;
    expect(notCounted).toEqual({ rule: 'speech_share', spokenShare: expect.any(Number) });
    expect(notCounted?.rule === 'speech_share' && notCounted.spokenShare).toBeLessThan(0.01);
    const history = (await call(a, 'GET', '/api/debates/history')).json();
    expect(history.debates[0]).toMatchObject({ id: debate.id, notCounted });
    const progress = await records.getProgress(deps(), a.user.id);
    expect(progress.lastBallots[0]).toMatchObject({ debateId: debate.id, notCounted });
    // The ledger holds the same entries, with the debate they came from.
    const ledger = await t.database.db
      .selectFrom('scoreLedger')
      .select(['userId', 'reason', 'debateId'])
      .where('debateId', '=', debate.id)
      .execute();
    expect(ledger).toHaveLength(3);
    // The admin's score log names the debate, not "a removed admin".
    const admin = await buildUser(t, { role: 'admin' });
    const log = (await call(admin, 'GET', `/api/score-changes?userId=${a.user.id}`)).json();
    expect(log.changes[0]).toMatchObject({ debateId: debate.id, changedById: null });
  });

  it('a real round pays once per pair and judge per day; the repeat earns nothing; a day later it pays again', async () => {
    const x = await buildUser(t);
    const y = await buildUser(t);
    const judge = await buildUser(t);
    const judgedRound = async () => {
      const { debate, a, b } = await challengeRound(x, y);
      expect((await call(judge, 'POST', `/api/debates/${debate.id}/judge`)).statusCode).toBe(200);
      await speak(debate, a, b, (minutes) => minutes * 60_000);
      const ballot = { winnerSide: 'b', speakerPoints: { a: 28, b: 29 }, reason: 'Clearer weighing.' };
      const res = await call(judge, 'POST', `/api/debates/${debate.id}/ballots`, ballot);
      expect(res.statusCode).toBe(201);
      return res.json().debate as TDebate;
    };
    const first = await judgedRound();
    const firstTotal = (await scoreOf(x)) + (await scoreOf(y));
    // The winner's own record on the dashboard: one win, their speaker points, a provisional LD rating.
    const winner = first.debaters.b.userId === x.user.id ? x : y;
    const record = (await call(winner, 'GET', '/api/debates/record')).json().record;
    expect(record).toMatchObject({ wins: 1, losses: 0, noDecision: 0, averageSpeakerPoints: 29 });
    expect(record.ratings).toEqual([
      { formatId: 'ld', rating: expect.objectContaining({ isProvisional: true, games: 1 }) },
    ]);
    expect(firstTotal).toBe(2 * DEBATE_POINTS.complete + DEBATE_POINTS.win);
    expect(await scoreOf(judge)).toBe(DEBATE_POINTS.judge);
    expect(first.awards.filter((award) => award.points > 0)).toHaveLength(4);
    expect(first.notCounted).toBeNull();
    const ratingsAfterFirst = await t.database.db.selectFrom('debateRatings').selectAll().execute();

    const second = await judgedRound();
    expect((await scoreOf(x)) + (await scoreOf(y))).toBe(firstTotal);
    expect(await scoreOf(judge)).toBe(DEBATE_POINTS.judge);
    expect(second.awards.every((award) => award.points === 0)).toBe(true);
    expect(second.notCounted).toEqual({ rule: 'same_pair' });
    expect(second.awards[0]?.reason).toMatch(
      /the same two debaters already earned points from a round in the last 24 hours/,
    );
    expect(await t.database.db.selectFrom('debateRatings').selectAll().execute()).toEqual(ratingsAfterFirst);

    vi.setSystemTime(Date.now() + 25 * 60 * 60_000);
    await judgedRound();
    expect((await scoreOf(x)) + (await scoreOf(y))).toBe(2 * firstTotal);
    expect(await scoreOf(judge)).toBe(2 * DEBATE_POINTS.judge);
  });

  it('a judge who sits down after the speeches began earns nothing; the debaters still do', async () => {
    const x = await buildUser(t);
    const y = await buildUser(t);
    const judge = await buildUser(t);
    const { debate, a, b } = await challengeRound(x, y);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const [first, ...rest] = FORMATS.ld.speeches;
    await call(a, 'POST', `/api/debates/${debate.id}/clock`, { action: 'start_speech' });
    vi.setSystemTime(Date.now() + first!.minutes * 60_000);
    expect((await call(judge, 'POST', `/api/debates/${debate.id}/judge`)).statusCode).toBe(200);
    await call(a, 'POST', `/api/debates/${debate.id}/clock`, { action: 'end_speech' });
    for (const speech of rest) {
      const speaker = speech.speaker === 'b' ? b : a;
      await call(speaker, 'POST', `/api/debates/${debate.id}/clock`, { action: 'start_speech' });
      vi.setSystemTime(Date.now() + speech.minutes * 60_000);
      await call(speaker, 'POST', `/api/debates/${debate.id}/clock`, { action: 'end_speech' });
    }
    const ballot = { winnerSide: 'a', speakerPoints: { a: 29, b: 28 }, reason: 'Late but fair.' };
    const judged = await call(judge, 'POST', `/api/debates/${debate.id}/ballots`, ballot);
    expect(judged.statusCode).toBe(201);
    expect(await scoreOf(judge)).toBe(0);
    expect(await scoreOf(a)).toBe(DEBATE_POINTS.complete + DEBATE_POINTS.win);
    expect((judged.json().debate as TDebate).awards.find((award) => award.userId === judge.user.id)?.reason).toBe(
      `No points for debate #${debate.id}: the judge joined after the speeches began`,
    );
  });

  it('a judge invited by link keeps the seat, may arrive after the last speech, and is marked as not present', async () => {
    const x = await buildUser(t);
    const y = await buildUser(t);
    const invited = await buildUser(t, { displayName: 'Invited Judge' });
    const passerBy = await buildUser(t);
    const { debate, a, b } = await challengeRound(x, y);
    expect((await call(passerBy, 'POST', `/api/debates/${debate.id}/judge-invites`)).statusCode).toBe(403);
    const invite = await call(a, 'POST', `/api/debates/${debate.id}/judge-invites`);
    expect(invite.statusCode).toBe(201);
    const { token } = invite.json();
    expect(invite.json().debate.hasJudgeInvite).toBe(true);
    // The seat is kept for the link's holder.
    const taken = await call(passerBy, 'POST', `/api/debates/${debate.id}/judge`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('A debater has invited a judge for this round.');
    expect(
      (await call(passerBy, 'POST', `/api/debates/${debate.id}/judge`, { invite: 'wrong-token-123' })).statusCode,
    ).toBe(409);

    await speak(debate, a, b, (minutes) => minutes * 60_000);
    // The round waits for the invited judge's ballot.
    const ended = (await call(a, 'GET', `/api/debates/${debate.id}`)).json().debate as TDebate;
    expect(ended.status).toBe('awaiting_ballot');
    const late = await call(invited, 'POST', `/api/debates/${debate.id}/judge`, { invite: token });
    expect(late.statusCode).toBe(200);
    expect(late.json().debate.judge.userId).toBe(invited.user.id);
    const ballot = { winnerSide: 'b', speakerPoints: { a: 28, b: 29 }, reason: 'Judged from the flow afterwards.' };
    const judged = await call(invited, 'POST', `/api/debates/${debate.id}/ballots`, ballot);
    expect(judged.statusCode).toBe(201);
    const decided = judged.json().debate as TDebate;
    expect(decided.ballot?.wasJudgePresent).toBe(false);
    // The debaters' round counts; the judge who was not there for the speeches earns nothing.
    expect(await scoreOf(b)).toBe(DEBATE_POINTS.complete + DEBATE_POINTS.win);
    expect(await scoreOf(invited)).toBe(0);
  });

  it('the dashboard record counts finished rounds from either side, with the points of the side each one was on', async () => {
    const x = await buildUser(t);
    const y = await buildUser(t);
    const judge = await buildUser(t);
    /** A judged round of x and y; returns the side x was drawn on. */
    const judgedRound = async (winnerSide: 'a' | 'b', speakerPoints: { a: number; b: number }) => {
      const { debate, a, b } = await challengeRound(x, y);
      expect((await call(judge, 'POST', `/api/debates/${debate.id}/judge`)).statusCode).toBe(200);
      await speak(debate, a, b, (minutes) => minutes * 60_000);
      const reason = 'Clearer weighing.';
      const res = await call(judge, 'POST', `/api/debates/${debate.id}/ballots`, { winnerSide, speakerPoints, reason });
      expect(res.statusCode).toBe(201);
      return a === x ? 'a' : 'b';
    };
    const first = await judgedRound('a', { a: 28, b: 30 });
    const second = await judgedRound('b', { a: 27, b: 29 });
    // A forfeit decides a round without a ballot (no points); a round still live is not in the record yet.
    const { debate: forfeited } = await challengeRound(x, y);
    expect((await call(y, 'POST', `/api/debates/${forfeited.id}/forfeit`)).statusCode).toBe(200);
    await challengeRound(x, y);

    const xPoints = [first === 'a' ? 28 : 30, second === 'a' ? 27 : 29];
    const xWins = 1 + Number(first === 'a') + Number(second === 'b');
    const record = (await call(x, 'GET', '/api/debates/record')).json().record;
    expect(record).toMatchObject({
      wins: xWins,
      losses: 3 - xWins,
      noDecision: 0,
      averageSpeakerPoints: (xPoints[0]! + xPoints[1]!) / 2,
    });
    const yRecord = (await call(y, 'GET', '/api/debates/record')).json().record;
    expect(yRecord).toMatchObject({
      wins: 3 - xWins,
      losses: xWins,
      averageSpeakerPoints: (28 + 30 + 27 + 29 - xPoints[0]! - xPoints[1]!) / 2,
    });
    // Debates Joined counts every round, the live one too, whichever side the user was on.
    expect((await call(x, 'GET', '/api/users/me/standing')).json().debatesJoined).toBe(4);
    expect((await call(y, 'GET', '/api/users/me/standing')).json().debatesJoined).toBe(4);
  });
});
