/**
 * The elimination bracket through the real HTTP server on both engines: the break seeded 1 v N from the tab, winners
 * advanced round by round, the final's winner the champion and the tournament finished, and the refusals (an
 * elimination round before the preliminaries are over, a break larger than the field, a round released twice, a
 * ballot once the tournament is over).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  TSessionUser,
  TTournament,
  TTournamentBrackets,
  TTournamentRound,
  TTournamentStandings,
} from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';

type TWho = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('the elimination bracket on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TWho | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

  async function tournamentOf(count: number, breakSize: number) {
    const admin = await buildUser(t, { role: 'admin' });
    const created = await call(admin, 'POST', '/api/tournaments', {
      name: 'Spring open',
      formatId: 'ld',
      prelimRounds: 2,
      breakSize,
      scheduleMode: 'fixed',
      entryMode: 'open',
    });
    expect(created.statusCode, created.body).toBe(201);
    const tournament = created.json().tournament as TTournament;
    const entrants: TWho[] = [];
    for (let i = 0; i < count; i++) {
      const who = await buildUser(t);
      expect((await call(who, 'POST', `/api/tournaments/${tournament.id}/entrants`, {})).statusCode).toBe(201);
      entrants.push(who);
    }
    return { admin, tournament, entrants, judge: await buildUser(t) };
  }

  const release = (who: TWho, id: number, number: number) =>
    call(who, 'POST', `/api/tournaments/${id}/rounds/${number}/release`);

  /** A judge's ballot for the debate, the speeches time-shifted over: `winner` 'a' (aff) or 'b'. */
  async function ballot(judge: TWho, debateId: number, winner: 'a' | 'b', points = { a: 28, b: 27 }) {
    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', judgeId: judge.user.id })
      .where('id', '=', debateId)
      .execute();
    // The speeches' end lets the debaters go (their guard against a second debate at once).
    await t.database.db.deleteFrom('activeDebaters').where('debateId', '=', debateId).execute();
    return call(judge, 'POST', `/api/debates/${debateId}/ballots`, {
      winnerSide: winner,
      speakerPoints: points,
      reason: 'The better clash on the framework.',
    });
  }

  /** Every debate of the round judged: aff wins, with points that spread the tab. */
  async function judgeRound(judge: TWho, round: TTournamentRound) {
    let i = 0;
    for (const pairing of round.pairings.filter((p) => p.debateId !== null)) {
      const response = await ballot(judge, pairing.debateId!, 'a', { a: 29 - i * 0.5, b: 27 - i * 0.5 });
      expect(response.statusCode, response.body).toBe(201);
      i++;
    }
  }

  async function releaseAndJudge(admin: TWho, judge: TWho, id: number, number: number) {
    const released = await release(admin, id, number);
    expect(released.statusCode, released.body).toBe(201);
    const round = released.json().round as TTournamentRound;
    await judgeRound(judge, round);
    return round;
  }

  const bracketOf = async (who: TWho | null, id: number) => {
    const response = await call(who, 'GET', `/api/tournaments/${id}/bracket`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().bracket as TTournamentBrackets;
  };

  /** `handleRoundUpdated` runs on the ballot's event: wait until the bracket shows what is expected. */
  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await check()).toBe(true);
  }

  it('seeds the break 1 v N from the tab, advances winners and crowns a champion', async () => {
    const { admin, tournament, entrants, judge } = await tournamentOf(6, 4);
    const id = tournament.id;
    await releaseAndJudge(admin, judge, id, 1);

    // Round 3 is the first elimination round: not while round 2 is a draft, nor while it waits for a ballot.
    const early = await release(admin, id, 3);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'The elimination rounds start when the 2 preliminary rounds are over: round 2 has not been released yet.',
    );
    const round2 = (await release(admin, id, 2)).json().round as TTournamentRound;
    const waiting = await release(admin, id, 3);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.message).toMatch(/^Round 2 is not over: 3 debates have no result yet\./);
    expect((await bracketOf(admin, id)).divisions).toEqual([]);
    await judgeRound(judge, round2);

    const standings = (await call(admin, 'GET', `/api/tournaments/${id}/standings`)).json()
      .standings as TTournamentStandings;
    const tab = standings.divisions.find((d) => d.standings.length > 0)!.standings.map((s) => s.entrantId);
    const semis = await release(admin, id, 3);
    expect(semis.statusCode, semis.body).toBe(201);
    const semiRound = semis.json().round as TTournamentRound;
    // 1 v 4 and 2 v 3, in bracket order.
    const pairs = semiRound.pairings.map((p) => [p.aff!.entrantId, p.neg!.entrantId].sort((a, b) => a - b));
    expect(pairs).toEqual([[tab[0]!, tab[3]!].sort((a, b) => a - b), [tab[1]!, tab[2]!].sort((a, b) => a - b)]);
    const bracket = await bracketOf(entrants[0]!, id);
    expect(bracket.firstEliminationRound).toBe(3);
    expect(bracket.divisions).toHaveLength(1);
    expect(bracket.divisions[0]!.seeds.map((s) => s.entrantId)).toEqual(tab.slice(0, 4));
    expect(bracket.divisions[0]!.champion).toBeNull();
    expect((await release(admin, id, 3)).json().error.message).toBe('Round 3 has been released already.');

    // Semifinals: seed 4 beats seed 1 (an upset), seed 2 beats seed 3.
    const winners: number[] = [];
    for (const [index, pairing] of semiRound.pairings.entries()) {
      const winnerId = index === 0 ? tab[3]! : tab[1]!;
      const side = pairing.aff!.entrantId === winnerId ? 'a' : 'b';
      winners.push(winnerId);
      expect((await ballot(judge, pairing.debateId!, side)).statusCode).toBe(201);
    }
    // The finalists are told of the final by its name, as every page names it.
    const told: TDomainEvent[] = [];
    const unsubscribe = t.app.context.events.subscribe((e) => told.push(e));
    const finalRound = (await release(admin, id, 4)).json().round as TTournamentRound;
    unsubscribe();
    expect(finalRound.pairings).toHaveLength(1);
    const names = told.flatMap((e) => (e.name === 'tournament.round_released' ? [e.payload.roundName] : []));
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(new Set(names)).toEqual(new Set(['Final']));
    const final = finalRound.pairings[0]!;
    expect([final.aff!.entrantId, final.neg!.entrantId].sort((a, b) => a - b)).toEqual(
      [...winners].sort((a, b) => a - b),
    );
    // Winners advanced in bracket order: the top half's winner (seed 4) is the final's first opponent.
    const view = (await bracketOf(admin, id)).divisions[0]!.bracket;
    expect(view.match).toHaveLength(3);
    const finalMatch = view.match.find((m) => (m as { round_id: number }).round_id === 1) as {
      opponent1: { id: number };
      opponent2: { id: number };
    };
    const entrantOf = (participantId: number) => view.participant.find((p) => p.id === participantId)!.entrantId;
    expect([entrantOf(finalMatch.opponent1.id), entrantOf(finalMatch.opponent2.id)]).toEqual([tab[3], tab[1]]);
    // The standings stay the preliminaries' tab while elimination debates are judged.
    const tabNow = (await call(admin, 'GET', `/api/tournaments/${id}/standings`)).json().standings;
    expect(tabNow).toEqual(standings);

    const champion = final.aff!.entrantId;
    expect((await ballot(judge, final.debateId!, 'a')).statusCode).toBe(201);
    await until(async () => (await bracketOf(admin, id)).divisions[0]!.champion !== null);
    // Not published yet: a visitor is asked to sign in.
    expect((await call(null, 'GET', `/api/tournaments/${id}/bracket`)).statusCode).toBe(401);
    expect((await bracketOf(admin, id)).divisions[0]!.champion!.entrantId).toBe(champion);
    const after = (await call(admin, 'GET', `/api/tournaments/${id}`)).json().tournament as TTournament;
    expect(after.status).toBe('finished');
    expect(after.finishedAt).toEqual(expect.any(String));

    // Over: no round 5, no release, no second ballot on the final.
    expect((await release(admin, id, 5)).statusCode).toBe(404);
    const again = await call(judge, 'POST', `/api/debates/${final.debateId}/ballots`, {
      winnerSide: 'b',
      speakerPoints: { a: 27, b: 28 },
      reason: 'A second thought.',
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect(again.json().error.message).toEqual(expect.any(String));
    // Published: anyone reads the champion.
    expect((await call(admin, 'POST', `/api/tournaments/${id}/publish`)).statusCode).toBe(200);
    expect((await bracketOf(null, id)).divisions[0]!.champion!.entrantId).toBe(champion);
  });

  it('gives the top seeds byes in a partial break, and pairs a rematch on the other sides', async () => {
    const { admin, tournament, judge } = await tournamentOf(4, 3);
    const id = tournament.id;
    const round1 = await releaseAndJudge(admin, judge, id, 1);
    const round2 = await releaseAndJudge(admin, judge, id, 2);
    const standings = (await call(admin, 'GET', `/api/tournaments/${id}/standings`)).json()
      .standings as TTournamentStandings;
    const tab = standings.divisions.find((d) => d.standings.length > 0)!.standings.map((s) => s.entrantId);
    const first = (await release(admin, id, 3)).json().round as TTournamentRound;
    // Seed 1 has the bye; 2 v 3 debate.
    expect(first.pairings.filter((p) => p.bye).map((p) => p.bye!.entrantId)).toEqual([tab[0]]);
    const debate = first.pairings.find((p) => p.debateId !== null)!;
    expect([debate.aff!.entrantId, debate.neg!.entrantId].sort((a, b) => a - b)).toEqual(
      [tab[1]!, tab[2]!].sort((a, b) => a - b),
    );
    // The bye is not a preliminary result: the tab is unchanged.
    const tabAfter = (await call(admin, 'GET', `/api/tournaments/${id}/standings`)).json()
      .standings as TTournamentStandings;
    expect(tabAfter).toEqual(standings);
    expect((await ballot(judge, debate.debateId!, 'a')).statusCode).toBe(201);
    const final = ((await release(admin, id, 4)).json().round as TTournamentRound).pairings[0]!;
    expect([final.aff!.entrantId, final.neg!.entrantId]).toContain(tab[0]);
    expect([final.aff!.entrantId, final.neg!.entrantId]).toContain(debate.aff!.entrantId);
    // A rematch of a preliminary debate takes the other sides.
    // The latest meeting decides (round 2's before round 1's).
    const earlier = [...round2.pairings, ...round1.pairings].find(
      (p) =>
        p.aff &&
        p.neg &&
        [p.aff.entrantId, p.neg.entrantId].includes(final.aff!.entrantId) &&
        [p.aff.entrantId, p.neg.entrantId].includes(final.neg!.entrantId),
    );
    if (earlier) {
      expect(final.flags).toContain('rematch');
      expect(final.aff!.entrantId).toBe(earlier.neg!.entrantId);
    } else {
      expect(final.flags).not.toContain('rematch');
    }
  });

  it('refuses a break larger than the field, at the start and at the break', async () => {
    const big = await tournamentOf(3, 4);
    const start = await release(big.admin, big.tournament.id, 1);
    expect(start.statusCode).toBe(400);
    expect(start.json().error.message).toBe('The break (4) is larger than the field of Open · pool B (3).');

    // One entrant withdraws after round 1: a (partial) break of 5 no longer fits the 4 left.
    const { admin, tournament, entrants, judge } = await tournamentOf(5, 5);
    const id = tournament.id;
    await releaseAndJudge(admin, judge, id, 1);
    const list = (await call(admin, 'GET', `/api/tournaments/${id}/entrants`)).json().entrants as { id: number }[];
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/tournaments/${id}/entrants/${list[0]!.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(gone.statusCode, gone.body).toBe(204);
    await releaseAndJudge(admin, judge, id, 2);
    const refused = await release(admin, id, 3);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'The break (5) is larger than the field of Open · pool B (4 still in the tournament).',
    );
    expect(entrants).toHaveLength(5);
  });
});
