/** Refusals keyed by reason become the one error a service throws, with the shared wording. */
import { describe, expect, it } from 'vitest';
import { REFUSALS, refusalOf, type TRefusalReason } from '@resolved/shared';
import { AppError, refuse, refused, refusedError } from './errors';

describe('refusal factories', () => {
  it('throw each reason with its one code and message', () => {
    for (const reason of Object.keys(REFUSALS) as TRefusalReason[]) {
      const error = refused(reason);
      expect(error).toBeInstanceOf(AppError);
      expect(error.toDetail({ withDetails: false })).toEqual({ reason, ...REFUSALS[reason] });
    }
    expect(refused('round_over').toDetail({ withDetails: false })).toEqual({
      code: 'conflict',
      reason: 'round_over',
      message: 'This debate is over.',
    });
  });

  it('carry details when given (the round someone is already in)', () => {
    expect(refused('already_in_debate', { debateId: 7 }).toDetail({ withDetails: true })).toMatchObject({
      reason: 'already_in_debate',
      details: { debateId: 7 },
    });
  });

  it('throw a rule’s refusal and nothing when the rule allows', () => {
    expect(() => refuse(null)).not.toThrow();
    const refusal = { code: 'forbidden' as const, reason: 'not_in_round' as const, message: 'Only the debaters.' };
    expect(() => refuse(refusal)).toThrow(refusedError(refusal));
    expect(refusedError(refusalOf('judge_taken')).code).toBe('conflict');
  });
});
