/**
 * A restricted account and a tournament, through the real app on both engines: a suspended account may not enter (by
 * the tournament's page or by its code) nor check in, as the seat rule says; one suspended after entering is left out
 * of the next round's draw — the round released all the same, by the tournament itself or by a host, and the hosts
 * told — never a reason for the release to stop.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TSessionUser, TTournament, TTournamentRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import type { TDomainEvent } from '../../lib/events';
import { runSequencer, type TSequencer } from './tournament-sequencer';

type TWho = { user: TSessionUser; cookie: string };
const MINUTE = 60_000;

describe.each(TEST_ENGINES)('a restricted account in a tournament on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TWho, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  async function create(host: TWho, body: object): Promise<TTournament> {
    const response = await call(host, 'POST', '/api/tournaments', {
      name: 'Open weekend',
      formatId: 'ld',
      prelimRounds: 3,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().tournament;
  }

  async function enter(tournamentId: number, count: number): Promise<TWho[]> {
    const people: TWho[] = [];
    for (let i = 0; i < count; i++) {
      const who = await buildUser(t);
      const entered = await call(who, 'POST', `/api/tournaments/${tournamentId}/entrants`, {});
      expect(entered.statusCode, entered.body).toBe(201);
      people.push(who);
    }
    return people;
  }

  /** A suspension as a moderator leaves it on the account's row (an hour from now). */
  async function suspend(who: TWho) {
    const suspendedUntil = new Date(Date.now() + 60 * MINUTE).toISOString();
    await t.database.db.updateTable('users').set({ suspendedUntil }).where('id', '=', who.user.id).execute();
  }

  const drawnIn = (round: TTournamentRound) =>
    round.pairings
      .flatMap((p) => [p.aff, p.neg, p.bye])
      .flatMap((s) => (s ? [s.userId] : []))
      .sort();

  it('refuses a suspended account’s entry, by the page and by code, and its check-in', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    // Round 1 starts in 10 minutes: its check-in is open.
    const start = new Date(Date.now() + 10 * MINUTE).toISOString();
    const open = await create(admin, { roundStartsAt: [start] });
    const coded = await create(admin, { entryMode: 'code' });
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
    const tournament = await create(admin, { roundStartsAt: [new Date(start).toISOString()] });
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
    const seq: TSequencer = {
      deps: {
        database: t.app.context.database,
        events: t.app.context.events,
        now: () => start + 1000,
        timings: t.config.tournamentTimings,
      },
      scheduler: t.app.context.scheduler,
      log: t.app.log,
    };
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
    const tournament = await create(admin, {});
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
});
