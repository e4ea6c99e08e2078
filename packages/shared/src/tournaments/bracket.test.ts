import { describe, expect, it } from 'vitest';
import { bracketSizeFor, eliminationRoundsFor } from './bracket.js';

describe('eliminationRoundsFor', () => {
  it('counts the rounds of the bracket a break fills: none without a break, byes rounding a partial one up', () => {
    expect([0, 2, 3, 4, 5, 8, 12, 16, 64].map(eliminationRoundsFor)).toEqual([0, 1, 2, 2, 3, 3, 4, 4, 6]);
  });
});

describe('bracketSizeFor', () => {
  it('is the smallest power of two holding the break, at least 2', () => {
    expect([0, 1, 2, 3, 4, 5, 12, 16, 17, 64].map(bracketSizeFor)).toEqual([2, 2, 2, 4, 4, 8, 16, 16, 32, 64]);
  });
});
