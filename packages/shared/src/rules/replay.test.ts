import { describe, expect, it } from 'vitest';
import { canSetReplayPrivacy, canViewReplay, roundViewRefusal } from './replay.js';
import { admin, debaterA, judge, judgedRound, round, user, visitor } from './test-fixtures.js';

describe('round rules', () => {
  it('opens a public round’s replay to anyone signed in once it is over, a team round’s to its team', () => {
    const over = { ...round({ judgeId: 'j1', status: 'judged' }), isTeamRound: false, isPrivate: false };
    expect([visitor, user, admin, debaterA].map((a) => canViewReplay(a, over, null))).toEqual([
      false,
      true,
      true,
      true,
    ]);
    expect(canViewReplay(user, { ...over, status: 'live' }, null)).toBe(false);
    const teamRound = { ...over, isTeamRound: true };
    // Outsiders (staff too) are refused; the round's debaters and judge and the team's members are not.
    expect([user, admin, debaterA, judge].map((a) => canViewReplay(a, teamRound, null))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(canViewReplay(user, teamRound, { role: 'member', isJudge: false })).toBe(true);
    expect(canViewReplay(user, teamRound, { role: 'coach', isJudge: false })).toBe(true);
    // Kept private by a debater: the round's own people only (and a practice round's team still).
    const kept = { ...over, isPrivate: true };
    expect([user, admin, debaterA, judge].map((a) => canViewReplay(a, kept, null))).toEqual([false, false, true, true]);
    expect(canViewReplay(user, { ...teamRound, isPrivate: true }, { role: 'coach', isJudge: false })).toBe(true);
    expect([user, judge, debaterA].map((a) => canSetReplayPrivacy(a, over))).toEqual([false, false, true]);
  });
});

describe('refusals that say why', () => {
  const round = judgedRound;

  it('opens a live round to everyone and a finished one by the replay rule, saying why not', () => {
    const live = { ...round(), isTeamRound: true, isPrivate: true };
    expect([visitor, user].map((a) => roundViewRefusal(a, live, null))).toEqual([null, null]);
    const over = { ...round({ status: 'judged' }), isTeamRound: false, isPrivate: true };
    expect(roundViewRefusal(user, over, null)).toMatchObject({ code: 'forbidden', reason: 'replay_private' });
    // A visitor is answered as a signed-in stranger: a public finished round would let them in once signed in.
    expect(roundViewRefusal(visitor, { ...over, isPrivate: false }, null)).toBeNull();
    expect(roundViewRefusal(judge, over, null)).toBeNull();
    const teamRound = { ...over, isTeamRound: true };
    expect(roundViewRefusal(user, teamRound, null)).toMatchObject({ reason: 'not_team_member' });
    expect(roundViewRefusal(user, teamRound, { role: 'member', isJudge: false })).toBeNull();
  });
});
