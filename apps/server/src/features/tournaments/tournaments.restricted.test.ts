/**
 * A restricted account and a tournament, through the real app on both engines: a suspended account may not enter (by
 * the tournament's page or by its code) nor check in, as the seat rule says; one suspended after entering is left out
 * of the next round's draw — the round released all the same, by the tournament itself or by a host, and the hosts
 * told — never a reason for the release to stop. In an elimination round the bracket still holds them, and their
 * opponent goes through by a walkover (the bracket records their forfeit); a withdrawn entrant's opponent too.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TTournamentRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { MINUTE, tournamentFixture, type TWho } from '../../test/tournament-fixture';
import type { TDomainEvent } from '../../lib/events';
import { runSequencer } from './tournament-sequencer';

describe.each(TEST_ENGINES)('a restricted account in a tournament on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());
  const { call, create, enter, suspend, sequencerAt, release, judgeRound, ballot, roundsOf, bracketOf, championOf } =
    tournamentFixture(() => t);
  const weekend = { name: 'Open weekend', prelimRounds: 3 };

  const drawnIn = (round: TTournamentRound) =>
    round.pairings
      .flatMap((p) => [p.aff, p.neg, p.bye])
      .flatMap((s) => (s ? [s.userId] : []))
      .sort();

  it('refuses a suspended account’s entry, by the page and by code, and its check-in', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    // Round 1 starts in 10 minutes: its check-in is open.
    const start = new Date(Date.now() + 10 * MINUTE).toISOString();
    const open = await create(admin, { ...weekend, roundStartsAt: [start] });
    const coded = await create(admin, { ...weekend, entryMode: 'code' });
    const suspended = await buildUser(t);
    await suspend(suspended);

    const byPage = await call(suspended, 'POST', `/api/tournaments/${open.id}/entrants`, {});
    expect(byPage.statusCode).toBe(403);
    expect(byPage.json().error.message).toContain('suspended');
    const byCode = await call(suspended, 'POST', `/api/tournaments/join/${coded.joinCode}`, {});
    expect(byCode.statusCode).toBe(403);
    expect(byCode.json().error.message).toContain('suspended');

    // Entered before the suspension: check-in is refused the same way.
    const [entrant] = await enter(open.id, 1);
    await suspend(entrant!);
    const checkIn = await call(entrant!, 'POST', `/api/tournaments/${open.id}/check-in`);
    expect(checkIn.statusCode).toBe(403);
    expect(checkIn.json().error.message).toContain('suspended');
    const entrants = (await call(admin, 'GET', `/api/tournaments/${open.id}/entrants`)).json().entrants as {
      userId: string;
    }[];
    expect(entrants.map((e) => e.userId)).toEqual([entrant!.user.id]);
  });

  it('leaves an entrant suspended after check-in out of a round the tournament releases itself, and tells the hosts', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const start = Date.now() + 10 * MINUTE;
    const tournament = await create(admin, { ...weekend, roundStartsAt: [new Date(start).toISOString()] });
    const entrants = await enter(tournament.id, 5);
    for (const who of entrants) {
      const checked = await call(who, 'POST', `/api/tournaments/${tournament.id}/check-in`);
      expect(checked.statusCode, checked.body).toBe(200);
    }
    const restricted = entrants[2]!;
    await suspend(restricted);
    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));

    // Nobody at the desk: the round's start comes and the sequencer releases it.
    const seq = sequencerAt(() => start + 1000);
    await runSequencer(seq, tournament.id);
    const rounds = (await call(admin, 'GET', `/api/tournaments/${tournament.id}/rounds`)).json()
      .rounds as TTournamentRound[];
    expect(rounds.map((r) => r.number)).toEqual([1]);
    const others = entrants.filter((e) => e !== restricted).map((e) => e.user.id);
    expect(drawnIn(rounds[0]!)).toEqual([...others].sort());
    expect(rounds[0]!.pairings.filter((p) => p.debateId !== null)).toHaveLength(2);
    expect(events.some((e) => e.name === 'tournament.release_delayed')).toBe(false);
    const told = events.filter((e) => e.name === 'tournament.entrants_left_out');
    expect(told).toEqual([
      {
        name: 'tournament.entrants_left_out',
        room: `user:${admin.user.id}`,
        payload: {
          tournamentId: tournament.id,
          tournamentName: 'Open weekend',
          roundNumber: 1,
          roundName: 'Round 1',
          displayNames: [restricted.user.displayName],
          isWalkover: false,
        },
      },
    ]);
    // Still an entrant (not withdrawn, no no-show): only this round is missed.
    const entrantsNow = (await call(admin, 'GET', `/api/tournaments/${tournament.id}/entrants`)).json().entrants as {
      userId: string;
      isWithdrawn: boolean;
      noShows: number;
    }[];
    expect(entrantsNow.find((e) => e.userId === restricted.user.id)).toMatchObject({ isWithdrawn: false, noShows: 0 });
  });

  it('leaves a suspended entrant out of a round a host releases', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await create(admin, weekend);
    const entrants = await enter(tournament.id, 4);
    const restricted = entrants[0]!;
    await suspend(restricted);
    const released = await call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(released.statusCode, released.body).toBe(201);
    const round = released.json().round as TTournamentRound;
    expect(drawnIn(round)).toEqual(
      entrants
        .slice(1)
        .map((e) => e.user.id)
        .sort(),
    );
    expect(round.pairings.filter((p) => p.bye !== null)).toHaveLength(1);
  });
  type TSlot = { id: number | null; result?: string; forfeit?: boolean } | null;
  type TMatch = { opponent1: TSlot; opponent2: TSlot };

  /** The bracket's match between these two entrants, as `brackets-viewer` reads it. */
  async function matchOf(who: TWho, id: number, a: number, b: number): Promise<TMatch> {
    const view = (await bracketOf(who, id)).divisions[0]!.bracket!;
    const participant = (entrantId: number) => view.participant.find((p) => p.entrantId === entrantId)!.id;
    const ids = [participant(a), participant(b)];
    const matches = view.match as TMatch[];
    return matches.find((m) => ids.includes(m.opponent1?.id as number) && ids.includes(m.opponent2?.id as number))!;
  }

  it('gives a suspended debater’s elimination opponent a walkover, and a withdrawn one’s, on to a champion', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await create(admin, { breakSize: 4 });
    const id = tournament.id;
    const entrants = await enter(id, 4);
    const judge = await buildUser(t);
    await judgeRound(judge, await release(admin, id, 1));
    const restricted = entrants[0]!;
    await suspend(restricted);
    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));

    // The semifinals are released all the same: the suspended debater's opponent goes through.
    const semis = await release(admin, id, 2);
    expect(semis.pairings).toHaveLength(2);
    const walkover = semis.pairings.find((p) => p.walkoverFrom !== null)!;
    expect(walkover.walkoverFrom!.userId).toBe(restricted.user.id);
    expect(walkover).toMatchObject({ debateId: null, aff: null, neg: null });
    expect(walkover.winnerEntrantId).toBe(walkover.bye!.entrantId);
    const debate = semis.pairings.find((p) => p.walkoverFrom === null)!;
    expect(debate.debateId).toEqual(expect.any(Number));
    expect(drawnIn(semis)).not.toContain(restricted.user.id);
    expect(events.filter((e) => e.name === 'tournament.entrants_left_out').map((e) => e.payload)).toEqual([
      expect.objectContaining({
        roundName: 'Semifinals',
        displayNames: [restricted.user.displayName],
        isWalkover: true,
      }),
    ]);
    // The bracket records the forfeit.
    const forfeited = await matchOf(admin, id, walkover.bye!.entrantId, walkover.walkoverFrom!.entrantId);
    const [through, out] =
      forfeited.opponent1?.forfeit === true
        ? [forfeited.opponent2!, forfeited.opponent1]
        : [forfeited.opponent1!, forfeited.opponent2!];
    expect(out).toMatchObject({ forfeit: true });
    expect(through).toMatchObject({ result: 'win' });

    // The other semifinal's winner withdraws before the final: the walkover's winner goes through again.
    expect((await ballot(judge, debate.debateId!, 'a')).statusCode).toBe(201);
    const winner = debate.aff!;
    const withdrawn = await call(admin, 'DELETE', `/api/tournaments/${id}/entrants/${winner.entrantId}`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    const final = await release(admin, id, 3);
    expect(final.pairings).toHaveLength(1);
    expect(final.pairings[0]).toMatchObject({
      debateId: null,
      bye: { entrantId: walkover.bye!.entrantId },
      walkoverFrom: { entrantId: winner.entrantId },
    });
    // A withdrawal is not a restriction: the hosts are not told again.
    expect(events.filter((e) => e.name === 'tournament.entrants_left_out')).toHaveLength(1);
    await runSequencer(
      sequencerAt(() => Date.now()),
      id,
    );
    expect(await championOf(admin, id)).toBe(walkover.bye!.entrantId);
    expect((await roundsOf(admin, id)).map((r) => r.status)).toEqual(['complete', 'complete', 'complete']);
  });

  it('releases an elimination round with a suspended debater with nobody at the desk, to the finish', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const start = Date.now() + 10 * MINUTE;
    const tournament = await create(admin, {
      breakSize: 2,
      scheduleMode: 'when_ballots_in',
      roundStartsAt: [new Date(start).toISOString()],
    });
    const id = tournament.id;
    const entrants = await enter(id, 4);
    for (const who of entrants)
      expect((await call(who, 'POST', `/api/tournaments/${id}/check-in`)).statusCode).toBe(200);
    let clock = start + 1000;
    const seq = sequencerAt(() => clock);
    await runSequencer(seq, id);
    const round1 = (await roundsOf(admin, id))[0]!;
    const judge = await buildUser(t);
    await judgeRound(judge, round1);
    // The finalists are round 1's winners; one of them is suspended before the final.
    const [first, second] = round1.pairings.map((p) => p.aff!);
    const restricted = entrants.find((e) => e.user.id === first!.userId)!;
    await suspend(restricted, 7 * 24 * 60);
    const events: TDomainEvent[] = [];
    t.app.context.events.subscribe((e) => events.push(e));
    await runSequencer(seq, id); // Round 1's results are in: the pause starts.
    clock += 24 * 60 * MINUTE;
    await runSequencer(seq, id); // The final is due: released, a walkover.
    expect(events.some((e) => e.name === 'tournament.release_delayed')).toBe(false);
    const final = (await roundsOf(admin, id)).find((r) => r.number === 2)!;
    expect(final.pairings).toEqual([
      expect.objectContaining({ bye: expect.objectContaining({ entrantId: second!.entrantId }), debateId: null }),
    ]);
    expect(final.pairings[0]!.walkoverFrom!.entrantId).toBe(first!.entrantId);
    await runSequencer(seq, id);
    expect(await championOf(admin, id)).toBe(second!.entrantId);
    expect((await call(admin, 'GET', `/api/tournaments/${id}`)).json().tournament.status).toBe('finished');
  });
});
