import { describe, expect, it } from 'vitest';
import { queueJoinInput } from './queue-join';

describe('what the queue card sends', () => {
  it('sends a British Parliamentary team’s speech length with its mode, and no length in other formats', () => {
    expect(queueJoinInput({ formatId: 'bp', mode: 'solo', partnerIds: [], speechMinutes: 5 })).toEqual({
      formatId: 'bp',
      mode: 'solo',
      speechMinutes: 5,
    });
    expect(queueJoinInput({ formatId: 'bp', mode: 'team', partnerIds: ['pat'], speechMinutes: 7 })).toEqual({
      formatId: 'bp',
      mode: 'team',
      partnerIds: ['pat'],
      speechMinutes: 7,
    });
    expect(queueJoinInput({ formatId: 'pf', mode: 'team', partnerIds: ['pat'], speechMinutes: 5 })).toEqual({
      formatId: 'pf',
      mode: 'team',
      partnerIds: ['pat'],
    });
    expect(queueJoinInput({ formatId: 'ld', mode: 'one-on-one', partnerIds: [], speechMinutes: 5 })).toEqual({
      formatId: 'ld',
    });
  });
});
