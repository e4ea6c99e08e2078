import { describe, expect, it } from 'vitest';
import { bracketRoundName, inSentence, roundName } from './round-names';

describe('roundName', () => {
  it('names preliminary rounds by number and elimination rounds by what is left of the bracket', () => {
    const t = { prelimRounds: 3, breakSize: 12 };
    expect([1, 3, 4, 5, 6, 7].map((n) => roundName(n, t))).toEqual([
      'Round 1',
      'Round 3',
      'Octofinals',
      'Quarterfinals',
      'Semifinals',
      'Final',
    ]);
    // A break of 64 has six elimination rounds: the first two are named by number.
    expect(roundName(3, { prelimRounds: 2, breakSize: 64 })).toBe('Elimination round 1');
    expect(roundName(5, { prelimRounds: 2, breakSize: 64 })).toBe('Octofinals');
  });

  it('names every round by number when there is no break', () => {
    expect(roundName(4, { prelimRounds: 4, breakSize: 0 })).toBe('Round 4');
  });

  it('has a form for inside a sentence', () => {
    const t = { prelimRounds: 2, breakSize: 4 };
    expect([2, 3, 4].map((n) => inSentence(roundName(n, t)))).toEqual(['round 2', 'the semifinals', 'the final']);
    expect(inSentence(roundName(3, { prelimRounds: 2, breakSize: 64 }))).toBe('elimination round 1');
  });
});

describe('bracketRoundName', () => {
  it('names a bracket’s columns as roundName names the same rounds', () => {
    expect([1, 2, 3, 4, 5, 6].map((k) => bracketRoundName(k, 6))).toEqual([
      'Elimination round 1',
      'Elimination round 2',
      'Octofinals',
      'Quarterfinals',
      'Semifinals',
      'Final',
    ]);
    const tournament = { prelimRounds: 4, breakSize: 16 };
    for (const k of [1, 2, 3, 4]) expect(bracketRoundName(k, 4)).toBe(roundName(4 + k, tournament));
  });
});
