/**
 * The tournament's rules over every member of a team (issue 40's leftovers), through the real HTTP server on both
 * engines, in Public Forum tournaments of teams of two: a host's correction rewrites every debater's points (the
 * speaker tab and the team tab follow); at the end of the grace period a team is absent only when none of its members
 * came (one member keeps it in the round); and any member of the team that won the coin flip chooses for it, then any
 * member of the other team.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TTournamentEntrant, TTournamentRound, TTournamentStandings } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { MINUTE, tournamentFixture, type TFixtureTeam, type TWho } from '../../test/tournament-fixture';
import { notePresent } from '../debates/debates.service';
import { runSequencer } from './tournament-sequencer';

const TEAMS = { formatId: 'pf', teamSize: 2 } as const;

describe.each(TEST_ENGINES)('a tournament’s rules over every member of a team on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());
  const f = tournamentFixture(() => t);

  type TTeam = TFixtureTeam;

  const teamsOf = (id: number, count: number) => f.enterTeams(id, count);

  /** A tournament of `count` teams with round 1 released; each pairing with its aff and neg teams. */
  async function releasedRound(count: number) {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await f.create(admin, { ...TEAMS, prelimRounds: 2 });
    const teams = await teamsOf(tournament.id, count);
    const round = await f.release(admin, tournament.id, 1);
    const teamOf = (entrantId: number) => teams.find((x) => x.entrant.id === entrantId)!;
    const rooms = round.pairings
      .filter((p) => p.debateId !== null)
      .map((p) => ({
        pairing: p,
        debateId: p.debateId!,
        aff: teamOf(p.aff!.entrantId),
        neg: teamOf(p.neg!.entrantId),
      }));
    return { admin, tournament, teams, round, rooms };
  }

  const debateOf = async (who: TWho, debateId: number) =>
    (await f.call(who, 'GET', `/api/debates/${debateId}`)).json().debate as TDebate;

  it('corrects every debater’s points of a round of teams, and refuses the sides’ points alone', async () => {
    const { admin, tournament, round, rooms } = await releasedRound(2);
    const judge = await buildUser(t);
    await f.judgeRound(judge, round as TTournamentRound, 'a');
    const [{ pairing, debateId, aff, neg }] = rooms as [(typeof rooms)[number]];
    const url = `/api/tournaments/${tournament.id}/pairings/${pairing.id}/corrections`;
    const four = (a1: number, a2: number, b1: number, b2: number) => [
      { userId: aff.captain.user.id, points: a1 },
      { userId: aff.partner.user.id, points: a2 },
      { userId: neg.captain.user.id, points: b1 },
      { userId: neg.partner.user.id, points: b2 },
    ];
    const stranger = await buildUser(t);
    const refusals: [object, string][] = [
      [
        { speakerPoints: { aff: 27, neg: 29 } },
        'This round seats teams: give every debater of the round speaker points.',
      ],
      [{ debaterPoints: four(27, 27, 29, 29).slice(0, 3) }, 'This round seats teams: give every debater'],
      [
        { debaterPoints: [...four(27, 27, 29, 29).slice(0, 3), { userId: stranger.user.id, points: 28 }] },
        'Speaker points go only to the debaters of this round.',
      ],
      [
        { debaterPoints: four(27, 27, 29, 29), speakerPoints: { aff: 27, neg: 29 } },
        'Give the sides’ speaker points or every debater’s, not both.',
      ],
    ];
    for (const [body, message] of refusals) {
      const refused = await f.call(admin, 'POST', url, { winner: 'neg', reason: 'Wrong side marked.', ...body });
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().error.message).toContain(message);
    }
    // Nothing changed: the ballot's four points as the judge gave them (the fixture's: 28, 27.5 and 27, 26.5).
    expect((await debateOf(admin, debateId)).ballot!.debaterPoints.map((p) => p.points)).toEqual([28, 27.5, 27, 26.5]);

    const corrected = await f.call(admin, 'POST', url, {
      winner: 'neg',
      debaterPoints: four(27, 26.5, 29, 28.7),
      reason: 'The judge marked the wrong side.',
    });
    expect(corrected.statusCode, corrected.body).toBe(201);
    const debate = await debateOf(admin, debateId);
    expect(debate.winnerSide).toBe('b');
    expect(debate.ballot!.debaterPoints.map((p) => [p.userId, p.points])).toEqual([
      [aff.captain.user.id, 27],
      [aff.partner.user.id, 26.5],
      [neg.captain.user.id, 29],
      [neg.partner.user.id, 28.7],
    ]);
    expect(debate.ballot!.speakerPoints).toEqual({ a: 27, b: 29 });
    // The speaker tab reads each partner's corrected points, the team tab their sum.
    const standings = await f.standingsOf(admin, tournament.id);
    const speakers = standings.divisions.flatMap((d) => d.speakers);
    const speakerPoints = (who: TWho) => speakers.find((s) => s.userId === who.user.id)!.speakerPoints;
    expect(speakerPoints(neg.partner)).toBe(28.7);
    expect(speakerPoints(aff.partner)).toBe(26.5);
    const line = (team: TTeam) =>
      standings.divisions.flatMap((d) => d.standings).find((s) => s.entrantId === team.entrant.id)!;
    expect(line(neg)).toMatchObject({ wins: 1, losses: 0, speakerPoints: 57.7 });
    expect(line(aff)).toMatchObject({ wins: 0, losses: 1, speakerPoints: 53.5 });
    // The audit lists every debater's points, before and after.
    const audit = (await f.call(admin, 'GET', `/api/tournaments/${tournament.id}/audit`)).json().audit as {
      before: string;
      after: string;
    }[];
    const name = (who: TWho) => who.user.displayName;
    expect(audit[0]!.after).toBe(
      `${name(neg.captain)} (neg) won (${name(aff.captain)} 27, ${name(aff.partner)} 26.5 – ${name(neg.captain)} 29, ${name(neg.partner)} 28.7)`,
    );
    expect(audit[0]!.before).toContain(`${name(aff.partner)} 27.5`);
  });

  it('gives the host every debater’s seat and points of a team round (the correction form’s start), and nobody else', async () => {
    const { admin, tournament, round, rooms } = await releasedRound(2);
    const judge = await buildUser(t);
    await f.judgeRound(judge, round as TTournamentRound, 'a');
    const [{ pairing, debateId, aff, neg }] = rooms as [(typeof rooms)[number]];
    const debatersOf = async (who: TWho) =>
      (await f.roundsOf(who, tournament.id))[0]!.pairings.find((p) => p.id === pairing.id)!.debaters;
    // Side A's seats first, each side's first speaker first, named, on the pairing's sides, with the judge's points.
    const debate = await debateOf(admin, debateId);
    const affSeats = debate.seats.filter((seat) => seat.side === debate.seats[0]!.side);
    expect(affSeats.map((seat) => seat.userId)).toContain(aff.captain.user.id);
    expect(await debatersOf(admin)).toEqual(
      debate.seats.map((seat) => ({
        userId: seat.userId,
        displayName: seat.displayName,
        side: affSeats.includes(seat) ? 'aff' : 'neg',
        position: seat.position,
        points: debate.ballot!.debaterPoints.find((p) => p.userId === seat.userId)!.points,
      })),
    );
    expect((await debatersOf(admin)).map((d) => d.points)).toEqual([28, 27.5, 27, 26.5]);
    expect((await debatersOf(admin)).every((d) => d.position !== null)).toBe(true);
    // A correction of a partner's points alone (the first seats' stay) shows at once on the host's next read.
    const corrected = await f.call(
      admin,
      'POST',
      `/api/tournaments/${tournament.id}/pairings/${pairing.id}/corrections`,
      {
        winner: 'aff',
        debaterPoints: [
          { userId: aff.captain.user.id, points: 28 },
          { userId: aff.partner.user.id, points: 29.5 },
          { userId: neg.captain.user.id, points: 27 },
          { userId: neg.partner.user.id, points: 26.5 },
        ],
        reason: 'A partner’s points were typed wrong.',
      },
    );
    expect(corrected.statusCode, corrected.body).toBe(201);
    const byUser = new Map((await debatersOf(admin)).map((d) => [d.userId, d.points]));
    expect(byUser.get(aff.partner.user.id)).toBe(29.5);
    expect(byUser.get(aff.captain.user.id)).toBe(28);
    // An entrant of the room reads the pairing, not its debaters' seats and points.
    expect(await debatersOf(aff.captain)).toEqual([]);
    expect(await debatersOf(neg.partner)).toEqual([]);
  });

  it('keeps a team with one member in the room in the round, and forfeits a team none of whose members came', async () => {
    const { tournament, rooms } = await releasedRound(4);
    const [oneCame, bothPartners] = rooms as [(typeof rooms)[number], (typeof rooms)[number]];
    const deps = { database: t.database, events: t.app.context.events };
    // Room 1: only the aff's second speaker came; nobody of the neg. Room 2: each team's second speaker alone.
    await notePresent(deps, oneCame.debateId, oneCame.aff.partner.user.id);
    await notePresent(deps, bothPartners.debateId, bothPartners.aff.partner.user.id);
    await notePresent(deps, bothPartners.debateId, bothPartners.neg.partner.user.id);
    const clock = Date.now() + t.config.tournamentTimings.graceMinutes * MINUTE + 1000;
    await runSequencer(
      f.sequencerAt(() => clock),
      tournament.id,
    );
    const rowOf = (debateId: number) =>
      t.database.db
        .selectFrom('debates')
        .select(['status', 'winnerSide', 'forfeitedBy'])
        .where('id', '=', debateId)
        .executeTakeFirstOrThrow();
    expect(await rowOf(oneCame.debateId)).toMatchObject({
      status: 'forfeited',
      winnerSide: 'a',
      forfeitedBy: oneCame.neg.captain.user.id,
    });
    expect(await rowOf(bothPartners.debateId)).toMatchObject({ status: 'live', winnerSide: null });
    const noShows = await t.database.db
      .selectFrom('tournamentNoShows')
      .select(['entrantId', 'reason'])
      .where('tournamentId', '=', tournament.id)
      .execute();
    expect(noShows).toEqual([{ entrantId: oneCame.neg.entrant.id, reason: 'absent' }]);
    // Each member of the team that never came is struck (not only its first seat); nobody of a team that came is.
    const strikes = await t.database.db.selectFrom('playStrikes').select(['userId', 'debateId']).execute();
    expect(strikes.map((s) => s.userId).sort()).toEqual(
      [oneCame.neg.captain.user.id, oneCame.neg.partner.user.id].sort(),
    );
    expect(strikes.every((s) => s.debateId === oneCame.debateId)).toBe(true);
  });

  it('never seats as standby a judge whom a partner (not the captain) blocked', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const start = Date.now() + 10 * MINUTE;
    const tournament = await f.create(admin, {
      ...TEAMS,
      scheduleMode: 'fixed',
      roundStartsAt: [new Date(start).toISOString()],
    });
    const [aff, neg] = await teamsOf(tournament.id, 2);
    const judges = [await buildUser(t), await buildUser(t), await buildUser(t)];
    for (const judge of judges) {
      const added = await f.call(admin, 'POST', `/api/tournaments/${tournament.id}/judges`, { userId: judge.user.id });
      expect(added.statusCode, added.body).toBe(201);
    }
    for (const who of [aff!.captain, aff!.partner, neg!.captain, neg!.partner, ...judges]) {
      const checked = await f.call(who, 'POST', `/api/tournaments/${tournament.id}/check-in`);
      expect(checked.statusCode, checked.body).toBe(200);
    }
    let clock = start + 1000;
    const seq = f.sequencerAt(() => clock);
    await runSequencer(seq, tournament.id);
    const [round] = await f.roundsOf(admin, tournament.id);
    const pairing = round!.pairings.find((p) => p.debateId !== null)!;
    // Both judges left to stand by are blocked by a partner of each team; the seated judge never comes.
    const others = judges.filter((j) => j.user.id !== pairing.judge!.userId);
    expect(others).toHaveLength(2);
    expect((await f.call(aff!.partner, 'PUT', `/api/blocks/${others[0]!.user.id}`)).statusCode).toBe(200);
    expect((await f.call(neg!.partner, 'PUT', `/api/blocks/${others[1]!.user.id}`)).statusCode).toBe(200);
    const deps = { database: t.database, events: t.app.context.events };
    for (const who of [aff!.captain, aff!.partner, neg!.captain, neg!.partner]) {
      await notePresent(deps, pairing.debateId!, who.user.id);
    }
    clock = Date.parse(round!.releasedAt!) + t.config.tournamentTimings.graceMinutes * MINUTE + 1000;
    await runSequencer(seq, tournament.id);
    const after = (await f.roundsOf(admin, tournament.id))[0]!.pairings.find((p) => p.id === pairing.id)!;
    expect(after.judge).toBeNull();
  });

  it('counts a team with a minor partner as under 18 when an adult team of strangers enters the same division', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    // Entered by code: one division of every age, where the rule of who meets whom is read at each entry.
    const tournament = await f.create(admin, { ...TEAMS, entryMode: 'code' });
    const enter = (who: TWho, body: object) =>
      f.call(who, 'POST', `/api/tournaments/join/${tournament.joinCode}`, body);
    const coach = await buildUser(t);
    const adult = await buildUser(t);
    const minor = await buildUser(t, { birthMonth: `${new Date().getUTCFullYear() - 16}-01` });
    const team = (await f.call(coach, 'POST', '/api/teams', { name: 'Hawks', school: 'Hawks High' })).json().team as {
      id: number;
      joinCode: string;
    };
    for (const who of [adult, minor]) {
      const joined = await f.call(who, 'POST', `/api/teams/join/${team.joinCode}`);
      expect(joined.statusCode, joined.body).toBeLessThan(300);
      if (joined.json().isPending) {
        const approved = await f.call(coach, 'POST', `/api/teams/${team.id}/members/${who.user.id}/approve`);
        expect(approved.statusCode, approved.body).toBe(200);
      }
    }
    // The adult captains a team whose partner is a minor of their own coach's team: the teammates exception.
    const first = await enter(adult, { partnerIds: [minor.user.id], teamId: team.id });
    expect(first.statusCode, first.body).toBe(201);
    // Two adult strangers of no team: the division would hold a minor of another team, whom they may not meet.
    const [b1, b2] = [await buildUser(t), await buildUser(t)];
    const second = await enter(b1, { partnerIds: [b2.user.id] });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().error.message).toContain('This division has under-18 entrants from other teams');
  });

  it('names a team by its members’ list, so a member called "Tom & Jerry Lee" stays one person to an outsider', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await f.create(admin, { ...TEAMS, prelimRounds: 2 });
    const teen = `${new Date().getUTCFullYear() - 16}-01`;
    const named = ['Tom & Jerry Lee', 'Kit Ode', 'Una Vale', 'Wes Yard'];
    const people: TWho[] = [];
    for (const displayName of named) people.push(await buildUser(t, { displayName, birthMonth: teen }));
    for (const [captain, partner] of [
      [people[0]!, people[1]!],
      [people[2]!, people[3]!],
    ] as const) {
      const entered = await f.call(captain, 'POST', `/api/tournaments/${tournament.id}/entrants`, {
        partnerIds: [partner.user.id],
      });
      expect(entered.statusCode, entered.body).toBe(201);
      const entrantId = (entered.json().entrant as TTournamentEntrant).id;
      const confirmed = await f.call(
        partner,
        'POST',
        `/api/tournaments/${tournament.id}/entrants/${entrantId}/confirm`,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(204);
    }
    await f.release(admin, tournament.id, 1);
    expect((await f.call(admin, 'POST', `/api/tournaments/${tournament.id}/publish`)).statusCode).toBe(200);
    const tomsTeam = (who: TWho) =>
      f
        .call(who, 'GET', `/api/tournaments/${tournament.id}/rounds`)
        .then((r) => (r.json().rounds as TTournamentRound[])[0]!.pairings.flatMap((p) => [p.aff!, p.neg!]))
        .then((refs) => refs.find((ref) => ref.memberNames.length === 2 && ref.memberNames[1]!.startsWith('Kit'))!);
    // The host reads the members as they are; the joined name is for showing.
    expect(await tomsTeam(admin)).toMatchObject({
      displayName: 'Tom & Jerry Lee & Kit Ode',
      memberNames: ['Tom & Jerry Lee', 'Kit Ode'],
    });
    // An outsider reads each minor shortened as one person: nobody called "Tom" and another called "Jerry L.".
    const stranger = await buildUser(t);
    expect(await tomsTeam(stranger)).toMatchObject({
      userId: null,
      displayName: 'Tom &. J. L. & Kit O.',
      memberNames: ['Tom &. J. L.', 'Kit O.'],
    });
    const standings = await f.call(stranger, 'GET', `/api/tournaments/${tournament.id}/standings`);
    const tab = standings.json().standings as TTournamentStandings;
    expect(tab.divisions.flatMap((d) => d.privateEntrants.map((e) => e.displayName)).sort()).toEqual([
      'Tom &. J. L. & Kit O.',
      'Una V. & Wes Y.',
    ]);
    expect(standings.body).not.toContain('Jerry');
  });

  it('lets any member of the team that won the coin flip choose, then any member of the other team', async () => {
    const { rooms } = await releasedRound(2);
    const [{ pairing, debateId, aff, neg }] = rooms as [(typeof rooms)[number]];
    const winnerId = pairing.coinFlipWinner!.userId;
    const winners = aff.captain.user.id === winnerId ? aff : neg;
    const losers = winners === aff ? neg : aff;
    expect(winners.captain.user.id).toBe(winnerId);
    const choose = (who: TWho, choice: string) => f.call(who, 'POST', `/api/debates/${debateId}/coin-flip`, { choice });
    // The other team's members wait for the winners' choice.
    const early = await choose(losers.partner, 'first');
    expect(early.statusCode).toBe(403);
    expect(early.json().error.reason).toBe('coin_flip_turn');
    // The winners' second speaker chooses for the team.
    const first = await choose(winners.partner, 'first');
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json().debate as TDebate).coinFlip).toMatchObject({ winnerChoice: 'first', loserChoice: null });
    // The winning team has chosen: neither of its members chooses again; the other team's second speaker does.
    expect((await choose(winners.captain, 'aff')).json().error.reason).toBe('coin_flip_turn');
    const second = await choose(losers.partner, 'neg');
    expect(second.statusCode, second.body).toBe(200);
    const debate = second.json().debate as TDebate;
    expect(debate.coinFlip).toMatchObject({ winnerChoice: 'first', loserChoice: 'neg' });
    // The losers chose Con: they sit on side b with both members, the winners speak first.
    expect(debate.seats.filter((s) => s.side === 'b').map((s) => s.userId)).toEqual([
      losers.captain.user.id,
      losers.partner.user.id,
    ]);
    expect(debate.clock.firstSide).toBe('a');
    // Someone outside the round never chooses.
    expect((await choose(await buildUser(t), 'aff')).json().error.reason).toBe('coin_flip_turn');
  });
});
