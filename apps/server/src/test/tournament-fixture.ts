/**
 * The setup the tournaments feature's tests share, through the real routes of a test app: create a tournament, enter
 * people, release a round, judge its debates (the speeches time-shifted over), read it back, and run its sequencer
 * at a chosen time. Each test file still says what it checks; this holds only the steps they all take.
 */
import { expect } from 'vitest';
import type {
  TSessionUser,
  TTournament,
  TTournamentBrackets,
  TTournamentEntrant,
  TTournamentRound,
  TTournamentStandings,
} from '@resolved/shared';
import type { TSequencer } from '../features/tournaments/tournament-sequencer';
import { buildUser, type TBuildUserOptions } from './factories';
import type { TTestApp } from './harness';

export type TWho = { user: TSessionUser; cookie: string };
export type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const MINUTE = 60_000;

/** What a test changes of the default tournament: an open LD tournament of one preliminary round and no break. */
export type TTournamentBody = Record<string, unknown>;

export const DEFAULT_TOURNAMENT = {
  name: 'Spring open',
  formatId: 'ld',
  prelimRounds: 1,
  breakSize: 0,
  scheduleMode: 'fixed',
  entryMode: 'open',
} as const;

/**
 * The shared steps for the test app `app()` returns (read at each call: a `beforeEach` makes a new one per test).
 */
/** A team of two in a tournament: its entrant, the captain who entered it and the partner who confirmed. */
export interface TFixtureTeam {
  entrant: TTournamentEntrant;
  captain: TWho;
  partner: TWho;
}

export function tournamentFixture(app: () => TTestApp) {
  const call = (who: TWho | null, method: TMethod, url: string, payload?: object) =>
    app().app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

  /** A tournament `host` creates (201 expected), from the defaults and `body`. */
  async function create(host: TWho, body: TTournamentBody = {}): Promise<TTournament> {
    const response = await call(host, 'POST', '/api/tournaments', { ...DEFAULT_TOURNAMENT, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().tournament as TTournament;
  }

  /** `count` new accounts, each entered (201 expected). */
  async function enter(tournamentId: number, count: number, options: TBuildUserOptions = {}): Promise<TWho[]> {
    const people: TWho[] = [];
    for (let i = 0; i < count; i++) {
      const who = await buildUser(app(), options);
      const entered = await call(who, 'POST', `/api/tournaments/${tournamentId}/entrants`, {});
      expect(entered.statusCode, entered.body).toBe(201);
      people.push(who);
    }
    return people;
  }

  /** `count` teams of two new accounts, each entered by its captain and confirmed by its partner. */
  async function enterTeams(tournamentId: number, count: number): Promise<TFixtureTeam[]> {
    const teams: TFixtureTeam[] = [];
    for (let i = 0; i < count; i++) {
      const [captain, partner] = [await buildUser(app()), await buildUser(app())];
      const entered = await call(captain, 'POST', `/api/tournaments/${tournamentId}/entrants`, {
        partnerIds: [partner.user.id],
      });
      expect(entered.statusCode, entered.body).toBe(201);
      const entrant = entered.json().entrant as TTournamentEntrant;
      const url = `/api/tournaments/${tournamentId}/entrants/${entrant.id}/confirm`;
      const confirmed = await call(partner, 'POST', url);
      expect(confirmed.statusCode, confirmed.body).toBe(204);
      teams.push({ entrant, captain, partner });
    }
    return teams;
  }

  /** An admin's tournament with `count` entrants, and a judge for its ballots (not in its pool). */
  async function tournamentOf(count: number, body: TTournamentBody = {}) {
    const admin = await buildUser(app(), { role: 'admin' });
    const tournament = await create(admin, body);
    const entrants = await enter(tournament.id, count);
    return { admin, tournament, id: tournament.id, entrants, judge: await buildUser(app()) };
  }

  /** Releases round `number` as `who` (201 expected). */
  async function release(who: TWho, id: number, number: number): Promise<TTournamentRound> {
    const released = await call(who, 'POST', `/api/tournaments/${id}/rounds/${number}/release`);
    expect(released.statusCode, released.body).toBe(201);
    return released.json().round as TTournamentRound;
  }

  /** A judge's ballot for the debate, the speeches time-shifted over: `winner` 'a' (aff) or 'b' (201 not checked). */
  async function ballot(judge: TWho, debateId: number, winner: 'a' | 'b', points = { a: 28, b: 27 }) {
    const { db } = app().database;
    await db
      .updateTable('debates')
      .set({ status: 'awaiting_ballot', judgeId: judge.user.id })
      .where('id', '=', debateId)
      .execute();
    // The speeches' end lets the debaters go (their guard against a second debate at once).
    await db.deleteFrom('activeDebaters').where('debateId', '=', debateId).execute();
    // A round of teams takes every debater's points: a side's first speaker its side's, each later one half a
    // point less, so a speaker tab tells partners apart.
    const seats = await db
      .selectFrom('debateSeats')
      .select(['userId', 'side', 'seat'])
      .where('debateId', '=', debateId)
      .orderBy('side')
      .orderBy('seat')
      .execute();
    const isTeamRound = seats.length > 2;
    const order = new Map<string, number>();
    const debaterPoints = seats.map((seat) => {
      const nth = order.get(seat.side) ?? 0;
      order.set(seat.side, nth + 1);
      return { userId: seat.userId, points: points[seat.side as 'a' | 'b'] - nth * 0.5 };
    });
    return call(judge, 'POST', `/api/debates/${debateId}/ballots`, {
      winnerSide: winner,
      ...(isTeamRound ? { debaterPoints } : { speakerPoints: points }),
      reason: 'The better clash on the framework.',
    });
  }

  /** Every debate of the round judged, the aff winning (201 expected). */
  async function judgeRound(judge: TWho, round: TTournamentRound, winner: 'a' | 'b' = 'a') {
    for (const pairing of round.pairings.filter((p) => p.debateId !== null)) {
      const response = await ballot(judge, pairing.debateId!, winner);
      expect(response.statusCode, response.body).toBe(201);
    }
  }

  const read = async <T>(who: TWho | null, url: string, key: string): Promise<T> => {
    const response = await call(who, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Record<string, T>)[key]!;
  };
  const tournamentNow = (who: TWho | null, id: number) =>
    read<TTournament>(who, `/api/tournaments/${id}`, 'tournament');
  const roundsOf = (who: TWho | null, id: number) =>
    read<TTournamentRound[]>(who, `/api/tournaments/${id}/rounds`, 'rounds');
  const standingsOf = (who: TWho | null, id: number) =>
    read<TTournamentStandings>(who, `/api/tournaments/${id}/standings`, 'standings');
  const bracketOf = (who: TWho | null, id: number) =>
    read<TTournamentBrackets>(who, `/api/tournaments/${id}/bracket`, 'bracket');
  const championOf = async (who: TWho | null, id: number) =>
    (await bracketOf(who, id)).divisions[0]!.champion?.entrantId ?? null;

  /** A suspension as a moderator leaves it on the account's row (an hour from now, or `minutes`). */
  async function suspend(who: TWho, minutes = 60) {
    const suspendedUntil = new Date(Date.now() + minutes * MINUTE).toISOString();
    await app().database.db.updateTable('users').set({ suspendedUntil }).where('id', '=', who.user.id).execute();
  }

  /** The tournament's sequencer as the scheduler runs it, reading the time from `at`. */
  function sequencerAt(at: () => number, onStep?: TSequencer['onStep']): TSequencer {
    const { context, log } = app().app;
    return {
      deps: { database: context.database, events: context.events, now: at, timings: app().config.tournamentTimings },
      scheduler: context.scheduler,
      log,
      ...(onStep ? { onStep } : {}),
    };
  }

  /** Polls `check` (what an event's handler does soon after a request) until it holds, for up to 4 s. */
  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await check()).toBe(true);
  }

  return {
    call,
    create,
    enter,
    enterTeams,
    tournamentOf,
    release,
    ballot,
    judgeRound,
    tournamentNow,
    roundsOf,
    standingsOf,
    bracketOf,
    championOf,
    suspend,
    sequencerAt,
    until,
  };
}
