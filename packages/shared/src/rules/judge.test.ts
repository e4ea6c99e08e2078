import { describe, expect, it } from 'vitest';
import { ballotRefusal, bpWingRefusal, canJudge, canSubmitBallot, judgeRefusal } from './judge.js';
import { seatsOfDebate } from './round.js';
import { debaterA, judge, other, round, user, visitor } from './test-fixtures.js';

describe('round rules', () => {
  it('seats a BP practice room’s wings beside its chair until the panel has three', () => {
    const chaired = round({ judgeId: 'j1' });
    expect(bpWingRefusal(user, chaired)).toBeNull();
    expect(bpWingRefusal(debaterA, chaired)?.reason).toBe('debater_cannot_judge');
    expect(bpWingRefusal(visitor, chaired)?.code).toBe('forbidden');
    const twoWings = round({ judgeId: 'j1', panelJudgeIds: ['j1', 'w1', 'w2'] });
    expect(bpWingRefusal(user, twoWings)?.reason).toBe('panel_full');
    // A wing or the chair already seated is not refused.
    expect(bpWingRefusal({ ...user!, id: 'w1' }, twoWings)).toBeNull();
    expect(bpWingRefusal(judge, twoWings)).toBeNull();
    expect(bpWingRefusal(user, round({ judgeId: 'j1', status: 'awaiting_ballot' }))?.reason).toBe('round_over');
    expect(bpWingRefusal(user, round({ judgeId: 'j1', isTournamentRound: true }))?.reason).toBe('tournament_judge');
    expect(bpWingRefusal(user, round({ judgeId: 'j1', teamJudgeIds: ['x'] }))?.reason).toBe('not_team_judge');
  });

  it('seats a judge who is not a debater while the live seat is free, and only them', () => {
    expect(canJudge(user, round())).toBe(true);
    expect(judgeRefusal(debaterA, round())?.reason).toBe('debater_cannot_judge');
    expect(judgeRefusal(visitor, round())?.code).toBe('forbidden');
    expect(judgeRefusal(user, round({ judgeId: 'j1' }))?.reason).toBe('judge_taken');
    // The seated judge taking the seat again is not refused.
    expect(canJudge(judge, round({ judgeId: 'j1' }))).toBe(true);
    expect(judgeRefusal(user, round({ status: 'completed' }))?.reason).toBe('round_over');
  });

  it('reads a round’s kind, not whether it carries a team, for who may judge it', () => {
    const debate = (kind: 'matchmade' | 'challenge' | 'team' | 'tournament', team: { judgeIds: string[] } | null) => ({
      kind,
      status: 'live' as const,
      debaters: { a: { userId: 'da' }, b: { userId: 'db' } },
      judge: null,
      hasJudgeInvite: false,
      team,
    });
    expect(canJudge(user, seatsOfDebate(debate('matchmade', null)))).toBe(true);
    expect(canJudge(user, seatsOfDebate(debate('team', { judgeIds: ['u1'] })))).toBe(true);
    expect(canJudge(other, seatsOfDebate(debate('team', { judgeIds: ['u1'] })))).toBe(false);
    // A team round whose team is gone: nobody outside it judges.
    expect(canJudge(user, seatsOfDebate(debate('team', null)))).toBe(false);
    // A tournament's round: its hosts seat the judge; nobody takes the free seat, its seated judge keeps it.
    expect(judgeRefusal(user, seatsOfDebate(debate('tournament', null)))?.reason).toBe('tournament_judge');
    expect(canJudge(judge, { ...seatsOfDebate(debate('tournament', null)), judgeId: judge!.id })).toBe(true);
  });

  it('keeps an invited seat for the invitation, also after the last speech', () => {
    const invited = round({ hasJudgeInvite: true });
    expect(judgeRefusal(user, invited)?.reason).toBe('judge_invited');
    expect(judgeRefusal(user, invited, 'invalid')?.reason).toBe('judge_invite_invalid');
    expect(canJudge(user, invited, 'valid')).toBe(true);
    expect(canJudge(user, round({ hasJudgeInvite: true, status: 'awaiting_ballot' }), 'valid')).toBe(true);
    expect(judgeRefusal(user, round({ status: 'awaiting_ballot', judgeId: 'j1' }))?.reason).toBe('round_over');
  });

  it('takes a ballot only from the judge, between the last speech and the decision', () => {
    const waiting = round({ status: 'awaiting_ballot', judgeId: 'j1' });
    expect(canSubmitBallot(judge, waiting)).toBe(true);
    expect(ballotRefusal(user, waiting)?.code).toBe('forbidden');
    expect(ballotRefusal(debaterA, waiting)?.code).toBe('forbidden');
    expect(ballotRefusal(judge, round({ judgeId: 'j1' }))?.reason).toBe('ballot_not_open');
    expect(ballotRefusal(judge, round({ judgeId: 'j1', status: 'judged' }))?.reason).toBe('already_decided');
  });
});
