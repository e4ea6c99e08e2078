import { describe, expect, it } from 'vitest';
import {
  eliminationRoundsFor,
  bracketChampion,
  bracketSizeFor,
  readyMatches,
  recordBracketWinner,
  seedBracket,
  seedOrder,
} from './bracket.js';

const seeds = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);

describe('eliminationRoundsFor', () => {
  it('counts the rounds of the bracket a break fills: none without a break, byes rounding a partial one up', () => {
    expect([0, 2, 3, 4, 5, 8, 12, 16, 64].map(eliminationRoundsFor)).toEqual([0, 1, 2, 2, 3, 3, 4, 4, 6]);
  });
});

describe('seedOrder', () => {
  it('puts 1 v N first and keeps 1 and 2 in opposite halves', () => {
    expect(seedOrder(2)).toEqual([1, 2]);
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(seedOrder(16)).toEqual([1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]);
  });
});

describe('seedBracket', () => {
  it('a break of 12 goes into a bracket of 16: 4 debates and 4 byes for the top seeds', () => {
    const bracket = seedBracket(seeds(12));
    expect(bracketSizeFor(12)).toBe(16);
    expect(bracket.size).toBe(16);
    const first = bracket.rounds[0]!;
    expect(first.filter((m) => m.isBye)).toHaveLength(4);
    expect(first.filter((m) => m.isBye).flatMap((m) => m.winner)).toEqual(['s1', 's4', 's2', 's3']);
    const debates = readyMatches(bracket);
    expect(debates).toHaveLength(4);
    expect(debates.map((m) => m.seeds)).toEqual([
      [8, 9],
      [5, 12],
      [7, 10],
      [6, 11],
    ]);
    // The byes wait in the quarterfinals.
    expect(bracket.rounds[1]!.map((m) => m.entrants)).toEqual([
      ['s1', null],
      ['s4', null],
      ['s2', null],
      ['s3', null],
    ]);
  });

  it('a break of 2 is a final, 1 v 2', () => {
    const bracket = seedBracket(['a', 'b']);
    expect(bracket.rounds).toHaveLength(1);
    expect(readyMatches(bracket).map((m) => m.entrants)).toEqual([['a', 'b']]);
  });

  it('refuses fewer than 2 entrants and a repeated one', () => {
    expect(() => seedBracket(['a'])).toThrow(RangeError);
    expect(() => seedBracket(['a', 'a'])).toThrow(RangeError);
  });
});

describe('advancing the bracket', () => {
  it('carries winners to a champion; 1 and 2 meet only in the final when the top seeds win', () => {
    let bracket = seedBracket(seeds(8));
    const winnerOf = (entrants: (string | null)[]) =>
      [...entrants].sort((a, b) => Number(a!.slice(1)) - Number(b!.slice(1)))[0]!;
    let rounds = 0;
    while (bracketChampion(bracket) === null) {
      const ready = readyMatches(bracket);
      if (ready.length === 1) expect([...ready[0]!.entrants].sort()).toEqual(['s1', 's2']);
      for (const m of ready)
        if (ready.length > 1) expect(m.entrants.includes('s1') && m.entrants.includes('s2')).toBe(false);
      for (const m of ready) bracket = recordBracketWinner(bracket, m.round, m.index, winnerOf(m.entrants));
      rounds++;
    }
    expect(rounds).toBe(3);
    expect(bracketChampion(bracket)).toBe('s1');
  });

  it('leaves the old bracket as it was and refuses a winner not in the match or a match not ready', () => {
    const bracket = seedBracket(seeds(4));
    const next = recordBracketWinner(bracket, 1, 0, 's4');
    expect(bracket.rounds[1]![0]!.entrants).toEqual([null, null]);
    expect(next.rounds[1]![0]!.entrants).toEqual(['s4', null]);
    expect(() => recordBracketWinner(next, 1, 0, 's1')).toThrow(RangeError);
    expect(() => recordBracketWinner(next, 1, 1, 's9')).toThrow(RangeError);
    expect(() => recordBracketWinner(next, 2, 0, 's4')).toThrow(RangeError);
  });
});
