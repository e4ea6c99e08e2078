/**
 * A ballot of a round of teams (issue 40, item 5), through the real API on both engines: a 2 v 2 Public Forum round
 * (`openSeatedRound`) run speech by speech by its speakers and judged with four speaker points (and speaker ranks):
 * every debater's points are kept and shown, all four ratings move (the sides rated as teams), and all four are
 * credited the side's points. Bad ballots — points for someone not in the round, a debater left out, a one-on-one form,
 * duplicate ranks — are a 400 and write nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORMATS, speakerOf, speechesOf, type TDebate, type TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { openSeatedRound } from '../debates/round-seating';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('a ballot of a round of teams on %s', (engine) => {
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
  const scoreOf = async (u: TCookieUser) =>
    Number(
      (await t.database.db.selectFrom('users').select('score').where('id', '=', u.user.id).executeTakeFirstOrThrow())
        .score,
    );
  const counts = async () => ({
    ballots: (await t.database.db.selectFrom('debateBallots').selectAll().execute()).length,
    points: (await t.database.db.selectFrom('ballotDebaterPoints').selectAll().execute()).length,
  });

  /** A 2 v 2 Public Forum round with a judge, every speech run to its full time by its own speaker(s). */
  async function judgedRound() {
    const people: TCookieUser[] = [];
    for (let i = 0; i < 5; i++) people.push(await buildUser(t));
    const [a1, a2, b1, b2, judge] = people as [TCookieUser, TCookieUser, TCookieUser, TCookieUser, TCookieUser];
    const seats = [
      { userId: a1.user.id, side: 'a' as const, position: 'first' },
      { userId: a2.user.id, side: 'a' as const, position: 'second' },
      { userId: b1.user.id, side: 'b' as const, position: 'first' },
      { userId: b2.user.id, side: 'b' as const, position: 'second' },
    ];
    const id = await openSeatedRound(
      { database: t.database },
      {
        kind: 'challenge',
        formatId: 'pf',
        resolution: 'Partners are judged together.',
        topicId: null,
        debaters: seats,
        judgeId: judge.user.id,
      },
    );
    const byId = new Map(people.map((p) => [p.user.id, p]));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (const speech of speechesOf('pf', 'a')) {
      const runner = byId.get(speakerOf(FORMATS.pf, speech, { seats })[0]!)!;
      expect((await call(runner, 'POST', `/api/debates/${id}/clock`, { action: 'start_speech' })).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + speech.minutes * 60_000);
      expect((await call(runner, 'POST', `/api/debates/${id}/clock`, { action: 'end_speech' })).statusCode).toBe(200);
    }
    return { id, a1, a2, b1, b2, judge };
  }
  const ballot = (debaterPoints: object[]) => ({ winnerSide: 'b', debaterPoints, reason: 'Con weighed better.' });

  it('keeps four speaker points and ranks, moves all four ratings, and credits all four', async () => {
    const { id, a1, a2, b1, b2, judge } = await judgedRound();
    const before = await Promise.all([a1, a2, b1, b2].map(scoreOf));
    expect(before).toEqual([0, 0, 0, 0]);
    const points = [
      { userId: a1.user.id, points: 27.5, rank: 4 },
      { userId: a2.user.id, points: 28, rank: 3 },
      { userId: b1.user.id, points: 29.5, rank: 1 },
      { userId: b2.user.id, points: 28.5, rank: 2 },
    ];
    const sent = await call(judge, 'POST', `/api/debates/${id}/ballots`, ballot(points));
    expect(sent.statusCode).toBe(201);
    const debate = sent.json().debate as TDebate;
    expect(debate.status).toBe('judged');
    expect(debate.ballot?.debaterPoints).toEqual([
      { userId: a1.user.id, side: 'a', points: 27.5, rank: 4 },
      { userId: a2.user.id, side: 'a', points: 28, rank: 3 },
      { userId: b1.user.id, side: 'b', points: 29.5, rank: 1 },
      { userId: b2.user.id, side: 'b', points: 28.5, rank: 2 },
    ]);
    expect(debate.ballot?.speakerPoints).toEqual({ a: 27.5, b: 29.5 });
    // Every debater's rating moved, the winners' up and the losers' down.
    const ratingOf = (userId: string) => debate.seats.find((s) => s.userId === userId)!.rating;
    for (const p of [a1, a2, b1, b2]) expect(ratingOf(p.user.id).games).toBe(1);
    expect(ratingOf(b2.user.id).rating).toBeGreaterThan(ratingOf(a2.user.id).rating);
    // Every member of each side is credited the side's points: both winners alike, both losers alike.
    const after = await Promise.all([a1, a2, b1, b2].map(scoreOf));
    expect(after[2]).toBeGreaterThan(after[0]!);
    expect(after[0]).toBe(after[1]);
    expect(after[2]).toBe(after[3]);
    expect(after[0]).toBeGreaterThan(0);
    // A partner's record and history: their own points, the loss, and their partner named on the round.
    const { record } = (await call(a2, 'GET', '/api/debates/record')).json();
    expect(record).toMatchObject({ wins: 0, losses: 1, averageSpeakerPoints: 28 });
    const history = (await call(a2, 'GET', '/api/debates/history')).json();
    expect(history.debatesJoined).toBe(1);
    expect(history.debates[0]).toMatchObject({ id, side: 'a', result: 'loss' });
    expect(history.debates[0].partners.map((p: { userId: string }) => p.userId)).toEqual([a1.user.id]);
    expect(history.debates[0].ballot.debaterPoints).toHaveLength(4);
  });

  it('refuses points for someone not in the round, a debater left out, a one-on-one form and duplicate ranks', async () => {
    const { id, a1, a2, b1, b2, judge } = await judgedRound();
    const stranger = await buildUser(t);
    const four = [a1, a2, b1, b2].map((p) => ({ userId: p.user.id, points: 28 }));
    const refusals = [
      [
        ballot([...four.slice(0, 3), { userId: stranger.user.id, points: 28 }]),
        'Speaker points go only to the debaters of this round.',
      ],
      [ballot(four.slice(0, 3)), 'Give every debater of the round speaker points.'],
      [ballot([...four.slice(0, 3), four[0]!]), 'Give each debater speaker points once.'],
      [
        { winnerSide: 'a', speakerPoints: { a: 28, b: 28 }, reason: 'x' },
        'Give each debater of the round speaker points.',
      ],
      [
        ballot(four.map((p, i) => ({ ...p, rank: i === 3 ? 1 : i + 1 }))),
        'Speaker ranks go from 1 to 4, each to one debater.',
      ],
      [
        ballot(four.map((p, i) => (i === 0 ? { ...p, rank: 1 } : p))),
        'Speaker ranks go from 1 to 4, each to one debater.',
      ],
    ] as const;
    for (const [body, message] of refusals) {
      const refused = await call(judge, 'POST', `/api/debates/${id}/ballots`, body);
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    expect(await counts()).toEqual({ ballots: 0, points: 0 });
    const { debate } = (await call(judge, 'GET', `/api/debates/${id}`)).json() as { debate: TDebate };
    expect(debate.status).toBe('awaiting_ballot');
    // Without ranks the ballot stands.
    expect((await call(judge, 'POST', `/api/debates/${id}/ballots`, ballot(four))).statusCode).toBe(201);
    expect(await counts()).toEqual({ ballots: 1, points: 4 });
  });
});
