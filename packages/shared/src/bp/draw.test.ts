import { describe, expect, it } from 'vitest';
import { BP_SIDES } from '../formats/british-parliamentary.js';
import { seededRandom } from '../tournaments/random.js';
import { bpFieldRefusal, bpPositionCost, drawBpRound } from './draw.js';
import { bpPositionCounts, computeBpStandings } from './standings.js';
import { buildBpField, playBpDraw } from './test-fixtures.js';
import type { TBpRank, TBpRoomResult, TBpRoundRecord, TBpSide } from './types.js';

const seated = (rooms: readonly { teams: Record<TBpSide, string> }[]) =>
  rooms.flatMap((room) => BP_SIDES.map((side) => room.teams[side]));

/** A room with `teams` in position order, ranked in that order, 160, 155, 150, 145 points. */
function room(teams: [string, string, string, string], ranks: TBpRank[] = [1, 2, 3, 4]): TBpRoomResult {
  const [og, oo, cg, co] = teams;
  const points = (rank: TBpRank) => 165 - 5 * rank;
  return {
    teams: { og, oo, cg, co },
    ranks: { og: ranks[0]!, oo: ranks[1]!, cg: ranks[2]!, co: ranks[3]! },
    speakerPoints: { og: points(ranks[0]!), oo: points(ranks[1]!), cg: points(ranks[2]!), co: points(ranks[3]!) },
  };
}

describe('drawBpRound', () => {
  it('deals round 1 at random, four teams a room, each team once, the same from the same seed', () => {
    const field = buildBpField(16);
    const draw = drawBpRound({ teamIds: field, rounds: [], seed: 'open' });
    expect(draw.roundNumber).toBe(1);
    expect(draw.rooms).toHaveLength(4);
    expect(seated(draw.rooms).sort()).toEqual(field);
    expect(seated(draw.rooms)).not.toEqual(field);
    expect(drawBpRound({ teamIds: [...field].reverse(), rounds: [], seed: 'open' })).toEqual(draw);
    expect(drawBpRound({ teamIds: field, rounds: [], seed: 'other' })).not.toEqual(draw);
  });

  it('refuses a field that is not a multiple of four, naming the swing teams it needs', () => {
    expect(bpFieldRefusal(buildBpField(14))).toBe(
      'A British Parliamentary room seats four teams: 14 teams leave 2 over. Add 2 swing teams to draw the round.',
    );
    expect(bpFieldRefusal(buildBpField(15))).toBe(
      'A British Parliamentary room seats four teams: 15 teams leave 3 over. Add 1 swing team to draw the round.',
    );
    expect(bpFieldRefusal(['t1', 't2', 't3'])).toBe('A British Parliamentary round needs at least four teams.');
    expect(bpFieldRefusal(['t1', 't2', 't3', 't1'])).toBe('A team is listed twice in the field.');
    expect(() => drawBpRound({ teamIds: buildBpField(6), rounds: [], seed: 's' })).toThrow(RangeError);
  });

  it('draws rooms by team points, pulling up from the top of the bracket below', () => {
    const field = buildBpField(12);
    // t001 and t005 won (3), t002 and t006 second (2), and so on; t009–t012 ranked in that order too.
    const round1: TBpRoundRecord = {
      rooms: [
        room(['t001', 't002', 't003', 't004']),
        room(['t005', 't006', 't007', 't008']),
        room(['t009', 't010', 't011', 't012']),
      ],
    };
    const draw = drawBpRound({ teamIds: field, rounds: [round1], seed: 'r2' });
    // Brackets of three at 3, 2, 1 and 0 points: the top takes the best second (160 points like the other two:
    // the seeded tie-break picks among t002, t006 and t010).
    const standings = computeBpStandings(field, [round1], 'r2');
    const order = standings.map((s) => s.teamId);
    const top = new Set(seated([draw.rooms[0]!]));
    expect(top).toEqual(new Set(order.slice(0, 4)));
    expect(['t001', 't005', 't009'].every((id) => top.has(id))).toBe(true);
    expect(draw.rooms.map((r) => r.bracket)).toEqual([3, 2, 1]);
    // 3 points: three teams and one pulled up; 2 points: the two left and two of the 1s; 1 point: the last one and
    // three teams with none.
    expect(draw.pullUps).toEqual([order[3], order[6], order[7], order[9], order[10], order[11]]);
    expect(new Set(seated([draw.rooms[1]!]))).toEqual(new Set(order.slice(4, 8)));
    expect(seated(draw.rooms).sort()).toEqual(field);
  });

  it('pulls up the team of the bracket below whose positions fit, over a higher-ranked one that would repeat', () => {
    const f = (n: number) => `f${String(n).padStart(2, '0')}`;
    const withPoints = (result: TBpRoomResult, side: TBpSide, points: number): TBpRoomResult => ({
      ...result,
      speakerPoints: { ...result.speakerPoints, [side]: points },
    });
    const rounds: TBpRoundRecord[] = [
      {
        rooms: [
          room(['a', 'y', f(1), f(2)]),
          room(['b', f(3), f(4), f(5)]),
          room(['c', f(6), f(7), f(8)]),
          withPoints(room(['x', f(9), f(10), f(11)], [2, 1, 3, 4]), 'og', 158),
        ],
      },
      {
        rooms: [
          room(['a', 'x', f(3), f(6)]),
          room(['b', 'y', f(10), f(11)]),
          room(['c', f(9), f(7), f(8)], [1, 4, 2, 3]),
          room([f(1), f(2), f(4), f(5)], [4, 3, 2, 1]),
        ],
      },
    ];
    const field = ['a', 'b', 'c', 'x', 'y', ...Array.from({ length: 11 }, (_, i) => f(i + 1))];
    const standings = computeBpStandings(field, rounds, 'pull');
    // a, b and c on 6 points, each twice Opening Government; x and y on 4, x ahead on speaker points (x once OG).
    expect(new Set(standings.slice(0, 3).map((s) => s.teamId))).toEqual(new Set(['a', 'b', 'c']));
    expect(standings.slice(0, 5).map((s) => s.teamPoints)).toEqual([6, 6, 6, 4, 4]);
    expect(standings.slice(3, 5).map((s) => s.teamId)).toEqual(['x', 'y']);
    const draw = drawBpRound({ teamIds: field, rounds, seed: 'pull' });
    const top = draw.rooms[0]!;
    expect(top.teams.og).toBe('y');
    expect(new Set(seated([top]))).toEqual(new Set(['a', 'b', 'c', 'y']));
    expect(top.positionCost).toBe(0);
    expect(draw.pullUps[0]).toBe('y');
    expect(draw.pullUps).not.toContain('x');
  });

  it('moves every team off the position it held, when the bracket allows it', () => {
    const field = buildBpField(8);
    const round1: TBpRoundRecord = {
      rooms: [room(['t001', 't002', 't003', 't004']), room(['t005', 't006', 't007', 't008'])],
    };
    const draw = drawBpRound({ teamIds: field, rounds: [round1], seed: 'r2' });
    const before = bpPositionCounts([round1]);
    for (const drawn of draw.rooms) {
      expect(drawn.positionCost).toBe(0);
      for (const side of BP_SIDES) expect(before.get(drawn.teams[side])![side]).toBe(0);
    }
  });

  it('costs a position by the times already held, to the fourth power', () => {
    expect(bpPositionCost(undefined, 'og')).toBe(0);
    expect(bpPositionCost({ og: 1, oo: 0, cg: 2, co: 3 }, 'og')).toBe(1);
    expect(bpPositionCost({ og: 1, oo: 0, cg: 2, co: 3 }, 'cg')).toBe(16);
    expect(bpPositionCost({ og: 1, oo: 0, cg: 2, co: 3 }, 'co')).toBe(81);
  });

  it('seats teams the standings have never seen (a late entry) at the bottom with no points', () => {
    const rounds: TBpRoundRecord[] = [];
    const random = seededRandom('late');
    const field = buildBpField(8);
    rounds.push(playBpDraw(drawBpRound({ teamIds: field, rounds, seed: 'a' }), random));
    const grown = [...field, 't101', 't102', 't103', 't104'];
    const draw = drawBpRound({ teamIds: grown, rounds, seed: 'b' });
    expect(seated(draw.rooms).sort()).toEqual(grown.sort());
    expect(draw.rooms.at(-1)!.bracket).toBe(0);
  });
});

describe('computeBpStandings', () => {
  it('orders by team points, then speaker points, then a seeded draw, and counts positions and wins', () => {
    const field = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const rounds: TBpRoundRecord[] = [
      { rooms: [room(['a', 'b', 'c', 'd']), room(['e', 'f', 'g', 'h'], [4, 3, 2, 1])] },
    ];
    const standings = computeBpStandings(field, rounds, 'tab');
    expect(standings.map((s) => s.teamPoints)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
    // Each pair level on team points and speaker points shares its rank; the list still orders them.
    expect(standings.map((s) => s.rank)).toEqual([1, 1, 3, 3, 5, 5, 7, 7]);
    const a = standings.find((s) => s.teamId === 'a')!;
    expect(a).toMatchObject({ teamPoints: 3, speakerPoints: 160, rooms: 1, firsts: 1 });
    expect(a.positions).toEqual({ og: 1, oo: 0, cg: 0, co: 0 });
    // a and h are level on 3 points and 160: the seed decides, the same for any order of the field.
    const again = computeBpStandings([...field].reverse(), rounds, 'tab');
    expect(again.map((s) => s.teamId)).toEqual(standings.map((s) => s.teamId));
    const seeds = new Set(
      ['1', '2', '3', '4', '5', '6', '7', '8'].map((seed) => computeBpStandings(field, rounds, seed)[0]!.teamId),
    );
    expect(seeds).toEqual(new Set(['a', 'h']));
  });

  it('puts more speaker points first among teams level on team points, and scores a forfeit’s missing points 0', () => {
    const result = room(['a', 'b', 'c', 'd']);
    const rounds: TBpRoundRecord[] = [
      { rooms: [result] },
      {
        rooms: [
          { ...room(['d', 'c', 'b', 'a'], [4, 3, 2, 1]), speakerPoints: { og: 150, oo: 150, cg: 150, co: null } },
        ],
      },
    ];
    const standings = computeBpStandings(['a', 'b', 'c', 'd'], rounds, 's');
    // a: 3 + 3 = 6, 160 + 0; b: 2 + 2 = 4; c: 1 + 1; d: 0 + 0.
    expect(standings.map((s) => [s.teamId, s.teamPoints, s.speakerPoints])).toEqual([
      ['a', 6, 160],
      ['b', 4, 305],
      ['c', 2, 300],
      ['d', 0, 295],
    ]);
  });

  it('counts the team points a room recorded: three forfeits in 4th, 3rd and 2nd place earn none', () => {
    // d stayed alone; a, b and c forfeited in that order (4th, 3rd, 2nd) and never spoke.
    const decided: TBpRoomResult = {
      teams: { og: 'a', oo: 'b', cg: 'c', co: 'd' },
      ranks: { og: 4, oo: 3, cg: 2, co: 1 },
      speakerPoints: { og: null, oo: null, cg: null, co: null },
      teamPoints: { og: 0, oo: 0, cg: 0, co: 3 },
    };
    const standings = computeBpStandings(['a', 'b', 'c', 'd'], [{ rooms: [decided] }], 's');
    expect(standings[0]).toMatchObject({ teamId: 'd', teamPoints: 3, firsts: 1 });
    expect(standings.slice(1).map((s) => s.teamPoints)).toEqual([0, 0, 0]);
    // Without recorded points the places give them: 2 and 1 for the second and third.
    const byPlace = computeBpStandings(['a', 'b', 'c', 'd'], [{ rooms: [{ ...decided, teamPoints: undefined }] }], 's');
    expect(byPlace.map((s) => [s.teamId, s.teamPoints])).toEqual([
      ['d', 3],
      ['c', 2],
      ['b', 1],
      ['a', 0],
    ]);
  });
});
