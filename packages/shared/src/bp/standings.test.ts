import { describe, expect, it } from 'vitest';
import { computeBpStandings } from './standings.js';
import type { TBpRank, TBpRoomResult, TBpRoundRecord } from './types.js';

/** A room with `teams` in position order (OG, OO, CG, CO), ranked `ranks`, with each team's speaker points. */
function room(
  teams: [string, string, string, string],
  ranks: [TBpRank, TBpRank, TBpRank, TBpRank],
  points: [number, number, number, number],
): TBpRoomResult {
  const [og, oo, cg, co] = teams;
  return {
    teams: { og, oo, cg, co },
    ranks: { og: ranks[0], oo: ranks[1], cg: ranks[2], co: ranks[3] },
    speakerPoints: { og: points[0], oo: points[1], cg: points[2], co: points[3] },
  };
}

const ranksOf = (standings: ReturnType<typeof computeBpStandings>) => standings.map((s) => [s.teamId, s.rank]);

describe('computeBpStandings: the rank shown', () => {
  it('gives teams level on team points and speaker points one rank, and skips the next (1, 2, 2, 4)', () => {
    const rounds: TBpRoundRecord[] = [
      {
        rooms: [
          room(['a', 'b', 'x', 'y'], [1, 2, 3, 4], [160, 150, 140, 130]),
          room(['z', 'c', 'w', 'd'], [1, 2, 3, 4], [170, 150, 140, 120]),
        ],
      },
    ];
    const standings = computeBpStandings(['a', 'b', 'c', 'd'], rounds, 'seed');
    // b and c: 2 team points and 150 speaker points each.
    expect(standings.map((s) => [s.teamPoints, s.speakerPoints])).toEqual([
      [3, 160],
      [2, 150],
      [2, 150],
      [0, 120],
    ]);
    expect(standings.map((s) => s.rank)).toEqual([1, 2, 2, 4]);
    expect(
      standings
        .map((s) => s.teamId)
        .slice(1, 3)
        .sort(),
    ).toEqual(['b', 'c']);
  });

  it('keeps distinct ranks when speaker points part teams level on team points', () => {
    const rounds: TBpRoundRecord[] = [
      { rooms: [room(['a', 'b', 'c', 'd'], [1, 2, 3, 4], [160, 155, 150, 145])] },
      { rooms: [room(['e', 'f', 'g', 'h'], [1, 2, 3, 4], [161, 154, 150, 146])] },
    ];
    const standings = computeBpStandings(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], rounds, 'seed');
    expect(ranksOf(standings)).toEqual([
      ['e', 1],
      ['a', 2],
      ['b', 3],
      ['f', 4],
      // c and g are level on 1 team point and 150: one rank between them, in the seed's order.
      [standings[4]!.teamId, 5],
      [standings[5]!.teamId, 5],
      ['h', 7],
      ['d', 8],
    ]);
    expect(new Set([standings[4]!.teamId, standings[5]!.teamId])).toEqual(new Set(['c', 'g']));
  });

  it('shares a rank three ways, and among teams yet to debate', () => {
    const rounds: TBpRoundRecord[] = [
      {
        rooms: [
          room(['a', 'b', 'c', 'd'], [1, 2, 3, 4], [160, 150, 140, 130]),
          room(['e', 'f', 'g', 'h'], [1, 2, 3, 4], [160, 150, 140, 130]),
          room(['i', 'j', 'k', 'l'], [1, 2, 3, 4], [160, 151, 140, 130]),
        ],
      },
    ];
    const field = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'late1', 'late2'];
    const standings = computeBpStandings(field, rounds, 'seed');
    expect(standings.map((s) => s.rank)).toEqual([1, 1, 1, 4, 5, 5, 7, 7, 7, 10, 10, 10, 13, 13]);
    expect(
      standings
        .slice(-2)
        .map((s) => s.teamId)
        .sort(),
    ).toEqual(['late1', 'late2']);
  });

  it('reads speaker points level when their sums differ only by floating-point error', () => {
    const rounds: TBpRoundRecord[] = [
      { rooms: [room(['a', 'c', 'x', 'y'], [1, 2, 3, 4], [0.1, 0.3, 0, 0])] },
      { rooms: [room(['c', 'a', 'x', 'y'], [1, 2, 3, 4], [0, 0.2, 0, 0])] },
    ];
    // a: 0.1 + 0.2 (0.30000000000000004 in floating point); c: 0.3 + 0. Both 5 team points.
    const standings = computeBpStandings(['a', 'c'], rounds, 'seed');
    expect(standings.map((s) => s.teamPoints)).toEqual([5, 5]);
    expect(standings.map((s) => s.rank)).toEqual([1, 1]);
  });

  it('changes no order: the same seed lists level teams the same way, and another seed may swap them', () => {
    const rounds: TBpRoundRecord[] = [
      { rooms: [room(['a', 'b', 'c', 'd'], [1, 2, 3, 4], [160, 150, 140, 130])] },
      { rooms: [room(['e', 'f', 'g', 'h'], [1, 2, 3, 4], [160, 150, 140, 130])] },
    ];
    const field = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const once = computeBpStandings(field, rounds, 'tab').map((s) => s.teamId);
    expect(computeBpStandings([...field].reverse(), rounds, 'tab').map((s) => s.teamId)).toEqual(once);
    const firsts = new Set(
      ['1', '2', '3', '4', '5', '6', '7', '8'].map((seed) => computeBpStandings(field, rounds, seed)[0]!.teamId),
    );
    expect(firsts).toEqual(new Set(['a', 'e']));
    // Whatever the seed, the two share first.
    for (const seed of ['1', '2', '3']) {
      expect(
        computeBpStandings(field, rounds, seed)
          .slice(0, 2)
          .map((s) => s.rank),
      ).toEqual([1, 1]);
    }
  });
});
