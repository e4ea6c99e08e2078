/**
 * British Parliamentary tournaments (issue 41, item 4) through the real HTTP server on both engines: sixteen teams of
 * two run three preliminary rounds of four rooms (each team once a round, in its drawn place), a break of eight into
 * two semifinal rooms (the top two of each going through) and a final of four ranked by its chair, with the team tab
 * and the speaker tab from the ranked ballots; and the refusals (a break that is not four teams doubled, a field that
 * is not a multiple of four, a round drawn before the one before it is judged).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BP_SIDES, type TBpSide, type TTournamentBpRoom, type TTournamentRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { tournamentFixture, type TWho } from '../../test/tournament-fixture';
import { BP_POSITIONS_OF as POSITIONS, bpTournamentFixture } from '../../test/bp-tournament-fixture';
import { runSequencer } from './tournament-sequencer';
import type { TDomainEvent } from '../../lib/events';

const BP = { formatId: 'bp', teamSize: 2 } as const;

describe.each(TEST_ENGINES)('a British Parliamentary tournament on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());
  const f = tournamentFixture(() => t);

  const bp = bpTournamentFixture(() => t, f);
  const teamsOf = bp.enterTeams;
  let judges: TWho[] = [];
  /** The chair ranks the room's teams by `rankOf` (1–4), every speaker's points following the ranking. */
  const judgeRoom = (room: TTournamentBpRoom, rankOf: (entrantId: number) => number) =>
    bp.judgeRoom(judges, room, bp.ranksBy(room, rankOf));

  it('runs sixteen teams through three rounds, a break of eight and a final of four', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await f.create(admin, { ...BP, prelimRounds: 3, breakSize: 8, speechMinutes: 5 });
    expect(tournament).toMatchObject({ formatId: 'bp', teamSize: 2, speechMinutes: 5 });
    const teams = await teamsOf(tournament.id, 16);
    judges = [];
    for (let i = 0; i < 4; i++) {
      const judge = await buildUser(t);
      const added = await f.call(admin, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id });
      expect(added.statusCode, added.body).toBe(201);
      judges.push(judge);
    }
    // The host's motions: round 1's and the final's (an elimination round has its own), released with the round.
    const motionUrl = (n: number) => `/api/tournaments/${tournament.id}/rounds/${n}/motion`;
    const motions = { 1: 'This House would abolish homework.', 5: 'This House regrets the rise of the gig economy.' };
    for (const [n, motion] of Object.entries(motions)) {
      const set = await f.call(admin, 'PUT', motionUrl(Number(n)), { motion });
      expect(set.statusCode, set.body).toBe(200);
    }
    expect((await f.call(admin, 'PUT', motionUrl(6), { motion: 'Too late.' })).statusCode).toBe(404);
    const resolutionOf = async (debateId: number) =>
      (
        await t.database.db
          .selectFrom('debates')
          .select('resolution')
          .where('id', '=', debateId)
          .executeTakeFirstOrThrow()
      ).resolution;
    const team = (entrantId: number) => teams.find((x) => x.entrant.id === entrantId)!;
    // Stronger teams are those entered first: they rank higher in every room.
    const strength = (entrantId: number) => teams.findIndex((x) => x.entrant.id === entrantId);
    const positions = new Map<number, TBpSide[]>();

    for (let number = 1; number <= 3; number++) {
      // The next round waits for every ballot of the one before.
      if (number > 1) {
        const early = await f.call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/${number + 1}/release`);
        expect(early.statusCode).toBe(409);
      }
      const told: TDomainEvent[] = [];
      const unsubscribe = t.app.context.events.subscribe((e) => told.push(e));
      const round: TTournamentRound = await f.release(admin, tournament.id, number);
      unsubscribe();
      // Each of the 32 debaters is told their room and their team's place; each chair their room.
      const released = told.filter((e) => e.name === 'tournament.round_released');
      expect(released).toHaveLength(32 + 4);
      const pm = team(round.bpRooms[0]!.teams.og!.entrantId).captain.user.id;
      expect(released.find((e) => e.room === `user:${pm}`)?.payload).toMatchObject({
        debateId: round.bpRooms[0]!.debateId,
        side: 'aff',
        bpTeam: 'og',
        asJudge: false,
      });
      expect(round.pairings).toEqual([]);
      expect(round.bpRooms).toHaveLength(4);
      const seated = round.bpRooms.flatMap((room) => BP_SIDES.map((side) => room.teams[side]!.entrantId));
      expect([...seated].sort((a, b) => a - b)).toEqual(teams.map((x) => x.entrant.id).sort((a, b) => a - b));
      // Rooms from the top bracket down.
      const brackets = round.bpRooms.map((room) => room.bracket);
      expect(brackets).toEqual([...brackets].sort((a, b) => b - a));
      for (const room of round.bpRooms) {
        expect(room.panel).toHaveLength(1);
        const seats = await t.database.db
          .selectFrom('debateSeats')
          .select(['position', 'userId'])
          .where('debateId', '=', room.debateId!)
          .execute();
        for (const side of BP_SIDES) {
          const { captain, partner } = team(room.teams[side]!.entrantId);
          expect(seats).toContainEqual({ position: POSITIONS[side][0], userId: captain.user.id });
          expect(seats).toContainEqual({ position: POSITIONS[side][1], userId: partner.user.id });
          positions.set(room.teams[side]!.entrantId, [...(positions.get(room.teams[side]!.entrantId) ?? []), side]);
        }
        const debate = await t.database.db
          .selectFrom('debates')
          .select(['formatId', 'kind', 'speechMinutes'])
          .where('id', '=', room.debateId!)
          .executeTakeFirstOrThrow();
        // The host chose five-minute speeches: every room runs them.
        expect(debate).toEqual({ formatId: 'bp', kind: 'tournament', speechMinutes: 5 });
      }
      if (number === 1) {
        expect(round.motion).toBe(motions[1]);
        for (const room of round.bpRooms) expect(await resolutionOf(room.debateId!)).toBe(motions[1]);
      }
      for (const room of round.bpRooms) await judgeRoom(room, strength);
    }
    // Positions balanced: a team repeats a position only when its bracket could not avoid it (two teams of one bracket
    // that sat in the same place before), and never sits in one place three times.
    for (const sides of positions.values()) expect(new Set(sides).size).toBeGreaterThanOrEqual(2);
    const repeats = [...positions.values()].filter((sides) => new Set(sides).size < 3).length;
    expect(repeats).toBeLessThan(16);

    const tab = (await f.standingsOf(admin, tournament.id)).divisions.find((d) => d.standings.length > 0)!;
    expect(tab.standings).toHaveLength(16);
    expect(tab.standings.reduce((sum, row) => sum + row.bp!.teamPoints, 0)).toBe(3 * 4 * 6);
    const ordered = tab.standings.map((row) => [row.bp!.teamPoints, row.speakerPoints] as const);
    for (let i = 1; i < ordered.length; i++) {
      const [[points, speaks], [nextPoints, nextSpeaks]] = [ordered[i - 1]!, ordered[i]!];
      expect(points > nextPoints || (points === nextPoints && speaks >= nextSpeaks)).toBe(true);
    }
    expect(tab.standings.every((row) => row.bp!.rooms === 3)).toBe(true);
    expect(tab.speakers).toHaveLength(32);
    expect(tab.speakers.every((s) => s.rounds === 3)).toBe(true);

    // The semifinals: the tab's top eight in two rooms (1, 4, 5, 8 and 2, 3, 6, 7).
    const top = tab.standings.slice(0, 8).map((row) => row.entrantId);
    const semis = await f.release(admin, tournament.id, 4);
    expect(semis.bpRooms).toHaveLength(2);
    const inRoom = (room: TTournamentBpRoom) =>
      BP_SIDES.map((side) => room.teams[side]!.entrantId).sort((a, b) => a - b);
    expect(inRoom(semis.bpRooms[0]!)).toEqual([top[0]!, top[3]!, top[4]!, top[7]!].sort((a, b) => a - b));
    expect(inRoom(semis.bpRooms[1]!)).toEqual([top[1]!, top[2]!, top[5]!, top[6]!].sort((a, b) => a - b));
    for (const room of semis.bpRooms) await judgeRoom(room, strength);
    // The final: the first and second of each semifinal.
    const final = await f.release(admin, tournament.id, 5);
    expect(final.bpRooms).toHaveLength(1);
    const through = semis.bpRooms.flatMap((room) =>
      [...inRoom(room)].sort((a, b) => strength(a) - strength(b)).slice(0, 2),
    );
    expect(inRoom(final.bpRooms[0]!)).toEqual([...through].sort((a, b) => a - b));
    expect(await resolutionOf(final.bpRooms[0]!.debateId!)).toBe(motions[5]);
    expect((await f.tournamentNow(admin, tournament.id)).status).toBe('running');
    await judgeRoom(final.bpRooms[0]!, strength);
    await f.until(async () => (await f.tournamentNow(admin, tournament.id)).status === 'finished');
    const rounds = await f.roundsOf(admin, tournament.id);
    const decided = rounds.find((r) => r.number === 5)!.bpRooms[0]!;
    const winner = BP_SIDES.find((side) => decided.results![side].rank === 1)!;
    expect(decided.teams[winner]!.entrantId).toBe(through.sort((a, b) => strength(a) - strength(b))[0]);
    // The hosts' CSV exports: the team tab, the rooms with their places, one ballot line per team.
    const csv = async (file: string) => {
      const response = await f.call(admin, 'GET', `/api/tournaments/${tournament.id}/export/${file}.csv`);
      expect(response.statusCode, response.body).toBe(200);
      return response.body.trim().split(/\r?\n/);
    };
    const standingsCsv = await csv('standings');
    expect(standingsCsv[0]).toContain('Team points');
    expect(standingsCsv).toHaveLength(17);
    const roomsCsv = await csv('pairings');
    expect(roomsCsv[0]).toContain('Opening Government');
    expect(roomsCsv).toHaveLength(1 + 3 * 4 + 2 + 1);
    const ballotsCsv = await csv('ballots');
    expect(ballotsCsv).toHaveLength(1 + (3 * 4 + 2 + 1) * 4);
    expect(ballotsCsv[1]).toContain('Closing Government extended the debate furthest.');
    // The tournament is over: no more ballots.
    const again = await f.call(judges[0]!, 'POST', `/api/debates/${decided.debateId}/ballots`, {});
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('releases the next round itself once every room’s ballot is in and the pause passed', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await f.create(admin, { ...BP, prelimRounds: 2, breakSize: 0, scheduleMode: 'when_ballots_in' });
    const teams = await teamsOf(tournament.id, 8);
    judges = [await buildUser(t), await buildUser(t)];
    for (const judge of judges) {
      const added = await f.call(admin, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id });
      expect(added.statusCode, added.body).toBe(201);
    }
    const round1 = await f.release(admin, tournament.id, 1);
    let clock = Date.now();
    const seq = f.sequencerAt(() => clock);
    const strength = (entrantId: number) => teams.findIndex((x) => x.entrant.id === entrantId);
    // One room judged, one to come: nothing more is released.
    await judgeRoom(round1.bpRooms[0]!, strength);
    await runSequencer(seq, tournament.id);
    expect((await f.roundsOf(admin, tournament.id)).map((r) => r.number)).toEqual([1]);
    await judgeRoom(round1.bpRooms[1]!, strength);
    clock = Date.now();
    await runSequencer(seq, tournament.id);
    // After the pause, with every debater checked in, round 2 is drawn from round 1's ballots.
    for (const { captain, partner } of teams) {
      for (const who of [captain, partner]) {
        const checked = await f.call(who, 'POST', `/api/tournaments/${tournament.id}/check-in`);
        expect(checked.statusCode, checked.body).toBe(200);
      }
    }
    clock += t.config.tournamentTimings.pauseMinutes * 60_000 + 60_000;
    await runSequencer(seq, tournament.id);
    const rounds = await f.roundsOf(admin, tournament.id);
    expect(rounds.map((r) => r.number)).toEqual([1, 2]);
    expect(rounds[1]!.bpRooms).toHaveLength(2);
    // Round 2's top room holds round 1's two winners.
    const winners = round1.bpRooms.map(
      (room) => BP_SIDES.map((side) => room.teams[side]!.entrantId).sort((a, b) => strength(a) - strength(b))[0]!,
    );
    const top = rounds[1]!.bpRooms[0]!;
    expect(BP_SIDES.map((side) => top.teams[side]!.entrantId)).toEqual(expect.arrayContaining(winners));
    expect(top.bracket).toBe(3);
  });

  it('lets a host draw a BP round again before it starts, calling its rooms off', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await f.create(admin, { ...BP, prelimRounds: 2, breakSize: 0 });
    await teamsOf(tournament.id, 8);
    const first = await f.release(admin, tournament.id, 1);
    const repaired = await f.call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/repair`, {
      releasedAt: first.releasedAt,
      reason: 'A team arrived late.',
    });
    expect(repaired.statusCode, repaired.body).toBe(201);
    const again = repaired.json().round as TTournamentRound;
    expect(again.bpRooms).toHaveLength(2);
    const oldIds = first.bpRooms.map((room) => room.debateId!);
    expect(again.bpRooms.map((room) => room.debateId)).not.toEqual(expect.arrayContaining(oldIds));
    const called = await t.database.db.selectFrom('debates').select('status').where('id', 'in', oldIds).execute();
    expect(called.map((d) => d.status)).toEqual(['abandoned', 'abandoned']);
    expect((await f.roundsOf(admin, tournament.id))[0]!.bpRooms).toHaveLength(2);
  });

  it('refuses a break that is not four teams doubled, and a field that is not a multiple of four', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const six = await f.call(admin, 'POST', '/api/tournaments', {
      name: 'Six',
      ...BP,
      prelimRounds: 2,
      breakSize: 6,
      scheduleMode: 'fixed',
      entryMode: 'open',
    });
    expect(six.statusCode).toBe(400);
    expect(six.body).toMatch(/0, 4, 8, 16, 32 or 64 teams/);
    const alone = await f.call(admin, 'POST', '/api/tournaments', {
      name: 'Alone',
      formatId: 'bp',
      teamSize: 1,
      prelimRounds: 2,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
    });
    expect(alone.statusCode).toBe(400);
    const tournament = await f.create(admin, { ...BP, prelimRounds: 2, breakSize: 0 });
    await teamsOf(tournament.id, 6);
    const refused = await f.call(admin, 'POST', `/api/tournaments/${tournament.id}/rounds/1/release`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toMatch(/6 teams leave 2 over/);
    // Nothing was released: the round is still a draft.
    expect(await f.roundsOf(admin, tournament.id)).toEqual([]);
  });
});
