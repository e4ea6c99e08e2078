/**
 * The end of a British Parliamentary round's grace period (issue 41) through the real app on both engines, the
 * sequencer's time moved past it (arrivals recorded as the room's join records them): a team none of whose debaters
 * came forfeits alone in 4th place, with a no-show and its debaters struck, and the chair ranks the three that
 * stayed; three teams absent decide the room without a ballot and four abandon it, the round counting as in so a
 * `when_ballots_in` tournament goes on; an absent chair or wing gives way to a standby that none of the four teams
 * conflicts with. A crash part-way is finished by the next wake, and a rerun changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BP_SIDES, type TBpSide, type TDebate, type TTournamentBpRoom, type TTournamentRound } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { MINUTE, tournamentFixture, type TFixtureTeam, type TWho } from '../../test/tournament-fixture';
import type { TDomainEvent } from '../../lib/events';
import { notePresent } from '../debates/debates.service';
import { runSequencer } from './tournament-sequencer';

const BP = { formatId: 'bp', teamSize: 2 } as const;

type TTeam = TFixtureTeam;

describe.each(TEST_ENGINES)('the grace period of a British Parliamentary round on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());
  const f = tournamentFixture(() => t);
  const db = () => t.database.db;

  const teamsOf = (id: number, count: number) => f.enterTeams(id, count);

  /** `count` judges in the pool; `isCheckedIn`: each checks in for round 1 (a standby must have). */
  async function judgesOf(admin: TWho, id: number, count: number, isCheckedIn = false): Promise<TWho[]> {
    const judges: TWho[] = [];
    for (let i = 0; i < count; i++) {
      const judge = await buildUser(t);
      const added = await f.call(admin, 'POST', `/api/tournaments/${id}/judges`, { userId: judge.user.id });
      expect(added.statusCode, added.body).toBe(201);
      if (isCheckedIn) {
        const checked = await f.call(judge, 'POST', `/api/tournaments/${id}/check-in`);
        expect(checked.statusCode, checked.body).toBe(200);
      }
      judges.push(judge);
    }
    return judges;
  }

  const teamAt = (teams: readonly TTeam[], room: TTournamentBpRoom, side: TBpSide) =>
    teams.find((x) => x.entrant.id === room.teams[side]!.entrantId)!;
  const membersOf = (team: TTeam) => [team.captain.user.id, team.partner.user.id];

  /** Each of `userIds` opens the room (as the socket's join records a first arrival). */
  async function come(room: TTournamentBpRoom, userIds: readonly string[]) {
    const deps = { database: t.app.context.database, events: t.app.context.events };
    for (const userId of userIds) await notePresent(deps, room.debateId!, userId);
  }

  const graceEndOf = (round: TTournamentRound) =>
    Date.parse(round.releasedAt!) + t.config.tournamentTimings.graceMinutes * MINUTE + 1000;

  const debateOf = (debateId: number) =>
    db().selectFrom('debates').select(['status', 'judgeId']).where('id', '=', debateId).executeTakeFirstOrThrow();
  const forfeitsOf = async (debateId: number) =>
    (
      await db()
        .selectFrom('bpTeamForfeits')
        .select(['team', 'place'])
        .where('debateId', '=', debateId)
        .orderBy('place', 'desc')
        .execute()
    ).map((row) => [row.team, Number(row.place)]);
  /** Each team's place and team points, in BP order. */
  const resultsOf = async (debateId: number) => {
    const rows = await db()
      .selectFrom('bpTeamResults')
      .select(['team', 'rank', 'teamPoints'])
      .where('debateId', '=', debateId)
      .execute();
    return Object.fromEntries(
      BP_SIDES.flatMap((side) => {
        const row = rows.find((r) => r.team === side);
        return row ? [[side, [Number(row.rank), Number(row.teamPoints)]]] : [];
      }),
    );
  };
  const noShowsOf = async (id: number) =>
    new Map(
      (
        await db().selectFrom('tournamentEntrants').select(['id', 'noShows']).where('tournamentId', '=', id).execute()
      ).map((row) => [Number(row.id), Number(row.noShows)]),
    );
  const strikesOf = async (userIds: readonly string[]) =>
    (await db().selectFrom('playStrikes').select('userId').where('userId', 'in', userIds).execute())
      .map((row) => row.userId)
      .sort();
  const roundRow = (id: number, number: number) =>
    db()
      .selectFrom('tournamentRounds')
      .select(['graceEndedAt', 'resultsInAt'])
      .where('tournamentId', '=', id)
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
  /** The round's grace period as not yet ended, so the next wake reads its rooms again. */
  const unmarkGrace = (id: number, number: number) =>
    db()
      .updateTable('tournamentRounds')
      .set({ graceEndedAt: null })
      .where('tournamentId', '=', id)
      .where('number', '=', number)
      .execute();

  it('forfeits a team none of whose debaters came in 4th place, with a no-show, and the chair ranks the other three', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await f.create(admin, { ...BP, prelimRounds: 2, scheduleMode: 'when_ballots_in' });
    const teams = await teamsOf(tournament.id, 4);
    const [chair] = await judgesOf(admin, tournament.id, 1);
    const round = await f.release(admin, tournament.id, 1);
    const room = round.bpRooms[0]!;
    expect(room.panel[0]?.userId).toBe(chair!.user.id);
    const absent = teamAt(teams, room, 'cg');
    // OG and OO come whole, CO's captain alone (one member keeps the team in), CG never; the chair comes.
    await come(room, [...membersOf(teamAt(teams, room, 'og')), ...membersOf(teamAt(teams, room, 'oo'))]);
    await come(room, [teamAt(teams, room, 'co').captain.user.id, chair!.user.id]);
    let clock = Date.parse(round.releasedAt!) + (t.config.tournamentTimings.graceMinutes * MINUTE) / 2;
    const seq = f.sequencerAt(() => clock);

    // Within the grace period: nothing happens.
    await runSequencer(seq, tournament.id);
    expect(await forfeitsOf(room.debateId!)).toEqual([]);
    expect((await noShowsOf(tournament.id)).get(absent.entrant.id)).toBe(0);

    // Its end: CG forfeits alone, 4th; the room plays on with its chair.
    clock = graceEndOf(round);
    await runSequencer(seq, tournament.id);
    expect(await forfeitsOf(room.debateId!)).toEqual([['cg', 4]]);
    expect(await debateOf(room.debateId!)).toEqual({ status: 'live', judgeId: chair!.user.id });
    const noShows = await noShowsOf(tournament.id);
    expect(teams.map((x) => noShows.get(x.entrant.id))).toEqual(
      teams.map((x) => (x.entrant.id === absent.entrant.id ? 1 : 0)),
    );
    const everyone = teams.flatMap(membersOf);
    expect(await strikesOf(everyone)).toEqual(membersOf(absent).sort());
    expect((await roundRow(tournament.id, 1)).graceEndedAt).not.toBeNull();

    // A rerun of the wake changes nothing: CG is out of the room, its no-show and strikes counted once.
    await unmarkGrace(tournament.id, 1);
    const events: TDomainEvent[] = [];
    const unsubscribe = t.app.context.events.subscribe((e) => events.push(e));
    await runSequencer(seq, tournament.id);
    unsubscribe();
    expect(events.filter((e) => e.name === 'debate.updated')).toEqual([]);
    expect(await forfeitsOf(room.debateId!)).toEqual([['cg', 4]]);
    expect(await noShowsOf(tournament.id)).toEqual(noShows);
    expect(await strikesOf(everyone)).toEqual(membersOf(absent).sort());
    expect(await debateOf(room.debateId!)).toEqual({ status: 'live', judgeId: chair!.user.id });

    // The chair ranks the three that stayed above CG and scores their six speakers.
    await db().updateTable('debates').set({ status: 'awaiting_ballot' }).where('id', '=', room.debateId!).execute();
    await db().deleteFrom('activeDebaters').where('debateId', '=', room.debateId!).execute();
    const ballot = await f.call(chair!, 'POST', `/api/debates/${room.debateId}/ballots`, {
      ranks: { og: 1, oo: 2, co: 3 },
      speakerPoints: { pm: 80, dpm: 79, lo: 77, dlo: 76, mo: 74, ow: 73 },
      reason: 'Opening Government framed the debate best.',
    });
    expect(ballot.statusCode, ballot.body).toBe(201);
    expect(await resultsOf(room.debateId!)).toEqual({ og: [1, 3], oo: [2, 2], cg: [4, 0], co: [3, 1] });
    clock = Date.now();
    await runSequencer(seq, tournament.id);
    expect((await roundRow(tournament.id, 1)).resultsInAt).not.toBeNull();
    const tab = (await f.standingsOf(admin, tournament.id)).divisions.find((d) => d.standings.length > 0)!;
    expect(tab.standings.find((row) => row.entrantId === absent.entrant.id)?.bp).toMatchObject({
      teamPoints: 0,
      rooms: 1,
    });
  });

  it('decides a room three teams never came to without a ballot, abandons one no team still in it came to, and goes on — after a crash part-way too', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await f.create(admin, { ...BP, prelimRounds: 2, scheduleMode: 'when_ballots_in' });
    const teams = await teamsOf(tournament.id, 12);
    const round = await f.release(admin, tournament.id, 1);
    const [decided, empty, resigned] = round.bpRooms;
    // Room 1: only OO's captain comes. Room 2: nobody. Room 3: OG's captain comes and resigns, nobody else comes.
    const stayed = teamAt(teams, decided!, 'oo');
    await come(decided!, [stayed.captain.user.id]);
    const quitter = teamAt(teams, resigned!, 'og');
    await come(resigned!, [quitter.captain.user.id]);
    const resign = await f.call(quitter.captain, 'POST', `/api/debates/${resigned!.debateId}/forfeit`);
    expect(resign.statusCode, resign.body).toBe(200);
    expect(await forfeitsOf(resigned!.debateId!)).toEqual([['og', 4]]);
    let clock = graceEndOf(round);

    // A crash after the second team's forfeit: the round stays unmarked, the teams that went keep their places.
    let forfeitSteps = 0;
    const crashing = f.sequencerAt(
      () => clock,
      (step) => {
        if (step === 'forfeit' && ++forfeitSteps === 2) throw new Error('crash between two forfeits');
      },
    );
    await expect(runSequencer(crashing, tournament.id)).rejects.toThrow('crash between two forfeits');
    expect(await forfeitsOf(decided!.debateId!)).toEqual([
      ['og', 4],
      ['cg', 3],
    ]);
    expect((await debateOf(decided!.debateId!)).status).toBe('live');
    expect((await debateOf(empty!.debateId!)).status).toBe('live');
    expect((await roundRow(tournament.id, 1)).graceEndedAt).toBeNull();

    // The next wake finishes: CO goes 2nd, OO stays alone and wins the room without a ballot.
    const seq = f.sequencerAt(() => clock);
    await runSequencer(seq, tournament.id);
    expect(await forfeitsOf(decided!.debateId!)).toEqual([
      ['og', 4],
      ['cg', 3],
      ['co', 2],
    ]);
    expect((await debateOf(decided!.debateId!)).status).toBe('forfeited');
    expect(await resultsOf(decided!.debateId!)).toEqual({ og: [4, 0], oo: [1, 3], cg: [3, 0], co: [2, 0] });
    const decision = await db()
      .selectFrom('bpBallots')
      .select(['judgeId', 'reason'])
      .where('debateId', '=', decided!.debateId!)
      .executeTakeFirstOrThrow();
    expect(decision).toEqual({
      judgeId: null,
      reason: 'Decided by forfeit: Opening Opposition stayed, the other three teams forfeited.',
    });
    // Nobody came to room 2: abandoned, counting for no one, nobody struck.
    expect((await debateOf(empty!.debateId!)).status).toBe('abandoned');
    expect(await forfeitsOf(empty!.debateId!)).toEqual([]);
    // Room 3: none of the teams still in it came, so none wins it by the others' absence: abandoned too.
    expect((await debateOf(resigned!.debateId!)).status).toBe('abandoned');
    expect(await forfeitsOf(resigned!.debateId!)).toEqual([['og', 4]]);
    // Every absent team has one no-show (the crash counted none twice); each absent debater of room 1 one strike.
    const noShows = await noShowsOf(tournament.id);
    expect(teams.filter((x) => noShows.get(x.entrant.id) === 1).map((x) => x.entrant.id)).toEqual(
      teams.filter((x) => x !== stayed && x !== quitter).map((x) => x.entrant.id),
    );
    expect([noShows.get(stayed.entrant.id), noShows.get(quitter.entrant.id)]).toEqual([0, 0]);
    const gone = (['og', 'cg', 'co'] as const).flatMap((side) => membersOf(teamAt(teams, decided!, side)));
    expect(await strikesOf(teams.flatMap(membersOf))).toEqual([...gone].sort());
    // Every room settled: the round's results are in, in the same wake.
    const marked = await roundRow(tournament.id, 1);
    expect(marked.graceEndedAt).not.toBeNull();
    expect(marked.resultsInAt).not.toBeNull();

    // A rerun changes nothing.
    await unmarkGrace(tournament.id, 1);
    await runSequencer(seq, tournament.id);
    expect(await noShowsOf(tournament.id)).toEqual(noShows);
    expect(await forfeitsOf(decided!.debateId!)).toHaveLength(3);
    expect(await strikesOf(teams.flatMap(membersOf))).toEqual([...gone].sort());

    // The tab: OO's 3 points, none for the forfeits whatever their place.
    const tab = (await f.standingsOf(admin, tournament.id)).divisions.find((d) => d.standings.length > 0)!;
    const pointsOf = (team: TTeam) => tab.standings.find((row) => row.entrantId === team.entrant.id)?.bp?.teamPoints;
    expect(BP_SIDES.map((side) => pointsOf(teamAt(teams, decided!, side)))).toEqual([0, 3, 0, 0]);

    // `when_ballots_in` goes on: round 2's check-in opens and, after the pause, the sequencer draws it from those who
    // checked in. Time-shifted in the database: the results came in a pause ago (check-in reads the real clock).
    const pause = t.config.tournamentTimings.pauseMinutes * MINUTE;
    await db()
      .updateTable('tournamentRounds')
      .set({ resultsInAt: new Date(Date.now() - pause - MINUTE).toISOString() })
      .where('tournamentId', '=', tournament.id)
      .where('number', '=', 1)
      .execute();
    for (const who of teams.flatMap((x) => [x.captain, x.partner])) {
      const checked = await f.call(who, 'POST', `/api/tournaments/${tournament.id}/check-in`);
      expect(checked.statusCode, checked.body).toBe(200);
    }
    clock = Date.now();
    await runSequencer(seq, tournament.id);
    // (The app's own sequencer, woken by the check-ins, may have drawn it first: the release's claim draws it once.)
    const rounds = await f.roundsOf(admin, tournament.id);
    expect(rounds.map((r) => r.number)).toEqual([1, 2]);
    expect(rounds[1]!.bpRooms).toHaveLength(3);
  });

  it('gives an absent chair’s seat to a checked-in standby none of the four teams conflicts with, else leaves it empty', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const start = Date.now() + 10 * MINUTE;
    const tournament = await f.create(admin, {
      ...BP,
      prelimRounds: 1,
      roundStartsAt: [new Date(start).toISOString()],
    });
    const teams = await teamsOf(tournament.id, 8);
    const judges = await judgesOf(admin, tournament.id, 3, true);
    const round = await f.release(admin, tournament.id, 1);
    const rooms = round.bpRooms;
    const chairs = rooms.map((room) => room.panel[0]!.userId!);
    const standby = judges.find((j) => !chairs.includes(j.user.id))!;
    // The standby declares a conflict with room 1's Closing Opposition (not one of its first two teams).
    const conflict = await f.call(
      admin,
      'PUT',
      `/api/tournaments/${tournament.id}/judges/${standby.user.id}/conflicts`,
      {
        entrantIds: [rooms[0]!.teams.co!.entrantId],
      },
    );
    expect(conflict.statusCode, conflict.body).toBe(200);
    // Every debater comes; neither chair does.
    for (const room of rooms)
      await come(
        room,
        BP_SIDES.flatMap((side) => membersOf(teamAt(teams, room, side))),
      );
    const events: TDomainEvent[] = [];
    const unsubscribe = t.app.context.events.subscribe((e) => events.push(e));
    const seq = f.sequencerAt(() => graceEndOf(round));
    await runSequencer(seq, tournament.id);
    unsubscribe();
    // Room 2's chair is the standby; room 1, which it may not judge, is left without one for the hosts to see.
    expect(await debateOf(rooms[1]!.debateId!)).toEqual({ status: 'live', judgeId: standby.user.id });
    expect(await debateOf(rooms[0]!.debateId!)).toEqual({ status: 'live', judgeId: null });
    expect(
      events.some(
        (e) =>
          e.name === 'tournament.round_released' &&
          e.room === `user:${standby.user.id}` &&
          e.payload.asJudge &&
          e.payload.debateId === rooms[1]!.debateId,
      ),
    ).toBe(true);
    // Nobody's team was absent: no forfeit, no no-show.
    for (const room of rooms) expect(await forfeitsOf(room.debateId!)).toEqual([]);
    expect([...(await noShowsOf(tournament.id)).values()].every((n) => n === 0)).toBe(true);

    // A rerun: the standby was seated at the grace period's end, so it is not absent; nothing changes.
    await unmarkGrace(tournament.id, 1);
    await runSequencer(seq, tournament.id);
    expect((await debateOf(rooms[1]!.debateId!)).judgeId).toBe(standby.user.id);
    expect((await debateOf(rooms[0]!.debateId!)).judgeId).toBeNull();
  });

  it('gives an absent wing’s seat to a standby, keeping the chair and the wing who came', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const start = Date.now() + 10 * MINUTE;
    const tournament = await f.create(admin, {
      ...BP,
      prelimRounds: 1,
      roundStartsAt: [new Date(start).toISOString()],
      prelimJudgesPerRoom: 3,
    });
    const teams = await teamsOf(tournament.id, 4);
    const judges = await judgesOf(admin, tournament.id, 4, true);
    const round = await f.release(admin, tournament.id, 1);
    const room = round.bpRooms[0]!;
    const panel = room.panel.map((j) => j.userId!);
    expect(panel).toHaveLength(3);
    const standby = judges.find((j) => !panel.includes(j.user.id))!;
    await come(room, [...BP_SIDES.flatMap((side) => membersOf(teamAt(teams, room, side))), panel[0]!, panel[2]!]);
    await runSequencer(
      f.sequencerAt(() => graceEndOf(round)),
      tournament.id,
    );
    const debate = (await f.call(admin, 'GET', `/api/debates/${room.debateId}`)).json().debate as TDebate;
    expect(debate.panel!.judges.map((j) => j.userId)).toEqual([panel[0], standby.user.id, panel[2]]);
    expect(debate.judge?.userId).toBe(panel[0]);
  });
});
