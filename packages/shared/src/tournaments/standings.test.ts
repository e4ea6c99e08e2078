import { describe, expect, it } from 'vitest';
import { computeStandings } from './standings.js';
import { result } from './test-fixtures.js';
import type { TRoundRecord } from './types.js';

const round = (debates: TRoundRecord['debates'], byes: string[] = []): TRoundRecord => ({ debates, byes });

describe('computeStandings', () => {
  it('ranks by wins, then speaker points', () => {
    const rows = computeStandings(
      ['a', 'b', 'c', 'd'],
      [round([result('a', 'b', 'aff', [29, 27]), result('c', 'd', 'aff', [28, 28.5])])],
    );
    expect(rows.map((r) => [r.entrantId, r.rank, r.wins, r.speakerPoints])).toEqual([
      ['a', 1, 1, 29],
      ['c', 2, 1, 28],
      ['d', 3, 0, 28.5],
      ['b', 4, 0, 27],
    ]);
  });

  it('drops the highest and lowest round from 3 scored rounds on, not before', () => {
    const two = [round([result('a', 'b', 'aff', [30, 25])]), round([result('a', 'b', 'aff', [26, 25])])];
    expect(computeStandings(['a'], two)[0]).toMatchObject({ speakerPoints: 56, isHighLowDropped: false });
    const three = [...two, round([result('a', 'b', 'aff', [28, 25])])];
    expect(computeStandings(['a'], three)[0]).toMatchObject({ speakerPoints: 28, isHighLowDropped: true });
  });

  it('scores a bye as a win with the average of the points given', () => {
    const rows = computeStandings(
      ['a', 'b', 'c'],
      [round([result('a', 'b', 'aff', [29, 27])], ['c']), round([result('a', 'c', 'neg', [27, 28])], ['b'])],
    );
    const byId = new Map(rows.map((r) => [r.entrantId, r]));
    expect(byId.get('c')).toMatchObject({ wins: 2, byes: 1, losses: 0, speakerPoints: 56 });
    expect(byId.get('b')).toMatchObject({ wins: 1, byes: 1, losses: 1, speakerPoints: 54 });
    expect(byId.get('a')).toMatchObject({ wins: 1, losses: 1, speakerPoints: 56 });
  });

  it('gives a forfeit winner their average and a forfeit loser nothing', () => {
    const rows = computeStandings(
      ['a', 'b'],
      [round([result('a', 'b', 'aff', [28, 26])]), round([result('a', 'b', 'neg', [null, null])])],
    );
    const byId = new Map(rows.map((r) => [r.entrantId, r]));
    expect(byId.get('b')).toMatchObject({ wins: 1, speakerPoints: 52 });
    expect(byId.get('a')).toMatchObject({ wins: 1, speakerPoints: 28 });
  });

  it("breaks a tie on wins and points by opponents' wins", () => {
    // a beat b (who then beat d); c beat d (who then lost again): a's opponent has more wins than c's.
    const rows = computeStandings(
      ['a', 'b', 'c', 'd'],
      [
        round([result('a', 'b', 'aff', [28, 28]), result('c', 'd', 'aff', [28, 28])]),
        round([result('b', 'd', 'aff', [28, 28]), result('a', 'c', 'aff', [28, 28])]),
      ],
    );
    expect(rows.map((r) => r.entrantId)).toEqual(['a', 'b', 'c', 'd']);
    expect(rows.find((r) => r.entrantId === 'b')!.opponentWins).toBe(2 + 0);
    expect(rows.find((r) => r.entrantId === 'c')!.opponentWins).toBe(2 + 0);
  });

  it('settles exactly two entrants still tied by their head-to-head meeting', () => {
    // z beat y; all four end on one win, p above and q below on points, y and z level on everything else.
    const rounds = [
      round([result('y', 'z', 'neg', [28, 28]), result('p', 'q', 'aff', [29, 27])]),
      round([result('y', 'p', 'aff', [28, 29]), result('z', 'q', 'neg', [28, 27])]),
    ];
    const rows = computeStandings(['y', 'z', 'p', 'q'], rounds);
    const y = rows.find((r) => r.entrantId === 'y')!;
    const z = rows.find((r) => r.entrantId === 'z')!;
    expect([y.wins, z.wins, y.speakerPoints, z.speakerPoints, y.opponentWins, z.opponentWins]).toEqual([
      1, 1, 56, 56, 2, 2,
    ]);
    expect(rows.map((r) => [r.entrantId, r.rank])).toEqual([
      ['p', 1],
      ['z', 2],
      ['y', 3],
      ['q', 4],
    ]);
    expect(rows.indexOf(z)).toBeLessThan(rows.indexOf(y));
  });

  it('leaves three entrants tied on everything sharing a rank, listed by id', () => {
    const rows = computeStandings(['c', 'a', 'b'], []);
    expect(rows.map((r) => [r.entrantId, r.rank])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 1],
    ]);
  });
});
