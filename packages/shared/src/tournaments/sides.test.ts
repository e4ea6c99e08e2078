import { describe, expect, it } from 'vitest';
import {
  applyCoinFlipChoice,
  balancedSides,
  coinFlipSides,
  eliminationSides,
  requiredSide,
  sideCounts,
} from './sides.js';
import { result } from './test-fixtures.js';

const heads = () => 0.1;
const tails = () => 0.9;

describe('sideCounts and requiredSide', () => {
  const rounds = [
    { debates: [result('a', 'b', 'aff'), result('c', 'd', 'neg')], byes: ['e'] },
    { debates: [result('a', 'c', 'aff'), result('e', 'b', 'aff')], byes: ['d'] },
  ];

  it('counts each side taken', () => {
    const counts = sideCounts(rounds);
    expect(counts.get('a')).toEqual({ aff: 2, neg: 0 });
    expect(counts.get('b')).toEqual({ aff: 0, neg: 2 });
    expect(counts.get('e')).toEqual({ aff: 1, neg: 0 });
  });

  it('requires the other side in an even round of LD or Parli only, and only of one who leans', () => {
    expect(requiredSide('ld', 2, 1)).toBe('neg');
    expect(requiredSide('parli', 4, -1)).toBe('aff');
    expect(requiredSide('ld', 2, 0)).toBeNull();
    expect(requiredSide('ld', 3, 1)).toBeNull();
    expect(requiredSide('pf', 2, 1)).toBeNull();
  });
});

describe('balancedSides', () => {
  it('gives aff to whoever has been aff less often, and a level pair to the coin', () => {
    const counts = new Map([
      ['a', { aff: 1, neg: 0 }],
      ['b', { aff: 0, neg: 1 }],
      ['c', { aff: 0, neg: 1 }],
    ]);
    expect(balancedSides('a', 'b', counts, heads)).toEqual({ aff: 'b', neg: 'a' });
    expect(balancedSides('b', 'a', counts, heads)).toEqual({ aff: 'b', neg: 'a' });
    expect(balancedSides('b', 'c', counts, heads)).toEqual({ aff: 'b', neg: 'c' });
    expect(balancedSides('b', 'c', counts, tails)).toEqual({ aff: 'c', neg: 'b' });
  });
});

describe('the Public Forum coin flip', () => {
  it('names the winner of a seeded coin, listed as Pro until they choose', () => {
    expect(coinFlipSides('a', 'b', heads)).toEqual({ aff: 'a', neg: 'b', coinFlipWinner: 'a' });
    expect(coinFlipSides('a', 'b', tails)).toEqual({ aff: 'b', neg: 'a', coinFlipWinner: 'b' });
  });

  it("settles sides and order from the winner's choice and the loser's other choice", () => {
    const debate = { aff: 'w', neg: 'l', coinFlipWinner: 'w' };
    expect(applyCoinFlipChoice(debate, { side: 'neg' }, { speaksFirst: true })).toEqual({
      aff: 'l',
      neg: 'w',
      firstSpeaker: 'l',
    });
    expect(applyCoinFlipChoice(debate, { speaksFirst: false }, { side: 'aff' })).toEqual({
      aff: 'l',
      neg: 'w',
      firstSpeaker: 'l',
    });
    expect(applyCoinFlipChoice(debate, { speaksFirst: true }, { side: 'neg' })).toEqual({
      aff: 'w',
      neg: 'l',
      firstSpeaker: 'w',
    });
  });

  it('refuses two choices of the same kind, and a debate without a flip', () => {
    const debate = { aff: 'w', neg: 'l', coinFlipWinner: 'w' };
    expect(applyCoinFlipChoice(debate, { side: 'aff' }, { side: 'neg' })).toBeNull();
    expect(applyCoinFlipChoice({ ...debate, coinFlipWinner: null }, { side: 'aff' }, { speaksFirst: true })).toBeNull();
  });
});

describe('eliminationSides', () => {
  const rounds = [
    { debates: [result('a', 'b', 'aff')], byes: [] },
    { debates: [result('b', 'a', 'aff')], byes: [] },
  ];

  it('gives a rematch the sides opposite to the latest meeting, in every format', () => {
    for (const format of ['ld', 'pf', 'parli'] as const) {
      expect(eliminationSides(format, 'a', 'b', rounds, heads)).toEqual({
        aff: 'a',
        neg: 'b',
        coinFlipWinner: null,
        isRematch: true,
      });
    }
  });

  it('tosses a coin for a first meeting, and lets the PF winner choose', () => {
    expect(eliminationSides('ld', 'a', 'c', rounds, tails)).toEqual({
      aff: 'c',
      neg: 'a',
      coinFlipWinner: null,
      isRematch: false,
    });
    expect(eliminationSides('pf', 'a', 'c', rounds, heads)).toMatchObject({ coinFlipWinner: 'a', isRematch: false });
  });
});
