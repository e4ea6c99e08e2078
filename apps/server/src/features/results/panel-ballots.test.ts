/**
 * A round judged by a panel of three, through the real HTTP server on both engines: a tournament that asks for
 * panels seats three judges at release, each submits their own ballot, the majority decides (2–1 or 2–0), every
 * ballot is kept and shown once decided, and the decided result settles awards and ratings as a judged round does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TSessionUser, TTournament, TTournamentRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';

type TWho = { user: TSessionUser; cookie: string };

const MINOR_BIRTH_MONTH = `${new Date().getUTCFullYear() - 16}-01`;

describe.each(TEST_ENGINES)('panel ballots on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TWho, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  async function users(count: number, opts: { birthMonth?: string } = {}) {
    const out: TWho[] = [];
    for (let i = 0; i < count; i++) out.push(await buildUser(t, opts));
    return out;
  }

  /** A two-entrant LD tournament asking for panels in its preliminaries, its pool, and round 1 released. */
  /** A one-room panel round of a new tournament (`prelimRounds` 2 keeps it running once the room is decided). */
  async function panelRound(debaters: TWho[], judges: TWho[], prelimRounds = 1) {
    const admin = await buildUser(t, { role: 'admin' });
    const created = await call(admin, 'POST', '/api/tournaments', {
      name: 'Panelled open',
      formatId: 'ld',
      prelimRounds,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
      prelimJudgesPerRoom: 3,
    });
    expect(created.statusCode, created.body).toBe(201);
    const tournament = created.json().tournament as TTournament;
    expect(tournament.judgesPerRoom).toEqual({ prelims: 3, elims: 1 });
    for (const who of debaters) {
      const entered = await call(who, 'POST', `/api/tournaments/${tournament.id}/entrants`, {});
      expect(entered.statusCode, entered.body).toBe(201);
    }
    for (const judge of judges) {
      const added = await call(admin, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id });
      expect(added.statusCode, added.body).toBe(201);
    }
    const released = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(released.statusCode, released.body).toBe(201);
    const round = released.json().round as TTournamentRound;
    return { admin, round, debateId: round.pairings[0]!.debateId! };
  }

  const getDebate = async (who: TWho, id: number) =>
    (await call(who, 'GET', `/api/debates/${id}`)).json().debate as TDebate;

  /** The speeches over (time-shifted in the database): the round waits for its ballots. */
  const endSpeeches = (id: number) =>
    t.database.db
      .updateTable('debates')
      // Speeches that ran their full time, so the round counts for points and ratings.
      .set({ status: 'awaiting_ballot', endedAt: new Date().toISOString(), spokenMs: 60 * 60_000 })
      .where('id', '=', id)
      .execute();

  const ballot = (winnerSide: 'a' | 'b', a: number, b: number, reason = 'Weighed the framework.') => ({
    winnerSide,
    speakerPoints: { a, b },
    reason,
  });

  it('seats three judges, takes one ballot from each, and decides 2–1 by the majority', async () => {
    const debaters = await users(2);
    const judges = await users(3);
    const [outsider] = await users(1);
    const { debateId } = await panelRound(debaters, judges);
    const seated = await getDebate(outsider!, debateId);
    const panelIds = seated.panel!.judges.map((j) => j.userId);
    expect(new Set(panelIds)).toEqual(new Set(judges.map((j) => j.user.id)));
    expect(seated.judge?.userId).toBe(panelIds[0]);
    const judgeOf = (id: string) => judges.find((j) => j.user.id === id)!;
    const [chair, second, third] = panelIds.map(judgeOf) as [TWho, TWho, TWho];

    const early = await call(second, 'POST', `/api/debates/${debateId}/ballots`, ballot('a', 28, 27));
    expect(early.statusCode).toBe(409);
    expect(early.json().error.reason).toBe('ballot_not_open');
    await endSpeeches(debateId);

    const first = await call(chair, 'POST', `/api/debates/${debateId}/ballots`, ballot('a', 28.1, 27));
    expect(first.statusCode, first.body).toBe(201);
    const split = await call(second, 'POST', `/api/debates/${debateId}/ballots`, ballot('b', 27, 29));
    expect(split.statusCode, split.body).toBe(201);
    const waiting = split.json().debate as TDebate;
    // 1–1: not decided, and nobody reads a ballot before the decision.
    expect(waiting.status).toBe('awaiting_ballot');
    expect(waiting.panel!.ballots).toEqual([]);
    expect(waiting.panel!.votes).toBeNull();
    expect(waiting.panel!.judges.map((j) => j.hasSubmitted)).toEqual([true, true, false]);

    // Not twice, not by someone off the panel, not by a debater.
    const twice = await call(chair, 'POST', `/api/debates/${debateId}/ballots`, ballot('b', 27, 29));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.reason).toBe('ballot_submitted');
    for (const who of [outsider!, debaters[0]!]) {
      const refused = await call(who, 'POST', `/api/debates/${debateId}/ballots`, ballot('a', 28, 27));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('Only the judges on this round’s panel can submit a ballot.');
    }
    const bad = await call(third, 'POST', `/api/debates/${debateId}/ballots`, { winnerSide: 'c' });
    expect(bad.statusCode).toBe(400);

    const deciding = await call(third, 'POST', `/api/debates/${debateId}/ballots`, ballot('a', 28.5, 27.2));
    expect(deciding.statusCode, deciding.body).toBe(201);
    const decided = await getDebate(outsider!, debateId);
    expect(decided.status).toBe('judged');
    expect(decided.winnerSide).toBe('a');
    expect(decided.panel!.votes).toEqual({ a: 2, b: 1 });
    expect(decided.panel!.ballots.map((b) => [b.judge.userId, b.winnerSide, b.speakerPoints])).toEqual([
      [chair.user.id, 'a', { a: 28.1, b: 27 }],
      [second.user.id, 'b', { a: 27, b: 29 }],
      [third.user.id, 'a', { a: 28.5, b: 27.2 }],
    ]);
    // The decision is the round's ballot: the majority's points, averaged.
    expect(decided.ballot).toMatchObject({ winnerSide: 'a', speakerPoints: { a: 28.3, b: 27.1 }, judge: null });
    expect(decided.ballot!.reason).toBe('Panel decision 2–1.');

    // Ratings follow the decided result: the winner gains, the loser loses.
    const ratings = (await call(outsider!, 'GET', '/api/debates/ratings?formatId=ld')).json().ratings as {
      userId: string;
      rating: number;
    }[];
    const rating = (who: TWho) => ratings.find((r) => r.userId === who.user.id)!.rating;
    // openskill's first result between two new debaters: about 78 points each way (as a single judge's ballot).
    expect(rating(debaters.find((d) => d.user.id === decided.debaters.a.userId)!)).toBe(1578);
    expect(rating(debaters.find((d) => d.user.id === decided.debaters.b.userId)!)).toBe(1422);
    // Each judge whose ballot was in at the decision gets a judged round's judging entry, as a single judge does.
    const judgeAwards = (id: string) => decided.awards.filter((a) => a.userId === id).map((a) => a.reason);
    expect(judgeAwards(chair.user.id).length).toBeGreaterThan(0);
    expect(judgeAwards(second.user.id)).toEqual(judgeAwards(chair.user.id));
    expect(judgeAwards(third.user.id)).toEqual(judgeAwards(chair.user.id));
    // The debaters' records count the decision once.
    const record = (await call(debaters[0]!, 'GET', '/api/debates/record')).json().record;
    expect(record.wins + record.losses).toBe(1);
  });

  it('decides 2–0 without the third ballot, which is still kept and shown when it comes', async () => {
    const debaters = await users(2);
    const judges = await users(3);
    // Kept while the tournament runs: once it is finished its results are final (tournaments.reconcile.test.ts).
    const { debateId } = await panelRound(debaters, judges, 2);
    const panelIds = (await getDebate(judges[0]!, debateId)).panel!.judges.map((j) => j.userId);
    const [first, second, third] = panelIds.map((id) => judges.find((j) => j.user.id === id)!) as [TWho, TWho, TWho];
    await endSpeeches(debateId);
    expect((await call(first, 'POST', `/api/debates/${debateId}/ballots`, ballot('b', 27, 28))).statusCode).toBe(201);
    const decided = (await call(second, 'POST', `/api/debates/${debateId}/ballots`, ballot('b', 27.4, 28.4))).json()
      .debate as TDebate;
    expect(decided.status).toBe('judged');
    expect(decided.winnerSide).toBe('b');
    expect(decided.panel!.votes).toEqual({ a: 0, b: 2 });
    expect(decided.ballot!.reason).toBe('Panel decision 2–0.');

    const late = await call(third, 'POST', `/api/debates/${debateId}/ballots`, ballot('a', 29, 27, 'Dissent.'));
    expect(late.statusCode, late.body).toBe(201);
    const after = late.json().debate as TDebate;
    expect(after.winnerSide).toBe('b');
    expect(after.panel!.votes).toEqual({ a: 1, b: 2 });
    expect(after.panel!.ballots.at(-1)).toMatchObject({ judge: { userId: third.user.id }, reason: 'Dissent.' });
    expect(after.ballot!.speakerPoints).toEqual({ a: 27.2, b: 28.2 });
    expect(after.awards.filter((a) => a.userId === third.user.id)).toEqual([]);
  });

  it('seats on a minor’s panel only judges the safety rules allow', async () => {
    const minors = await users(2, { birthMonth: MINOR_BIRTH_MONTH });
    const minorJudges = await users(2, { birthMonth: MINOR_BIRTH_MONTH });
    const [adult] = await users(1);
    const { round, debateId } = await panelRound(minors, [adult!, ...minorJudges]);
    const panel = (await getDebate(minorJudges[0]!, debateId)).panel!;
    expect(new Set(panel.judges.map((j) => j.userId))).toEqual(new Set(minorJudges.map((j) => j.user.id)));
    expect(round.pairings[0]!.panel.map((j) => j.userId)).toEqual(panel.judges.map((j) => j.userId));
    // Short of its third judge: the host sees the room among the unjudged.
    expect(round.unjudgedPairingIds).toEqual([round.pairings[0]!.id]);
    await endSpeeches(debateId);
    const refused = await call(adult!, 'POST', `/api/debates/${debateId}/ballots`, ballot('a', 28, 27));
    expect(refused.statusCode).toBe(403);
    // Two seated: both must agree.
    await call(minorJudges[0]!, 'POST', `/api/debates/${debateId}/ballots`, ballot('a', 28, 27));
    const done = (await call(minorJudges[1]!, 'POST', `/api/debates/${debateId}/ballots`, ballot('a', 28, 27))).json()
      .debate as TDebate;
    expect(done.status).toBe('judged');
  });

  it('refuses a judges-per-room setting other than 1 or 3', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const refused = await call(admin, 'POST', '/api/tournaments', {
      name: 'Odd panels',
      formatId: 'ld',
      prelimRounds: 1,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
      elimJudgesPerRoom: 2,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Choose 1 judge or a panel of 3 per room.');
  });
});
