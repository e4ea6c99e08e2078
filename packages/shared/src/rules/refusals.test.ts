import { describe, expect, it } from 'vitest';
import { REFUSALS, refusalOf, WORDED_REFUSALS } from './refusals.js';

describe('refusalOf', () => {
  it('gives a reason its one wording, or the words of the door that refuses and of what the rule read', () => {
    expect(refusalOf('round_over')).toEqual({
      code: 'conflict',
      reason: 'round_over',
      message: 'This debate is over.',
    });
    expect(refusalOf('not_in_round', 'ballot')).toEqual({
      code: 'forbidden',
      reason: 'not_in_round',
      message: 'Only the judge of this debate can submit a ballot.',
    });
    expect(refusalOf('blocked', 'spectate')).toMatchObject({ code: 'forbidden', reason: 'blocked' });
    expect(refusalOf('blocked', ['Ann', 'Bo'])).toEqual({
      code: 'conflict',
      reason: 'blocked',
      message: 'Ann and Bo cannot be paired: one of them has blocked the other. Pair them with someone else.',
    });
    expect(refusalOf('minor_round_judge', null).code).toBe('forbidden');
    expect(refusalOf('minor_round_judge', 'Hal').code).toBe('conflict');
  });

  it('keeps every reason in one table, so a reason with one wording is thrown by its name alone', () => {
    expect(Object.keys(WORDED_REFUSALS).filter((reason) => reason in REFUSALS)).toEqual([]);
  });
});
