/**
 * A whole tournament with nobody at the desk, through the real app on both engines: 64 entrants, 6 preliminary LD
 * rounds that follow the ballots (`when_ballots_in`), a pool of 36 judges, a break of 8. The host creates it and names
 * the pool before round 1; from then on the host only reads. The app's own scheduler runs the sequencer (the job the
 * module wires) and it releases every round, the quarterfinals, semifinals and final included. The entrants check in
 * (HTTP), open their rooms, give every speech through the clock (HTTP); the seated judges send their ballots (HTTP),
 * always for the stronger debater. Two entrants never come to a room: X checks in for round 1 only, Y for every
 * round; each forfeits by absence at the end of the grace period and is withdrawn at their second no-show (X's the
 * missed check-in of round 2, Y's a second absence).
 *
 * Time is shifted, not waited for: `passTime` moves every time the sequencer reads for the tournament (round starts,
 * releases, results in, grace ends) and its pending scheduler job back, as the clock moving on would, so what fell
 * due in that time is due now; the test polls the scheduler rather than waiting for its tick. Being in the room is
 * what the socket's `debate.join` records for a debater or the seated judge (`debates.notePresent`, which the grace
 * period reads), called directly rather than through a socket per person.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FORMATS,
  type TSessionUser,
  type TTournament,
  type TTournamentBrackets,
  type TTournamentRound,
  type TTournamentSchedule,
  type TTournamentStandings,
} from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { notePresent } from '../debates/debates.service';
import { SEQUENCER_JOB } from './tournament-sequencer';

type TWho = { user: TSessionUser; cookie: string };

const MINUTE = 60_000;
const ENTRANTS = 64;
const PRELIMS = 6;
const BREAK = 8;
/** One judge per room of round 1 (32), and a few more. */
const JUDGES = 36;
/** How many people act at the same moment (entering, checking in, debating in their rooms). */
const AT_ONCE = 4;

/** Runs `task` for every item, `AT_ONCE` at a time, as people acting side by side. */
async function sideBySide<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  const next = items.values();
  const worker = async () => {
    for (let item = next.next(); !item.done; item = next.next()) await task(item.value);
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}

describe.each(TEST_ENGINES)('a 64-entrant tournament run by itself on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const call = (who: TWho, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  const scheduler = () => t.app.context.scheduler;

  /**
   * Polls the scheduler now rather than at its next tick (what its own timer does every second): the due jobs (the
   * sequencer) run, and the events they and the requests before emitted are handled, until three polls in a row find
   * nothing due.
   */
  async function settle() {
    for (let quiet = 0; quiet < 3;) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const started = await scheduler().runDue();
      await scheduler().ran();
      quiet = started === 0 ? quiet + 1 : 0;
    }
  }

  /** Waits (polling the scheduler) until `check` holds, for up to 30 s of a loaded machine. */
  async function until(what: string, check: () => Promise<boolean>) {
    const deadline = Date.now() + 30_000;
    while (!(await check()) && Date.now() < deadline) {
      await scheduler().runDue();
      await scheduler().ran();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await check(), what).toBe(true);
  }

  /**
   * `ms` pass for the tournament: every time the sequencer reads (round starts, releases, results in, grace ends) and
   * its pending job move back by `ms`, so whatever fell due in that time is due now.
   */
  async function passTime(tournamentId: number, ms: number) {
    await settle();
    const back = (iso: string | null) => (iso === null ? null : new Date(Date.parse(iso) - ms).toISOString());
    const db = t.database.db;
    const rows = await db
      .selectFrom('tournamentRounds')
      .select(['id', 'startsAt', 'releasedAt', 'resultsInAt', 'graceEndedAt'])
      .where('tournamentId', '=', tournamentId)
      .execute();
    for (const row of rows) {
      await db
        .updateTable('tournamentRounds')
        .set({
          startsAt: back(row.startsAt),
          releasedAt: back(row.releasedAt),
          resultsInAt: back(row.resultsInAt),
          graceEndedAt: back(row.graceEndedAt),
        })
        .where('id', '=', row.id)
        .execute();
    }
    const job = await db
      .selectFrom('scheduledJobs')
      .select(['dueAt', 'doneAt'])
      .where('name', '=', SEQUENCER_JOB)
      .where('key', '=', String(tournamentId))
      .executeTakeFirst();
    if (job && job.doneAt === null) {
      await db
        .updateTable('scheduledJobs')
        .set({ dueAt: back(job.dueAt)! })
        .where('name', '=', SEQUENCER_JOB)
        .where('key', '=', String(tournamentId))
        .execute();
    }
    await settle();
  }

  /** A debater's strength (0 strongest): every ballot goes to the stronger, with points that spread the tab. */
  const pointsOf = (strength: number) => Math.round((26.5 + (ENTRANTS - 1 - strength) * 0.04) * 10) / 10;

  it('runs from the first draw to a champion: every round released by the tournament, two no-shows withdrawn', async () => {
    const host = await buildUser(t, { role: 'admin' });
    const firstStart = Date.now() + 10 * MINUTE;
    const created = await call(host, 'POST', '/api/tournaments', {
      name: 'Sixty-four',
      formatId: 'ld',
      prelimRounds: PRELIMS,
      breakSize: BREAK,
      scheduleMode: 'when_ballots_in',
      entryMode: 'open',
      roundStartsAt: [new Date(firstStart).toISOString()],
    });
    expect(created.statusCode, created.body).toBe(201);
    const tournament = created.json().tournament as TTournament;
    const id = tournament.id;

    const people: TWho[] = [];
    for (let i = 0; i < ENTRANTS; i++) people.push(await buildUser(t));
    await sideBySide(people, async (who) => {
      const entered = await call(who, 'POST', `/api/tournaments/${id}/entrants`, {});
      expect(entered.statusCode, entered.body).toBe(201);
    });
    const judges: TWho[] = [];
    for (let i = 0; i < JUDGES; i++) {
      const judge = await buildUser(t);
      const added = await call(host, 'POST', `/api/tournaments/${id}/judges`, { userId: judge.user.id });
      expect(added.statusCode, added.body).toBe(201);
      judges.push(judge);
    }
    // From here on the host only reads.
    const byUser = new Map([...people, ...judges].map((who) => [who.user.id, who]));
    const strengthOf = new Map(people.map((who, index) => [who.user.id, index]));
    const entrantIds = new Map<number, string>();

    const scheduleOf = async (who: TWho) => {
      const response = await call(who, 'GET', `/api/tournaments/${id}/schedule`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().schedule as TTournamentSchedule;
    };
    const roundsOf = async () =>
      (await call(host, 'GET', `/api/tournaments/${id}/rounds`)).json().rounds as TTournamentRound[];
    const roundOf = async (number: number) => (await roundsOf()).find((r) => r.number === number);

    /** Everyone still in who is told to checks in for the round whose check-in is open. */
    async function checkIn(number: number, who: readonly TWho[]) {
      const schedule = await scheduleOf(who[0]!);
      expect(schedule.checkInRound).toBe(number);
      await sideBySide(who, async (person) => {
        const checked = await call(person, 'POST', `/api/tournaments/${id}/check-in`);
        expect(checked.statusCode, checked.body).toBe(200);
      });
    }

    /** One room: the debaters give every speech through the clock; the seated judge sends the ballot for the stronger. */
    async function debate(number: number, debateId: number, aff: TWho, neg: TWho, judge: TWho) {
      for (const speech of FORMATS.ld.speeches) {
        const speaker = speech.speaker === 'b' ? neg : aff;
        for (const action of ['start_speech', 'end_speech']) {
          const moved = await call(speaker, 'POST', `/api/debates/${debateId}/clock`, { action });
          expect(moved.statusCode, `round ${number}, debate ${debateId}, ${speech.id} ${action}: ${moved.body}`).toBe(
            200,
          );
        }
      }
      const isAffStronger = strengthOf.get(aff.user.id)! < strengthOf.get(neg.user.id)!;
      const winner = pointsOf(strengthOf.get((isAffStronger ? aff : neg).user.id)!);
      const loser =
        Math.round(Math.min(pointsOf(strengthOf.get((isAffStronger ? neg : aff).user.id)!), winner - 0.1) * 10) / 10;
      const ballot = await call(judge, 'POST', `/api/debates/${debateId}/ballots`, {
        winnerSide: isAffStronger ? 'a' : 'b',
        speakerPoints: isAffStronger ? { a: winner, b: loser } : { a: loser, b: winner },
        reason: 'The stronger case on the framework.',
      });
      expect(ballot.statusCode, `round ${number}, ballot of debate ${debateId}: ${ballot.body}`).toBe(201);
    }

    /**
     * A released round as its people play it: the debaters and judges open their rooms (except those in `absent`),
     * then the rooms debate side by side, as a real round's rooms run together.
     */
    async function play(round: TTournamentRound, absent: ReadonlySet<string>) {
      const deps = { database: t.database, events: t.app.context.events };
      const rooms: (() => Promise<void>)[] = [];
      for (const pairing of round.pairings) {
        for (const side of [pairing.aff, pairing.neg, pairing.bye]) {
          if (side) entrantIds.set(side.entrantId, side.userId!);
        }
        if (pairing.debateId === null) continue;
        const debateId = pairing.debateId;
        const aff = byUser.get(pairing.aff!.userId!)!;
        const neg = byUser.get(pairing.neg!.userId!)!;
        expect(pairing.judge, `round ${round.number}, debate ${debateId} has a judge`).not.toBeNull();
        const judge = byUser.get(pairing.judge!.userId!)!;
        for (const who of [aff, neg, judge]) {
          if (!absent.has(who.user.id)) await notePresent(deps, debateId, who.user.id);
        }
        if (absent.has(aff.user.id) || absent.has(neg.user.id)) continue;
        rooms.push(() => debate(round.number, debateId, aff, neg, judge));
      }
      await sideBySide(rooms, (room) => room());
    }

    // Round 1: its check-in is open (it starts in 10 minutes); everyone checks in; the start comes.
    await checkIn(1, people);
    expect(await roundsOf()).toEqual([]);
    await passTime(id, firstStart - Date.now());
    await until('round 1 is released at its start', async () => (await roundOf(1)) !== undefined);
    const round1 = (await roundOf(1))!;
    expect(round1.pairings.filter((p) => p.debateId !== null)).toHaveLength(ENTRANTS / 2);
    // The two who never come, chosen from different rooms: X checks in for round 1 only, Y for every round.
    const rooms1 = round1.pairings.filter((p) => p.debateId !== null);
    const noShowX = rooms1[0]!.aff!.userId!;
    const noShowY = rooms1[1]!.neg!.userId!;
    const absent = new Set([noShowX, noShowY]);
    const withdrawnIn = new Map<string, number>();

    for (let number = 1; number <= PRELIMS; number++) {
      const round = (await roundOf(number))!;
      await play(round, absent);
      // A room someone never came to waits for the end of the grace period: the absent debater forfeits (a second
      // no-show withdraws them), and then every result is in. Otherwise the last ballot was the last result.
      const isWaitingForGrace = round.pairings.some((p) =>
        [p.aff?.userId, p.neg?.userId].some((userId) => typeof userId === 'string' && absent.has(userId)),
      );
      if (isWaitingForGrace) await passTime(id, t.config.tournamentTimings.graceMinutes * MINUTE + 1000);
      const rows = await t.database.db
        .selectFrom('tournamentEntrants')
        .select(['userId', 'withdrawnAt'])
        .where('tournamentId', '=', id)
        .execute();
      for (const row of rows) {
        if (row.withdrawnAt !== null && !withdrawnIn.has(row.userId)) withdrawnIn.set(row.userId, number);
      }
      await until(
        `round ${number}'s results are in`,
        async () => (await scheduleOf(people[2]!)).checkInRound === number + 1,
      );
      if (number === PRELIMS) break;
      // Check-in for the next round: everyone still in, X excepted; one withdrawn may no longer check in.
      const active = people.filter((who) => who.user.id !== noShowX && !withdrawnIn.has(who.user.id));
      await checkIn(number + 1, active);
      for (const userId of withdrawnIn.keys()) {
        const refused = await call(byUser.get(userId)!, 'POST', `/api/tournaments/${id}/check-in`);
        expect(refused.statusCode).toBe(403);
      }
      // The pause after the last ballot: the next round releases itself.
      await passTime(id, t.config.tournamentTimings.pauseMinutes * MINUTE);
      await until(`round ${number + 1} is released`, async () => (await roundOf(number + 1)) !== undefined);
    }

    // The two no-shows: each forfeited by absence, and withdrawn with two no-shows.
    const entrants = (await call(host, 'GET', `/api/tournaments/${id}/entrants`)).json().entrants as {
      userId: string;
      isWithdrawn: boolean;
      noShows: number;
    }[];
    expect(entrants).toHaveLength(ENTRANTS);
    for (const [userId, absences] of [
      [noShowX, 1],
      [noShowY, 2],
    ] as const) {
      expect(entrants.find((e) => e.userId === userId)).toMatchObject({ isWithdrawn: true, noShows: 2 });
      // Each room they never came to: forfeited by them at the end of grace, their opponent the winner.
      const forfeited = await t.database.db
        .selectFrom('debates')
        .select(['status', 'forfeitedBy', 'winnerSide', 'debaterAId'])
        .where('kind', '=', 'tournament')
        .where((eb) => eb.or([eb('debaterAId', '=', userId), eb('debaterBId', '=', userId)]))
        .execute();
      expect(forfeited).toHaveLength(absences);
      for (const debate of forfeited) {
        expect(debate).toMatchObject({ status: 'forfeited', forfeitedBy: userId });
        expect(debate.winnerSide).toBe(debate.debaterAId === userId ? 'b' : 'a');
      }
    }
    expect(
      entrants
        .filter((e) => e.isWithdrawn)
        .map((e) => e.userId)
        .sort(),
    ).toEqual([noShowX, noShowY].sort());
    expect(entrants.filter((e) => e.noShows > 0)).toHaveLength(2);
    // X missed round 2's check-in (the second no-show, withdrawn as round 2 was drawn); Y was drawn until withdrawn.
    expect(withdrawnIn.get(noShowX)).toBe(2);
    const noShowRows = await t.database.db
      .selectFrom('tournamentNoShows')
      .innerJoin('tournamentEntrants', 'tournamentEntrants.id', 'tournamentNoShows.entrantId')
      .select(['tournamentEntrants.userId', 'tournamentNoShows.roundNumber', 'tournamentNoShows.reason'])
      .where('tournamentNoShows.tournamentId', '=', id)
      .orderBy('tournamentNoShows.roundNumber')
      .execute();
    expect(noShowRows.filter((r) => r.userId === noShowX).map((r) => [r.roundNumber, r.reason])).toEqual([
      [1, 'absent'],
      [2, 'not_checked_in'],
    ]);
    expect(noShowRows.filter((r) => r.userId === noShowY).map((r) => r.reason)).toEqual(['absent', 'absent']);
    const lastRoundOfY = noShowRows.filter((r) => r.userId === noShowY)[1]!.roundNumber;

    // Every preliminary round drawn from those still in: X never after round 1, Y never after their second miss.
    const prelims = (await roundsOf()).filter((r) => r.number <= PRELIMS);
    expect(prelims.map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const round of prelims) {
      const drawn = round.pairings.flatMap((p) => [p.aff, p.neg, p.bye]).flatMap((s) => (s ? [s.userId] : []));
      expect(new Set(drawn).size).toBe(drawn.length);
      expect(drawn.includes(noShowX)).toBe(round.number === 1);
      expect(drawn.includes(noShowY)).toBe(round.number <= lastRoundOfY);
      expect(drawn).toHaveLength(ENTRANTS - (round.number > 1 ? 1 : 0) - (round.number > lastRoundOfY ? 1 : 0));
    }

    // The break: the top 8 of the preliminaries' tab, seeded 1 v 8, 4 v 5, 2 v 7, 3 v 6 in bracket order.
    const standings = (await call(host, 'GET', `/api/tournaments/${id}/standings`)).json()
      .standings as TTournamentStandings;
    const tab = standings.divisions.find((d) => d.standings.length > 0)!.standings.map((s) => s.entrantId);
    await passTime(id, t.config.tournamentTimings.pauseMinutes * MINUTE);
    await until('the quarterfinals are released', async () => (await roundOf(PRELIMS + 1)) !== undefined);
    const bracketOf = async () =>
      (await call(host, 'GET', `/api/tournaments/${id}/bracket`)).json().bracket as TTournamentBrackets;
    expect((await bracketOf()).divisions[0]!.seeds.map((s) => s.entrantId)).toEqual(tab.slice(0, BREAK));
    const pairOf = (p: TTournamentRound['pairings'][number]) =>
      [p.aff!.entrantId, p.neg!.entrantId].sort((a, b) => a - b);
    const seed = (n: number) => tab[n - 1]!;
    const quarters = (await roundOf(PRELIMS + 1))!;
    expect(quarters.pairings.map(pairOf)).toEqual(
      [
        [seed(1), seed(8)],
        [seed(4), seed(5)],
        [seed(2), seed(7)],
        [seed(3), seed(6)],
      ].map((pair) => pair.sort((a, b) => a - b)),
    );

    // Each elimination round played; the stronger of each debate goes through, in bracket order; the pause passes.
    const strongerOf = (p: TTournamentRound['pairings'][number]) =>
      strengthOf.get(p.aff!.userId!)! < strengthOf.get(p.neg!.userId!)! ? p.aff!.entrantId : p.neg!.entrantId;
    let current = quarters;
    for (const [index, name] of ['semifinals', 'final'].entries()) {
      await play(current, new Set());
      const winners = current.pairings.map(strongerOf);
      await until(`round ${current.number}'s results are in`, async () => {
        const schedule = await scheduleOf(people[2]!);
        return schedule.rounds.find((r) => r.number === current.number + 1)?.releasesAt !== null;
      });
      await passTime(id, t.config.tournamentTimings.pauseMinutes * MINUTE);
      const number = PRELIMS + 2 + index;
      await until(`the ${name} are released`, async () => (await roundOf(number)) !== undefined);
      current = (await roundOf(number))!;
      const expected = [];
      for (let i = 0; i < winners.length; i += 2) expected.push([winners[i]!, winners[i + 1]!].sort((a, b) => a - b));
      expect(current.pairings.map(pairOf)).toEqual(expected);
    }
    expect(current.pairings).toHaveLength(1);
    await play(current, new Set());
    const champion = strongerOf(current.pairings[0]!);
    await until('the tournament is finished', async () => {
      const response = await call(host, 'GET', `/api/tournaments/${id}`);
      return (response.json().tournament as TTournament).status === 'finished';
    });
    expect((await bracketOf()).divisions[0]!.champion?.entrantId).toBe(champion);
    // The strongest of the break wins it, as every ballot said.
    const strongest = [...tab.slice(0, BREAK)].sort(
      (a, b) => strengthOf.get(entrantIds.get(a)!)! - strengthOf.get(entrantIds.get(b)!)!,
    )[0];
    expect(champion).toBe(strongest);

    // 6 preliminary and 3 elimination rounds, every one released by the tournament itself, none ever refused.
    const released = await t.database.db
      .selectFrom('tournamentRounds')
      .select(['number', 'status', 'releasedBy', 'releaseRefusal'])
      .where('tournamentId', '=', id)
      .orderBy('number')
      .execute();
    // (One row per division and round: the open tournament's adult division, and its empty under-18 one.)
    expect([...new Set(released.map((r) => r.number))]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(released.every((r) => r.releasedBy === null && r.releaseRefusal === null)).toBe(true);
    expect(released.every((r) => r.status === 'complete')).toBe(true);
    // Rooms: 32, then 31 (63 or 62 drawn), then the quarterfinals, semifinals and final.
    expect((await roundsOf()).map((r) => r.pairings.filter((p) => p.debateId !== null).length)).toEqual([
      32, 31, 31, 31, 31, 31, 4, 2, 1,
    ]);
  }, 180_000);
});
