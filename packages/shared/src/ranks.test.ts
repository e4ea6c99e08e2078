import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareByRank, ordinal, performanceLevel, rankMessage } from './ranks';

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [101, '101st'],
    [111, '111th'],
    [112, '112th'],
  ])('%i → %s', (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });
});

describe('performanceLevel', () => {
  it.each([
    [1, 'Elite'],
    [3, 'Elite'],
    [4, 'Advanced'],
    [10, 'Advanced'],
    [11, 'Developing'],
    [500, 'Developing'],
  ])('rank %i is %s', (rank, level) => {
    expect(performanceLevel(rank)).toBe(level);
  });
});

describe('rankMessage', () => {
  it('asks a user with no points to start, whatever the rank', () => {
    expect(rankMessage({ score: 0, rank: 1, total: 1, tiedWith: 0 })).toBe('Ready to start your first debate!');
    expect(rankMessage({ score: 0, rank: 40, total: 40, tiedWith: 39 })).toBe('Ready to start your first debate!');
  });
  it('names first place before any tie', () => {
    expect(rankMessage({ score: 50, rank: 1, total: 9, tiedWith: 2 })).toBe("You're in 1st place!");
  });
  it('puts the top 3 and the top 10 before ties', () => {
    expect(rankMessage({ score: 50, rank: 2, total: 9, tiedWith: 1 })).toBe("You're in the top 3!");
    expect(rankMessage({ score: 50, rank: 3, total: 9, tiedWith: 0 })).toBe("You're in the top 3!");
    expect(rankMessage({ score: 5, rank: 4, total: 20, tiedWith: 3 })).toBe("You're in the top 10!");
    expect(rankMessage({ score: 5, rank: 10, total: 20, tiedWith: 0 })).toBe("You're in the top 10!");
  });
  it('reports a tie below the top 10', () => {
    expect(rankMessage({ score: 5, rank: 11, total: 20, tiedWith: 1 })).toBe("You're tied with 1 other user(s)");
    expect(rankMessage({ score: 5, rank: 12, total: 20, tiedWith: 4 })).toBe("You're tied with 4 other user(s)");
  });
  it('otherwise gives the ordinal out of the total', () => {
    expect(rankMessage({ score: 5, rank: 11, total: 20, tiedWith: 0 })).toBe("You're ranked 11th out of 20");
    expect(rankMessage({ score: 1, rank: 22, total: 30, tiedWith: 0 })).toBe("You're ranked 22nd out of 30");
  });
});

describe('compareByRank', () => {
  it('orders by score, then earlier sign-up, then id', () => {
    const users = [
      { id: 'c', score: 10, createdAt: '2025-01-02T00:00:00.000Z' },
      { id: 'a', score: 20, createdAt: '2025-01-03T00:00:00.000Z' },
      { id: 'b', score: 10, createdAt: '2025-01-01T00:00:00.000Z' },
      { id: 'd', score: 10, createdAt: '2025-01-01T00:00:00.000Z' },
    ];
    expect([...users].sort(compareByRank).map((u) => u.id)).toEqual(['a', 'b', 'd', 'c']);
  });
  it('is a total order: any shuffle sorts to the same list', () => {
    const user = fc.record({
      id: fc.string({ minLength: 1, maxLength: 4 }),
      score: fc.integer({ min: 0, max: 5 }),
      createdAt: fc.constantFrom('2025-01-01T00:00:00.000Z', '2025-01-02T00:00:00.000Z'),
    });
    fc.assert(
      fc.property(fc.uniqueArray(user, { selector: (u) => u.id, maxLength: 12 }), (list) => {
        const sorted = [...list].sort(compareByRank);
        const resorted = [...list].reverse().sort(compareByRank);
        expect(resorted).toEqual(sorted);
      }),
    );
  });
});
