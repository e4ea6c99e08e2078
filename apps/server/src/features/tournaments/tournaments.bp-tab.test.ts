/**
 * A British Parliamentary tournament's team tab with teams level on team points and speaker points, through the real
 * HTTP server on both engines: they share the rank shown (1, 1, 1, 4 …), on the tab and in its CSV export, as on the
 * two-sided tab, while the break still takes the tab's seeded order (even where a shared rank straddles the cut).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BP_SIDES, type TTournamentBpRoom } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { tournamentFixture } from '../../test/tournament-fixture';
import { bpTournamentFixture, type TBpRanks } from '../../test/bp-tournament-fixture';

const BP = { formatId: 'bp', teamSize: 2 } as const;
/** Every room ranked the same way by position: each place's points alike, so the rooms' teams tie place by place. */
const SAME: TBpRanks = { og: 1, oo: 2, cg: 3, co: 4 };

describe.each(TEST_ENGINES)('a British Parliamentary team tab with ties on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());
  const f = tournamentFixture(() => t);
  const bp = bpTournamentFixture(() => t, f);

  it('shares a rank between teams level on both, in the tab and its CSV, and breaks in the seeded order', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const tournament = await f.create(admin, { ...BP, prelimRounds: 1, breakSize: 4 });
    await bp.enterTeams(tournament.id, 12);
    const judges = await bp.addJudges(admin, tournament.id, 3);
    const round = await f.release(admin, tournament.id, 1);
    expect(round.bpRooms).toHaveLength(3);
    for (const room of round.bpRooms) await bp.judgeRoom(judges, room, SAME);

    const tab = (await f.standingsOf(admin, tournament.id)).divisions.find((d) => d.standings.length > 0)!;
    // Three rooms' firsts (3 team points, 159), seconds, thirds, fourths: four groups of three level teams.
    expect(tab.standings.map((row) => [row.bp!.teamPoints, row.speakerPoints])).toEqual([
      ...Array(3).fill([3, 159]),
      ...Array(3).fill([2, 153]),
      ...Array(3).fill([1, 147]),
      ...Array(3).fill([0, 141]),
    ]);
    expect(tab.standings.map((row) => row.rank)).toEqual([1, 1, 1, 4, 4, 4, 7, 7, 7, 10, 10, 10]);

    // The CSV export carries the rank shown, row for row.
    const csv = await f.call(admin, 'GET', `/api/tournaments/${tournament.id}/export/standings.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...lines] = csv.body.trim().split(/\r?\n/);
    expect(header!.split(',').slice(0, 3)).toEqual(['Division', 'Rank', 'Entrant ID']);
    expect(lines.map((line) => [Number(line.split(',')[1]), Number(line.split(',')[2])])).toEqual(
      tab.standings.map((row) => [row.rank, row.entrantId]),
    );

    // The break of four: the tab's first four as listed, the fourth one of three teams sharing 4th (the seeded draw).
    const final = await f.release(admin, tournament.id, 2);
    expect(final.bpRooms).toHaveLength(1);
    const seated = (room: TTournamentBpRoom) => BP_SIDES.map((side) => room.teams[side]!.entrantId);
    expect(seated(final.bpRooms[0]!).sort((a, b) => a - b)).toEqual(
      tab.standings
        .slice(0, 4)
        .map((row) => row.entrantId)
        .sort((a, b) => a - b),
    );
    expect(tab.standings[3]!.rank).toBe(tab.standings[4]!.rank);
  });
});
