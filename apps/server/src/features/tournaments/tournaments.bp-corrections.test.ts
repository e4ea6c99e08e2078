/**
 * A host's correction of a judged British Parliamentary room through the real HTTP server on both engines: the four
 * teams ranked again and the eight speakers' points with a reason, on the chair's ballot's terms (a tie, a team
 * missing, points off the scale, no reason: 400, nothing changed); the room, the tab, the speaker tab and the room's
 * own page follow, ratings stay, the audit keeps it; the round drawn from the result is drawn again until it starts,
 * then the correction is refused (409) as a two-sided one is; a team that forfeited keeps its place.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BP_SIDES,
  type TDebate,
  type TTournamentAuditEntry,
  type TTournamentBpRoom,
  type TTournamentRound,
} from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { tournamentFixture, type TWho } from '../../test/tournament-fixture';
import {
  bpBallotOf,
  bpTournamentFixture,
  POINTS_BY_RANK,
  type TBpRanks,
  type TBpTeam,
} from '../../test/bp-tournament-fixture';

const BP = { formatId: 'bp', teamSize: 2 } as const;
const REASON = 'The chair swapped two teams on the ballot.';

describe.each(TEST_ENGINES)('a host’s correction of a BP room on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());
  const f = tournamentFixture(() => t);
  const bp = bpTournamentFixture(() => t, f);

  const urlOf = (id: number, room: TTournamentBpRoom) => `/api/tournaments/${id}/bp-rooms/${room.id}/corrections`;
  const correct = (who: TWho, id: number, room: TTournamentBpRoom, ranks: TBpRanks, extra: object = {}) =>
    f.call(who, 'POST', urlOf(id, room), { ...bpBallotOf(ranks), reason: REASON, ...extra });
  const roomNow = async (who: TWho, id: number, roomId: number) =>
    (await f.roundsOf(who, id)).flatMap((r) => r.bpRooms).find((room) => room.id === roomId)!;
  const ranksOf = (room: TTournamentBpRoom) =>
    Object.fromEntries(BP_SIDES.map((side) => [side, room.results![side].rank])) as TBpRanks;
  const auditOf = async (who: TWho, id: number) =>
    (await f.call(who, 'GET', `/api/tournaments/${id}/audit`)).json().audit as TTournamentAuditEntry[];
  const seated = (room: TTournamentBpRoom) => BP_SIDES.map((side) => room.teams[side]!.entrantId).sort((a, b) => a - b);
  const startClock = (debateId: number) =>
    t.database.db.updateTable('debates').set({ clockVersion: 1 }).where('id', '=', debateId).execute();
  /** The places as the teams' entry order has them: the first entered ranks first in every room. */
  const byStrength = (teams: readonly TBpTeam[]) => (entrantId: number) =>
    teams.findIndex((team) => team.entrant.id === entrantId);

  /** A tournament of `teams` teams, its first round released and (`isJudged`) every room judged by strength. */
  async function started(count: number, body: object, isJudged = true) {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await f.create(admin, { ...BP, ...body });
    const teams = await bp.enterTeams(tournament.id, count);
    const judges = await bp.addJudges(admin, tournament.id, count / 4);
    const round = await f.release(admin, tournament.id, 1);
    if (isJudged) {
      for (const room of round.bpRooms) await bp.judgeRoom(judges, room, bp.ranksBy(room, byStrength(teams)));
    }
    return { admin, id: tournament.id, teams, judges, round };
  }

  it('corrects a judged room: the tab, the break and the audit follow; bad input changes nothing', async () => {
    const { admin, id, teams, judges, round } = await started(8, { prelimRounds: 1, breakSize: 4 }, false);
    const [room1, room2] = round.bpRooms as [TTournamentBpRoom, TTournamentBpRoom];
    const live = await correct(admin, id, room1, { og: 1, oo: 2, cg: 3, co: 4 });
    expect(live.statusCode).toBe(409);
    expect(live.json().error.message).toBe('Only a judged room (its ranked ballot in) can be corrected.');
    // Every speech ran its full time (time-shifted), so the ballots are rated like any judged room.
    await t.database.db
      .updateTable('debates')
      .set({ spokenMs: 60 * 60_000 })
      .where(
        'id',
        'in',
        round.bpRooms.map((room) => room.debateId!),
      )
      .execute();
    for (const room of round.bpRooms) await bp.judgeRoom(judges, room, bp.ranksBy(room, byStrength(teams)));
    const before = await roomNow(admin, id, room1.id);
    const ratingsBefore = await t.database.db.selectFrom('debateRatings').selectAll().orderBy('userId').execute();
    expect(ratingsBefore).toHaveLength(16);

    // Refused, each with its words, and nothing written.
    const ranks = ranksOf(before);
    const flipped: TBpRanks = { og: ranks.co, oo: ranks.cg, cg: ranks.oo, co: ranks.og };
    const captain = teams.find((team) => team.entrant.id === room1.teams.og!.entrantId)!.captain;
    expect((await correct(captain, id, room1, flipped)).statusCode).toBe(403);
    const refusals: [object, number, string][] = [
      [{ ...bpBallotOf(flipped) }, 400, 'Say why the result is corrected.'],
      [
        { ...bpBallotOf(flipped), ranks: { og: 1, oo: 1, cg: 3, co: 4 }, reason: REASON },
        400,
        'Opening Government and Opening Opposition are both ranked first: each team takes its own place, first to fourth, with no ties.',
      ],
      [
        { ...bpBallotOf(flipped), ranks: { og: 1, oo: 2, cg: 3 }, reason: REASON },
        400,
        'Rank every team: Closing Opposition has no place.',
      ],
      [
        { ...bpBallotOf(flipped), speakerPoints: { ...bpBallotOf(flipped).speakerPoints, pm: 101 }, reason: REASON },
        400,
        'Speaker points go from 50 to 100 in whole points: the Prime Minister’s 101 is not on the scale.',
      ],
      [
        { ranks: flipped, speakerPoints: bpBallotOf(ranks).speakerPoints, reason: REASON },
        400,
        'confirm it as a low-point win',
      ],
      [{ ...bpBallotOf(ranks), reason: REASON }, 409, 'That is the result already: nothing to correct.'],
    ];
    for (const [body, status, words] of refusals) {
      const refused = await f.call(admin, 'POST', urlOf(id, room1), body);
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json().error.message).toContain(words);
    }
    const unknown = await f.call(admin, 'POST', `/api/tournaments/${id}/bp-rooms/99999/corrections`, {
      ...bpBallotOf(flipped),
      reason: REASON,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await roomNow(admin, id, room1.id)).toEqual(before);
    expect(await auditOf(admin, id)).toEqual([]);

    // The room's first is now its fourth and the other way round (the middle two too).
    const corrected = await correct(admin, id, room1, flipped);
    expect(corrected.statusCode, corrected.body).toBe(201);
    const shown = (corrected.json().round as TTournamentRound).bpRooms.find((room) => room.id === room1.id)!;
    expect(ranksOf(shown)).toEqual(flipped);
    for (const side of BP_SIDES) {
      const base = POINTS_BY_RANK[flipped[side]];
      expect(shown.results![side]).toEqual({
        rank: flipped[side],
        teamPoints: 4 - flipped[side],
        speakerPoints: 2 * base - 1,
      });
    }
    // The host reads each speaker's corrected points (a correction starts there); an entrant reads none.
    expect(shown.speakers.find((s) => s.position === 'pm')!.points).toBe(POINTS_BY_RANK[flipped.og]);
    expect((await roomNow(captain, id, room1.id)).speakers).toEqual([]);
    const first = BP_SIDES.find((side) => flipped[side] === 1)!;
    const firstTeam = shown.teams[first]!.entrantId;
    const tab = (await f.standingsOf(admin, id)).divisions.find((d) => d.standings.length > 0)!;
    expect(tab.standings.find((row) => row.entrantId === firstTeam)).toMatchObject({ rank: 1, speakerPoints: 159 });
    const lastTeam = shown.teams[BP_SIDES.find((side) => flipped[side] === 4)!]!.entrantId;
    expect(tab.standings.find((row) => row.entrantId === lastTeam)!.bp!.teamPoints).toBe(0);
    const firstCaptain = teams.find((team) => team.entrant.id === firstTeam)!.captain.user.id;
    expect(tab.speakers.find((s) => s.userId === firstCaptain)!.speakerPoints).toBe(80);
    // The room's own page shows the corrected places; the ballot's ratings are not given again.
    const debate = (await f.call(admin, 'GET', `/api/debates/${room1.debateId}`)).json().debate as TDebate;
    expect(debate.bpResult!.teams[0]!.team).toBe(first);
    expect(await t.database.db.selectFrom('debateRatings').selectAll().orderBy('userId').execute()).toEqual(
      ratingsBefore,
    );
    const [entry] = await auditOf(admin, id);
    expect(entry).toMatchObject({ action: 'result_corrected', reason: REASON, roundNumber: 1 });
    const order = (r: TBpRanks) => [...BP_SIDES].sort((a, b) => r[a] - r[b]);
    expect(entry!.before).toMatch(new RegExp(`^1st ${order(ranks)[0]!.toUpperCase()} \\(.+ 80, .+ 79\\) · 2nd `));
    expect(entry!.after).toMatch(new RegExp(`^1st ${first.toUpperCase()} \\(.+ 80, .+ 79\\) · 2nd `));

    // The break follows the corrected tab; a correction while the final waits draws it again.
    const final = await f.release(admin, id, 2);
    const topFour = async () =>
      (await f.standingsOf(admin, id)).divisions
        .find((d) => d.standings.length > 0)!
        .standings.slice(0, 4)
        .map((row) => row.entrantId)
        .sort((a, b) => a - b);
    expect(seated(final.bpRooms[0]!)).toEqual(await topFour());
    expect(seated(final.bpRooms[0]!)).toContain(firstTeam);
    const room2Ranks = ranksOf(await roomNow(admin, id, room2.id));
    const third = BP_SIDES.find((side) => room2Ranks[side] === 3)!;
    const room2First = BP_SIDES.find((side) => room2Ranks[side] === 1)!;
    const swapped = { ...room2Ranks, [third]: 1, [room2First]: 3 } as TBpRanks;
    expect((await correct(admin, id, room2, swapped)).statusCode).toBe(201);
    const redrawn = (await f.roundsOf(admin, id)).find((r) => r.number === 2)!;
    expect(redrawn.releasedAt).not.toBe(final.releasedAt);
    expect(seated(redrawn.bpRooms[0]!)).toEqual(await topFour());
    expect(seated(redrawn.bpRooms[0]!)).toContain(room2.teams[third]!.entrantId);
    const old = await t.database.db
      .selectFrom('debates')
      .select('status')
      .where('id', '=', final.bpRooms[0]!.debateId!)
      .executeTakeFirstOrThrow();
    expect(old.status).toBe('abandoned');

    // The final has started: the preliminaries' results can no longer change.
    await startClock(redrawn.bpRooms[0]!.debateId!);
    const beforeLate = await roomNow(admin, id, room1.id);
    const late = await correct(admin, id, room1, ranks);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'Final has started from the tab of the preliminaries: their results can no longer be corrected.',
    );
    expect(await roomNow(admin, id, room1.id)).toEqual(beforeLate);
    expect(await auditOf(admin, id)).toHaveLength(3);
  });

  it('draws the next elimination room again, refuses once it started, and corrects the final after the end', async () => {
    const { admin, id, teams, judges } = await started(8, { prelimRounds: 1, breakSize: 8 });
    const semis = await f.release(admin, id, 2);
    expect(semis.bpRooms).toHaveLength(2);
    for (const room of semis.bpRooms) await bp.judgeRoom(judges, room, bp.ranksBy(room, byStrength(teams)));
    const final = await f.release(admin, id, 3);
    const [semi1, semi2] = semis.bpRooms as [TTournamentBpRoom, TTournamentBpRoom];
    // Semifinal 1's third goes through instead of its second: the final (not started) is drawn again with it.
    const semiRanks = ranksOf(await roomNow(admin, id, semi1.id));
    const sideAt = (r: TBpRanks, place: number) => BP_SIDES.find((side) => r[side] === place)!;
    const lifted = { ...semiRanks, [sideAt(semiRanks, 3)]: 2, [sideAt(semiRanks, 2)]: 3 } as TBpRanks;
    expect((await correct(admin, id, semi1, lifted)).statusCode).toBe(201);
    const redrawn = (await f.roundsOf(admin, id)).find((r) => r.number === 3)!;
    expect(redrawn.releasedAt).not.toBe(final.releasedAt);
    const wentOn = (room: TTournamentBpRoom, r: TBpRanks) => [1, 2].map((p) => room.teams[sideAt(r, p)]!.entrantId);
    const semi2Ranks = ranksOf(await roomNow(admin, id, semi2.id));
    expect(seated(redrawn.bpRooms[0]!)).toEqual(
      [...wentOn(semi1, lifted), ...wentOn(semi2, semi2Ranks)].sort((a, b) => a - b),
    );
    // The final has started: a semifinal can no longer change.
    await startClock(redrawn.bpRooms[0]!.debateId!);
    const late = await correct(admin, id, semi2, {
      ...semi2Ranks,
      [sideAt(semi2Ranks, 1)]: 2,
      [sideAt(semi2Ranks, 2)]: 1,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'Final has started with the teams that went through from this room: its result can no longer be corrected.',
    );
    // The final judged: the tournament is over, and its hosts may still correct it (a low-point win, confirmed).
    await bp.judgeRoom(judges, redrawn.bpRooms[0]!, bp.ranksBy(redrawn.bpRooms[0]!, byStrength(teams)));
    await f.until(async () => (await f.tournamentNow(admin, id)).status === 'finished');
    const finalRoom = await roomNow(admin, id, redrawn.bpRooms[0]!.id);
    const finalRanks = ranksOf(finalRoom);
    const upset = { ...finalRanks, [sideAt(finalRanks, 4)]: 1, [sideAt(finalRanks, 1)]: 4 } as TBpRanks;
    const unconfirmed = await f.call(admin, 'POST', urlOf(id, finalRoom), {
      ranks: upset,
      speakerPoints: bpBallotOf(finalRanks).speakerPoints,
      reason: REASON,
    });
    expect(unconfirmed.statusCode).toBe(400);
    const confirmed = await f.call(admin, 'POST', urlOf(id, finalRoom), {
      ranks: upset,
      speakerPoints: bpBallotOf(finalRanks).speakerPoints,
      isLowPointWinConfirmed: true,
      reason: REASON,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(ranksOf(await roomNow(admin, id, finalRoom.id))).toEqual(upset);
    expect((await f.tournamentNow(admin, id)).status).toBe('finished');
    expect((await auditOf(admin, id))[0]!.after).toMatch(/\(a low-point win\)$/);
  });

  it('keeps a team that forfeited in its place, with no points', async () => {
    const { admin, id, teams, judges, round } = await started(4, { prelimRounds: 1, breakSize: 0 }, false);
    const room = round.bpRooms[0]!;
    const og = teams.find((team) => team.entrant.id === room.teams.og!.entrantId)!;
    const forfeited = await f.call(og.captain, 'POST', `/api/debates/${room.debateId}/forfeit`);
    expect(forfeited.statusCode, forfeited.body).toBe(200);
    const { db } = t.database;
    await db.updateTable('debates').set({ status: 'awaiting_ballot' }).where('id', '=', room.debateId!).execute();
    await db.deleteFrom('activeDebaters').where('debateId', '=', room.debateId!).execute();
    const chair = judges.find((j) => j.user.id === room.panel[0]!.userId)!;
    const stayed = {
      ranks: { oo: 1, cg: 2, co: 3 },
      speakerPoints: { lo: 80, dlo: 79, mg: 77, gw: 76, mo: 74, ow: 73 },
    };
    const ballot = await f.call(chair, 'POST', `/api/debates/${room.debateId}/ballots`, { ...stayed, reason: 'OO.' });
    expect(ballot.statusCode, ballot.body).toBe(201);
    const url = urlOf(id, room);
    const placed = await f.call(admin, 'POST', url, { ...stayed, ranks: { ...stayed.ranks, og: 1 }, reason: REASON });
    expect(placed.statusCode).toBe(400);
    expect(placed.json().error.message).toBe(
      'Opening Government forfeited: it takes fourth place, below the teams that stayed.',
    );
    const reordered = { ranks: { oo: 2, cg: 1, co: 3 }, speakerPoints: { ...stayed.speakerPoints, mg: 82, gw: 81 } };
    const corrected = await f.call(admin, 'POST', url, { ...reordered, reason: REASON });
    expect(corrected.statusCode, corrected.body).toBe(201);
    const now = await roomNow(admin, id, room.id);
    expect(now.forfeits).toEqual({ og: 4 });
    expect(now.results!.og).toEqual({ rank: 4, teamPoints: 0, speakerPoints: 0 });
    expect(ranksOf(now)).toEqual({ og: 4, oo: 2, cg: 1, co: 3 });
    const og2 = now.speakers.filter((s) => s.position === 'pm' || s.position === 'dpm');
    expect(og2.map((s) => s.points)).toEqual([null, null]);
    expect((await auditOf(admin, id))[0]!.after).toMatch(
      /^1st CG \(.+ 82, .+ 81\) · 2nd OO \(.+ 80, .+ 79\) · 3rd CO \(.+ 74, .+ 73\) · 4th OG \(forfeited\)$/,
    );
  });
});
