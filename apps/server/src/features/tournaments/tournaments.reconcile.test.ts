/**
 * The sequencer reconciles (issue 39), through the real app on both engines: a tournament with no break finishes
 * when its last preliminary is decided; a final's ballot whose handler never ran (the instance died, the event was
 * lost) is found by the next wake; the first elimination round can be re-paired (and three re-pairs at once give one
 * draw and two refusals); a corrected elimination result moves the bracket, the next round and the champion, and is
 * refused once the next round has started; a ballot after the tournament finished is refused; a crash in the middle
 * of a grace period's end loses nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TOURNAMENT_OVER_BALLOT_MESSAGE,
  type TDebate,
  type TSessionUser,
  type TTournament,
  type TTournamentBrackets,
  type TTournamentRound,
} from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';
import { notePresent } from '../debates/debates.service';
import { runSequencer, type TSequencer, type TSequencerStep } from './tournament-sequencer';

type TWho = { user: TSessionUser; cookie: string };
const MINUTE = 60_000;

describe.each(TEST_ENGINES)('the sequencer reconciles on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TWho | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

  function sequencerAt(at: () => number, onStep?: TSequencer['onStep']): TSequencer {
    return {
      deps: {
        database: t.app.context.database,
        events: t.app.context.events,
        now: at,
        timings: t.config.tournamentTimings,
      },
      scheduler: t.app.context.scheduler,
      log: t.app.log,
      ...(onStep ? { onStep } : {}),
    };
  }

  async function tournamentOf(count: number, body: object) {
    const admin = await buildUser(t, { role: 'admin' });
    const created = await call(admin, 'POST', '/api/tournaments', {
      name: 'Reconciled open',
      formatId: 'ld',
      prelimRounds: 1,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
      ...body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const tournament = created.json().tournament as TTournament;
    const entrants: TWho[] = [];
    for (let i = 0; i < count; i++) {
      const who = await buildUser(t);
      expect((await call(who, 'POST', `/api/tournaments/${tournament.id}/entrants`, {})).statusCode).toBe(201);
      entrants.push(who);
    }
    return { admin, id: tournament.id, entrants, judge: await buildUser(t) };
  }

  async function release(admin: TWho, id: number, number: number): Promise<TTournamentRound> {
    const released = await call(admin, 'POST', `/api/tournaments/${id}/rounds/${number}/release`);
    expect(released.statusCode, released.body).toBe(201);
    return released.json().round as TTournamentRound;
  }

  /** A judge's ballot for the debate, its speeches time-shifted over: `winner` 'a' (aff) or 'b'. */
  async function ballot(judge: TWho, debateId: number, winner: 'a' | 'b') {
    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', judgeId: judge.user.id })
      .where('id', '=', debateId)
      .execute();
    await t.database.db.deleteFrom('activeDebaters').where('debateId', '=', debateId).execute();
    const response = await call(judge, 'POST', `/api/debates/${debateId}/ballots`, {
      winnerSide: winner,
      speakerPoints: { a: 28, b: 27 },
      reason: 'The better clash on the framework.',
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  const judgeRound = async (judge: TWho, round: TTournamentRound) => {
    for (const p of round.pairings.filter((x) => x.debateId !== null)) await ballot(judge, p.debateId!, 'a');
  };

  /** Runs `work` with every `debate.updated` dropped: the round's handler never runs (a lost event, a dead instance). */
  async function withRoundEventsLost(work: () => Promise<void>) {
    const events = t.app.context.events;
    const emit = events.emit.bind(events);
    events.emit = (event: TDomainEvent) => {
      if (event.name !== 'debate.updated') emit(event);
    };
    try {
      await work();
    } finally {
      events.emit = emit;
    }
  }

  const tournamentNow = async (admin: TWho, id: number) =>
    (await call(admin, 'GET', `/api/tournaments/${id}`)).json().tournament as TTournament;
  const roundsOf = async (admin: TWho, id: number) =>
    (await call(admin, 'GET', `/api/tournaments/${id}/rounds`)).json().rounds as TTournamentRound[];
  const championOf = async (admin: TWho, id: number) =>
    ((await call(admin, 'GET', `/api/tournaments/${id}/bracket`)).json().bracket as TTournamentBrackets).divisions[0]!
      .champion?.entrantId ?? null;
  const winnerOf = (p: TTournamentRound['pairings'][number]) => p.aff!.entrantId;

  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await check()).toBe(true);
  }

  it('finishes a tournament with no break at its last preliminary, also when the ballot’s event is lost', async () => {
    const { admin, id, judge } = await tournamentOf(4, { prelimRounds: 2 });
    await judgeRound(judge, await release(admin, id, 1));
    const round2 = await release(admin, id, 2);
    // The event of the last ballot is lost: nothing finishes the tournament until the sequencer's next wake.
    await withRoundEventsLost(() => judgeRound(judge, round2));
    expect((await tournamentNow(admin, id)).status).toBe('running');
    await runSequencer(
      sequencerAt(() => Date.now()),
      id,
    );
    const after = await tournamentNow(admin, id);
    expect(after.status).toBe('finished');
    expect(after.finishedAt).toEqual(expect.any(String));
    expect((await roundsOf(admin, id)).map((r) => r.status)).toEqual(['complete', 'complete']);
    // With its event, the ballot's handler finishes it at once (a hint that the sequencer's wake would also act on).
    const other = await tournamentOf(2, { prelimRounds: 1 });
    await judgeRound(other.judge, await release(other.admin, other.id, 1));
    await until(async () => (await tournamentNow(other.admin, other.id)).status === 'finished');
  });

  it('finds a final decided while no handler ran at the next wake, and crowns its champion', async () => {
    const { admin, id, judge } = await tournamentOf(4, { breakSize: 2 });
    await judgeRound(judge, await release(admin, id, 1));
    const final = (await release(admin, id, 2)).pairings[0]!;
    await withRoundEventsLost(() => ballot(judge, final.debateId!, 'b'));
    expect((await tournamentNow(admin, id)).status).toBe('running');
    expect(await championOf(admin, id)).toBeNull();
    await runSequencer(
      sequencerAt(() => Date.now()),
      id,
    );
    expect((await tournamentNow(admin, id)).status).toBe('finished');
    expect(await championOf(admin, id)).toBe(final.neg!.entrantId);
  });

  it('re-pairs the first elimination round (once of three at once) and goes on to a champion', async () => {
    const { admin, id, judge } = await tournamentOf(4, { breakSize: 4 });
    await judgeRound(judge, await release(admin, id, 1));
    const semis = await release(admin, id, 2);
    const url = `/api/tournaments/${id}/rounds/2/repair`;
    const repaired = await call(admin, 'POST', url, { releasedAt: semis.releasedAt, reason: 'Wrong room.' });
    expect(repaired.statusCode, repaired.body).toBe(201);
    const again = repaired.json().round as TTournamentRound;
    expect(again.pairings).toHaveLength(2);
    const pairsOf = (round: TTournamentRound) =>
      round.pairings.map((p) => [p.aff!.entrantId, p.neg!.entrantId].sort((a, b) => a - b)).sort();
    // The same bracket (seeded from the same tab): the same meetings.
    expect(pairsOf(again)).toEqual(pairsOf(semis));
    // Three re-pairs of the same release at once: one draws it again, the others are refused; never an empty round.
    const racing = await Promise.all(
      [1, 2, 3].map(() => call(admin, 'POST', url, { releasedAt: again.releasedAt, reason: 'Again.' })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const now = (await roundsOf(admin, id)).find((r) => r.number === 2)!;
    expect(now.pairings).toHaveLength(2);
    expect(now.pairings.every((p) => p.debateId !== null)).toBe(true);
    await judgeRound(judge, now);
    const final = (await release(admin, id, 3)).pairings[0]!;
    await ballot(judge, final.debateId!, 'a');
    await until(async () => (await tournamentNow(admin, id)).status === 'finished');
    expect(await championOf(admin, id)).toBe(winnerOf(final));
  });

  it('moves the bracket, the next round and the champion with a corrected elimination result', async () => {
    const { admin, id, judge } = await tournamentOf(4, { breakSize: 4 });
    await judgeRound(judge, await release(admin, id, 1));
    const semis = await release(admin, id, 2);
    await judgeRound(judge, semis);
    const final = await release(admin, id, 3);
    const correct = (pairingId: number, winner: 'aff' | 'neg') =>
      call(admin, 'POST', `/api/tournaments/${id}/pairings/${pairingId}/corrections`, {
        winner,
        reason: 'The judge marked the wrong side.',
      });
    // The first semifinal's loser won: the final (not started) is drawn again with them.
    const [semi1, semi2] = semis.pairings;
    const corrected = await correct(semi1!.id, 'neg');
    expect(corrected.statusCode, corrected.body).toBe(201);
    const redrawn = (await roundsOf(admin, id)).find((r) => r.number === 3)!;
    expect(redrawn.pairings).toHaveLength(1);
    expect(redrawn.releasedAt).not.toBe(final.releasedAt);
    const finalists = [redrawn.pairings[0]!.aff!.entrantId, redrawn.pairings[0]!.neg!.entrantId].sort();
    expect(finalists).toEqual([semi1!.neg!.entrantId, winnerOf(semi2!)].sort());
    // The final has started: a semifinal can no longer change.
    await t.database.db
      .updateTable('debates')
      .set({ clockVersion: 1 })
      .where('id', '=', redrawn.pairings[0]!.debateId!)
      .execute();
    const late = await correct(semi2!.id, 'neg');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'Final has started with the winner of this debate: its result can no longer be corrected.',
    );
    await ballot(judge, redrawn.pairings[0]!.debateId!, 'a');
    await until(async () => (await tournamentNow(admin, id)).status === 'finished');
    expect(await championOf(admin, id)).toBe(redrawn.pairings[0]!.aff!.entrantId);
    // The final corrected after the finish: the champion follows.
    expect((await correct(redrawn.pairings[0]!.id, 'neg')).statusCode).toBe(201);
    expect(await championOf(admin, id)).toBe(redrawn.pairings[0]!.neg!.entrantId);
    expect((await tournamentNow(admin, id)).status).toBe('finished');
  });

  it('refuses a correction whose next round cannot be drawn again, leaving the result and that round as they were', async () => {
    const { admin, id, judge } = await tournamentOf(4, { breakSize: 4 });
    await judgeRound(judge, await release(admin, id, 1));
    const semis = await release(admin, id, 2);
    await judgeRound(judge, semis);
    const final = await release(admin, id, 3);
    const [semi1, semi2] = semis.pairings;
    // The first semifinal's loser has blocked the second's winner: a final between them cannot be drawn.
    const semi2Winner = [semi2!.aff!, semi2!.neg!].find((side) => side.entrantId === winnerOf(semi2!))!;
    await t.database.db
      .insertInto('userBlocks')
      .values({ blockerId: semi1!.neg!.userId!, blockedId: semi2Winner.userId!, createdAt: new Date().toISOString() })
      .execute();
    const corrected = await call(admin, 'POST', `/api/tournaments/${id}/pairings/${semi1!.id}/corrections`, {
      winner: 'neg',
      reason: 'The judge marked the wrong side.',
    });
    expect(corrected.statusCode, corrected.body).toBe(409);
    expect(corrected.json().error.reason).toBe('blocked');
    // Nothing changed: the semifinal's result, the final's release and its room.
    const after = await roundsOf(admin, id);
    expect(after.find((r) => r.number === 2)!.pairings.find((p) => p.id === semi1!.id)!.winnerEntrantId).toBe(
      semi1!.aff!.entrantId,
    );
    const finalNow = after.find((r) => r.number === 3)!;
    expect(finalNow.releasedAt).toBe(final.releasedAt);
    expect(finalNow.pairings.map((p) => [p.id, p.debateId, p.debateStatus])).toEqual(
      final.pairings.map((p) => [p.id, p.debateId, 'live']),
    );
    const audit = (await call(admin, 'GET', `/api/tournaments/${id}/audit`)).json().audit as { action: string }[];
    expect(audit.map((a) => a.action)).toEqual([]);
  });

  it('draws the break again after a preliminary result is corrected, and refuses once it has started', async () => {
    const { admin, id, judge } = await tournamentOf(4, { breakSize: 2 });
    const round1 = await release(admin, id, 1);
    await judgeRound(judge, round1);
    const final = await release(admin, id, 2);
    const [first, second] = round1.pairings;
    const correct = (pairingId: number) =>
      call(admin, 'POST', `/api/tournaments/${id}/pairings/${pairingId}/corrections`, {
        winner: 'neg',
        reason: 'The judge marked the wrong side.',
      });
    // The first debate's loser won: the break (the final's pair) is seeded again from the corrected tab.
    const corrected = await correct(first!.id);
    expect(corrected.statusCode, corrected.body).toBe(201);
    const redrawn = (await roundsOf(admin, id)).find((r) => r.number === 2)!;
    expect(redrawn.releasedAt).not.toBe(final.releasedAt);
    const finalists = [redrawn.pairings[0]!.aff!.entrantId, redrawn.pairings[0]!.neg!.entrantId].sort();
    expect(finalists).toEqual([first!.neg!.entrantId, second!.aff!.entrantId].sort());
    // The final has started: the preliminaries' results can no longer change.
    await t.database.db
      .updateTable('debates')
      .set({ clockVersion: 1 })
      .where('id', '=', redrawn.pairings[0]!.debateId!)
      .execute();
    const late = await correct(second!.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'Final has started from the tab of the preliminaries: their results can no longer be corrected.',
    );
  });

  it('refuses a panel judge’s ballot once the tournament is finished', async () => {
    const { admin, id } = await tournamentOf(2, { prelimJudgesPerRoom: 3 });
    const judges: TWho[] = [];
    for (let i = 0; i < 3; i++) {
      const judge = await buildUser(t);
      expect((await call(admin, 'POST', `/api/tournaments/${id}/judges`, { userId: judge.user.id })).statusCode).toBe(
        201,
      );
      judges.push(judge);
    }
    const room = (await release(admin, id, 1)).pairings[0]!;
    expect(room.panel).toHaveLength(3);
    const debateId = room.debateId!;
    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', endedAt: new Date().toISOString(), spokenMs: 60 * 60_000 })
      .where('id', '=', debateId)
      .execute();
    await t.database.db.deleteFrom('activeDebaters').where('debateId', '=', debateId).execute();
    const byId = new Map(judges.map((j) => [j.user.id, j]));
    const [chair, second, third] = room.panel.map((j) => byId.get(j.userId!)!);
    const vote = (who: TWho) =>
      call(who, 'POST', `/api/debates/${debateId}/ballots`, {
        winnerSide: 'a',
        speakerPoints: { a: 28, b: 27 },
        reason: 'Weighed the framework.',
      });
    expect((await vote(chair!)).statusCode).toBe(201);
    expect((await vote(second!)).statusCode).toBe(201);
    await until(async () => (await tournamentNow(admin, id)).status === 'finished');
    const late = await vote(third!);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(TOURNAMENT_OVER_BALLOT_MESSAGE);
    // The room's tag says so, and the room offers no ballot form.
    const tag = await call(third!, 'GET', `/api/debates/${debateId}/tournament`);
    expect(tag.json().tag).toMatchObject({ tournamentId: id, isFinished: true });
  });

  it('finishes a grace period’s end after a crash between its steps, doing each once', async () => {
    const { admin, id, entrants } = await tournamentOf(4, {
      scheduleMode: 'fixed',
      roundStartsAt: [new Date(Date.now() + 10 * MINUTE).toISOString()],
    });
    const judges: TWho[] = [];
    for (let i = 0; i < 3; i++) {
      const judge = await buildUser(t);
      expect((await call(admin, 'POST', `/api/tournaments/${id}/judges`, { userId: judge.user.id })).statusCode).toBe(
        201,
      );
      judges.push(judge);
    }
    for (const who of [...entrants, ...judges]) {
      expect((await call(who, 'POST', `/api/tournaments/${id}/check-in`)).statusCode).toBe(200);
    }
    let clock = Date.now() + 10 * MINUTE + 1000;
    let crashes = 0;
    const crashOnce = (step: TSequencerStep) => {
      if (step === 'no_shows' && crashes === 0) {
        crashes++;
        throw new Error('The instance died.');
      }
    };
    const seq = sequencerAt(() => clock, crashOnce);
    await runSequencer(seq, id);
    const round = (await roundsOf(admin, id))[0]!;
    const [forfeitRoom, judgeRoom] = round.pairings.filter((p) => p.debateId !== null);
    const seated = [forfeitRoom!.judge!.userId, judgeRoom!.judge!.userId];
    const standby = judges.find((j) => !seated.includes(j.user.id))!;
    const deps = { database: t.app.context.database, events: t.app.context.events };
    // Room 1: its aff came, its neg never did. Room 2: both debaters came, its judge never did.
    await notePresent(deps, forfeitRoom!.debateId!, forfeitRoom!.aff!.userId!);
    await notePresent(deps, judgeRoom!.debateId!, judgeRoom!.aff!.userId!);
    await notePresent(deps, judgeRoom!.debateId!, judgeRoom!.neg!.userId!);
    clock = Date.parse(round.releasedAt!) + t.config.tournamentTimings.graceMinutes * MINUTE + 1000;
    await expect(runSequencer(seq, id)).rejects.toThrow('The instance died.');
    // The scheduler runs the job again: the work is done, and done once.
    await runSequencer(seq, id);
    await runSequencer(seq, id);
    const debate = async (debateId: number) =>
      (await call(admin, 'GET', `/api/debates/${debateId}`)).json().debate as TDebate;
    expect((await debate(forfeitRoom!.debateId!)).status).toBe('forfeited');
    expect((await debate(judgeRoom!.debateId!)).judge?.userId).toBe(standby.user.id);
    const noShows = await t.database.db
      .selectFrom('tournamentNoShows')
      .select(['entrantId', 'roundNumber'])
      .where('tournamentId', '=', id)
      .execute();
    expect(noShows).toEqual([{ entrantId: forfeitRoom!.neg!.entrantId, roundNumber: 1 }]);
    const entrant = await t.database.db
      .selectFrom('tournamentEntrants')
      .select('noShows')
      .where('id', '=', forfeitRoom!.neg!.entrantId)
      .executeTakeFirstOrThrow();
    expect(Number(entrant.noShows)).toBe(1);
    const roundRow = await t.database.db
      .selectFrom('tournamentRounds')
      .select('graceEndedAt')
      .where('tournamentId', '=', id)
      .executeTakeFirstOrThrow();
    expect(roundRow.graceEndedAt).toEqual(expect.any(String));
  });
});
