/**
 * The tournament's tab through the real HTTP server on both engines: the standings move with a ballot on a
 * tournament round (and its hosts and entrants are told), who may read them before and after publication.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TSessionUser, TTournament, TTournamentRound, TTournamentStandings } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';

type TWho = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('the tournament tab on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TWho | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

  async function started(count: number) {
    const admin = await buildUser(t, { role: 'admin' });
    const created = await call(admin, 'POST', '/api/tournaments', {
      name: 'League night',
      formatId: 'ld',
      prelimRounds: 2,
      breakSize: 0,
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
    const released = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(released.statusCode, released.body).toBe(201);
    return { admin, tournament, entrants, round: released.json().round as TTournamentRound };
  }

  /** The round's speeches are over (time-shifted in the database) and `judge` sits in its seat. */
  async function awaitingBallot(debateId: number, judge: TWho) {
    await t.database.db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', judgeId: judge.user.id })
      .where('id', '=', debateId)
      .execute();
  }

  async function standingsOf(who: TWho | null, id: number) {
    const response = await call(who, 'GET', `/api/tournaments/${id}/standings`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().standings as TTournamentStandings;
  }

  async function until(check: () => boolean) {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(check()).toBe(true);
  }

  it('moves with a ballot on a tournament round, and tells its hosts and entrants', async () => {
    const { admin, tournament, entrants, round } = await started(5);
    // An open tournament splits by age band: everyone here is in the adult division.
    const divisionId = round.pairings[0]!.divisionId;
    const divisionOf = (s: TTournamentStandings) => s.divisions.find((d) => d.divisionId === divisionId)!;
    const before = divisionOf(await standingsOf(admin, tournament.id));
    const bye = round.pairings.find((p) => p.bye)!.bye!;
    // Before any ballot only the bye has a result: a win, scored with the average (none yet: 0).
    expect(before.standings[0]).toMatchObject({ entrantId: bye.entrantId, rank: 1, wins: 1, byes: 1 });
    expect(before.resultsCounted).toBe(1);
    expect(before.name).toBe('Open · pool B');

    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));
    const judge = await buildUser(t);
    const pairing = round.pairings.find((p) => p.debateId !== null)!;
    await awaitingBallot(pairing.debateId!, judge);
    const ballot = await call(judge, 'POST', `/api/debates/${pairing.debateId}/ballots`, {
      winnerSide: 'b',
      speakerPoints: { a: 27.5, b: 29.2 },
      reason: 'The negative carried the framework.',
    });
    expect(ballot.statusCode, ballot.body).toBe(201);

    // One event to the tournament's room, whatever the number of its people.
    await until(() =>
      events.some(
        (e) =>
          e.name === 'tournament.changed' &&
          e.room === `tournament:${tournament.id}` &&
          e.payload.tournamentId === tournament.id,
      ),
    );

    const after = divisionOf(await standingsOf(entrants[0]!, tournament.id));
    expect(after.resultsCounted).toBe(2);
    const line = (entrantId: number) => after.standings.find((s) => s.entrantId === entrantId)!;
    expect(line(pairing.neg!.entrantId)).toMatchObject({ wins: 1, losses: 0, speakerPoints: 29.2 });
    expect(line(pairing.aff!.entrantId)).toMatchObject({ wins: 0, losses: 1, speakerPoints: 27.5 });
    // The ballot's winner is ahead of the bye on speaker points (the bye scored 0: no points given yet).
    expect(after.standings[0]).toMatchObject({ entrantId: pairing.neg!.entrantId, rank: 1 });
    expect(after.standings[1]).toMatchObject({ entrantId: bye.entrantId, rank: 2 });
    // The loser (27.5) is ahead of the two still waiting for their ballot, who tie.
    expect(after.standings.map((s) => s.rank)).toEqual([1, 2, 3, 4, 4]);
  });

  it('is read by hosts and entrants until a host publishes it, then by everyone', async () => {
    const { admin, tournament, entrants } = await started(2);
    const outsider = await buildUser(t);
    const hidden = await call(outsider, 'GET', `/api/tournaments/${tournament.id}/standings`);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().error.message).toBe(
      'Only the tournament’s hosts and entrants see its standings before they are published.',
    );
    expect((await call(null, 'GET', `/api/tournaments/${tournament.id}/standings`)).statusCode).toBe(401);
    expect((await call(null, 'GET', `/api/tournaments/${tournament.id}`)).statusCode).toBe(401);

    const byEntrant = await call(entrants[0]!, 'POST', `/api/tournaments/${tournament.id}/publish`);
    expect(byEntrant.statusCode).toBe(403);
    const published = await call(admin, 'POST', `/api/tournaments/${tournament.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().tournament.publishedAt).toEqual(expect.any(String));
    const twice = await call(admin, 'POST', `/api/tournaments/${tournament.id}/publish`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('The results are published already.');

    const visible = await standingsOf(null, tournament.id);
    expect(visible.divisions.flatMap((d) => d.standings)).toHaveLength(2);
    // Published: every pairing, for anyone.
    const rounds = (await call(null, 'GET', `/api/tournaments/${tournament.id}/rounds`)).json().rounds;
    expect(rounds[0].pairings).toHaveLength(1);
    expect((await call(outsider, 'GET', `/api/tournaments/${tournament.id}`)).statusCode).toBe(200);
  });

  it('refuses to publish before the first round, and answers unknown tournaments with 404', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const created = (
      await call(admin, 'POST', '/api/tournaments', {
        name: 'Not yet',
        formatId: 'ld',
        prelimRounds: 1,
        breakSize: 0,
        scheduleMode: 'fixed',
        entryMode: 'open',
      })
    ).json().tournament as TTournament;
    const early = await call(admin, 'POST', `/api/tournaments/${created.id}/publish`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('There are no results to publish before the first round is released.');
    expect((await call(admin, 'GET', '/api/tournaments/999999/standings')).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/tournaments/abc/standings')).statusCode).toBe(400);
  });
});
