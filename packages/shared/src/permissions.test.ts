import { describe, expect, it } from 'vitest';
import {
  ballotRefusal,
  canChangeTopic,
  canCreateRoom,
  canDeleteRecordings,
  canDeleteRoom,
  canEditRoom,
  canJudge,
  canPostInRound,
  canSubmitBallot,
  canSetReplayPrivacy,
  canViewReplay,
  chatLockRefusal,
  chatPostRefusal,
  chatSlowModeRefusal,
  evidenceShareRefusal,
  evidenceViewRefusal,
  evidenceVisibilityRefusal,
  flowRefusal,
  memberProgressRefusal,
  memberRemovalRefusal,
  poiOfferRefusal,
  replayPrivacyRefusal,
  teamManageRefusal,
  teamRoundsRefusal,
  isBanActive,
  isRoomCapExempt,
  judgeInviteRefusal,
  judgeRefusal,
  meetingLinkRefusal,
  recordingConsentRefusal,
  recordingStartRefusal,
  recordingViewRefusal,
  roundViewRefusal,
  seatsOfDebate,
  type TActor,
  type TRoundSeats,
} from './permissions';
import { isEstablishedAccount, newAccountChatLimit } from './chat';

const visitor: TActor = null;
const user: TActor = { id: 'u1', role: 'user' };
const other: TActor = { id: 'u2', role: 'user' };
const moderator: TActor = { id: 'm1', role: 'moderator' };
const admin: TActor = { id: 'a1', role: 'admin' };
const fixedRoom = { isFixed: true, createdBy: null };
const usersRoom = { isFixed: false, createdBy: 'u1' };

describe('topic and room permissions', () => {
  it('lets only admins change the topic', () => {
    expect([visitor, user, moderator, admin].map(canChangeTopic)).toEqual([false, false, false, true]);
  });

  it('lets anyone signed in create a room', () => {
    expect([visitor, user, moderator, admin].map(canCreateRoom)).toEqual([false, true, true, true]);
  });

  it('lets the creator, moderators and admins delete and edit a created room', () => {
    const actors = [visitor, user, other, moderator, admin];
    expect(actors.map((a) => canDeleteRoom(a, usersRoom))).toEqual([false, true, false, true, true]);
    expect(actors.map((a) => canEditRoom(a, usersRoom))).toEqual([false, true, false, true, true]);
  });

  it('never deletes a fixed room and lets only admins edit one', () => {
    const actors = [visitor, user, moderator, admin];
    expect(actors.map((a) => canDeleteRoom(a, fixedRoom))).toEqual([false, false, false, false]);
    expect(actors.map((a) => canEditRoom(a, fixedRoom))).toEqual([false, false, false, true]);
  });

  it('exempts moderators and admins from the room cap', () => {
    expect([visitor, user, moderator, admin].map(isRoomCapExempt)).toEqual([false, false, true, true]);
  });
});

describe('round rules', () => {
  const debaterA: TActor = { id: 'da', role: 'user' };
  const judge: TActor = { id: 'j1', role: 'user' };
  const round = (patch: Partial<TRoundSeats> = {}): TRoundSeats => ({
    status: 'live',
    debaterAId: 'da',
    debaterBId: 'db',
    judgeId: null,
    hasJudgeInvite: false,
    ...patch,
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
    const debate = (kind: 'matchmade' | 'challenge' | 'team', team: { judgeIds: string[] } | null) => ({
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

  it('lets the debaters and the judge write in the round chat, nobody else', () => {
    const seated = round({ judgeId: 'j1' });
    expect([visitor, user, admin, debaterA, judge].map((a) => canPostInRound(a, seated))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it('lets only the debaters delete the round’s recordings, not its judge', () => {
    const seated = round({ judgeId: 'j1', status: 'forfeited' });
    const debaterB: TActor = { id: 'db', role: 'user' };
    expect([visitor, user, admin, judge, debaterA, debaterB].map((a) => canDeleteRecordings(a, seated))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });

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
  const debaterA: TActor = { id: 'da', role: 'user' };
  const debaterB: TActor = { id: 'db', role: 'user' };
  const judge: TActor = { id: 'j1', role: 'user' };
  const round = (patch: Partial<TRoundSeats> = {}): TRoundSeats => ({
    status: 'live',
    debaterAId: 'da',
    debaterBId: 'db',
    judgeId: 'j1',
    hasJudgeInvite: false,
    ...patch,
  });
  const reasons = (refusals: ({ reason: string } | null)[]) => refusals.map((r) => r?.reason ?? null);

  it('gives "This debate is over." one wording wherever a finished round refuses', () => {
    const over = round({ status: 'completed', judgeId: null });
    const refusals = [
      judgeRefusal(user, over),
      judgeInviteRefusal(debaterA, { ...over, isTeamRound: false }),
      recordingConsentRefusal(debaterA, over),
      recordingStartRefusal(debaterA, { ...over, consent: { a: true, b: true } }),
    ];
    expect(refusals.map((r) => [r?.code, r?.reason, r?.message])).toEqual(
      Array.from({ length: 4 }, () => ['conflict', 'round_over', 'This debate is over.']),
    );
  });

  it('lets only the debaters set a meeting link or decide on recording', () => {
    const actors = [visitor, user, judge, debaterA, debaterB];
    expect(reasons(actors.map((a) => meetingLinkRefusal(a, round())))).toEqual([
      'not_in_round',
      'not_in_round',
      'not_in_round',
      null,
      null,
    ]);
    expect(reasons(actors.map((a) => recordingConsentRefusal(a, round())))).toEqual([
      'not_in_round',
      'not_in_round',
      'not_in_round',
      null,
      null,
    ]);
    const halfAgreed = { ...round(), consent: { a: true, b: false } };
    expect(recordingStartRefusal(debaterA, halfAgreed)).toMatchObject({ reason: 'no_recording_consent' });
    expect(recordingStartRefusal(debaterA, { ...halfAgreed, consent: { a: true, b: true } })).toBeNull();
    expect(reasons([user, judge, debaterA].map((a) => recordingViewRefusal(a, round())))).toEqual([
      'not_in_round',
      null,
      null,
    ]);
  });

  it('shows evidence to the round’s people, and to spectators only when the debaters allow', () => {
    const actors = [visitor, user, judge, debaterA];
    expect(reasons(actors.map((a) => evidenceViewRefusal(a, round(), false)))).toEqual([
      'evidence_private',
      'evidence_private',
      null,
      null,
    ]);
    expect(reasons(actors.map((a) => evidenceViewRefusal(a, round(), true)))).toEqual([
      'evidence_private',
      null,
      null,
      null,
    ]);
    expect(evidenceShareRefusal(judge, round({ status: 'judged' }))).toMatchObject({ reason: 'not_in_round' });
    expect(evidenceShareRefusal(judge, round({ status: 'awaiting_ballot' }))).toBeNull();
    expect(reasons([judge, debaterB].map((a) => evidenceVisibilityRefusal(a, round())))).toEqual([
      'not_in_round',
      null,
    ]);
  });

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

  it('refuses a banned author in any chat, while the ban holds', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(isBanActive({ banned: 1, banExpires: null }, now)).toBe(true);
    expect(isBanActive({ banned: true, banExpires: '2026-01-02T00:00:00Z' }, now)).toBe(true);
    expect(isBanActive({ banned: true, banExpires: '2025-12-31T00:00:00Z' }, now)).toBe(false);
    expect(isBanActive({ banned: 0, banExpires: null }, now)).toBe(false);
    expect(isBanActive({ banned: null, banExpires: null }, now)).toBe(false);
    expect(chatPostRefusal({ banned: true, banExpires: null }, now)).toEqual({
      code: 'forbidden',
      reason: 'account_banned',
      message: 'This account has been banned.',
    });
    expect(chatPostRefusal({ banned: false, banExpires: null }, now)).toBeNull();
  });

  it('slows a new account in the community chat by age, and says when it may post again (issue 24)', () => {
    const minute = 60_000;
    expect(newAccountChatLimit(0)).toEqual({ messages: 6, windowMs: minute });
    expect(newAccountChatLimit(60 * minute - 1)).toEqual({ messages: 6, windowMs: minute });
    expect(newAccountChatLimit(60 * minute)).toEqual({ messages: 15, windowMs: minute });
    expect(newAccountChatLimit(24 * 60 * minute - 1)).toEqual({ messages: 15, windowMs: minute });
    expect(newAccountChatLimit(24 * 60 * minute)).toBeNull();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(chatSlowModeRefusal({ messages: 6, windowMs: minute }, now + 11_200, now)).toEqual({
      code: 'rate_limited',
      reason: 'chat_slow_mode',
      message: 'New accounts can send 6 messages a minute in the chat. You can post again in 12 seconds.',
    });
    expect(chatSlowModeRefusal({ messages: 15, windowMs: minute }, now + 300, now).message).toMatch(
      /15 messages a minute.*again in 1 second\.$/,
    );
  });

  it('lets only established accounts, moderators and admins post while the chat is locked', () => {
    const day = 24 * 60 * 60_000;
    expect(isEstablishedAccount({ accountAgeMs: day, hasCompletedRound: true })).toBe(true);
    expect(isEstablishedAccount({ accountAgeMs: day - 1, hasCompletedRound: true })).toBe(false);
    expect(isEstablishedAccount({ accountAgeMs: 30 * day, hasCompletedRound: false })).toBe(false);
    expect(chatLockRefusal({ role: 'user', isEstablished: false }, true)).toMatchObject({
      code: 'forbidden',
      reason: 'chat_locked',
    });
    expect(chatLockRefusal({ role: 'user', isEstablished: true }, true)).toBeNull();
    expect(chatLockRefusal({ role: 'moderator', isEstablished: false }, true)).toBeNull();
    expect(chatLockRefusal({ role: 'admin', isEstablished: false }, true)).toBeNull();
    expect(chatLockRefusal({ role: 'user', isEstablished: false }, false)).toBeNull();
  });

  it('keeps flows to the round’s people, points to its debaters while live, replay privacy to its debaters', () => {
    expect(reasons([user, judge, debaterA].map((a) => flowRefusal(a, round())))).toEqual(['not_in_round', null, null]);
    expect(reasons([judge, debaterA].map((a) => poiOfferRefusal(a, round())))).toEqual(['not_in_round', null]);
    expect(poiOfferRefusal(debaterA, round({ status: 'awaiting_ballot' }))).toMatchObject({ reason: 'round_over' });
    expect(reasons([judge, debaterB].map((a) => replayPrivacyRefusal(a, round())))).toEqual(['not_in_round', null]);
  });

  it('leaves a team to its coaches, its rounds to its members, and lets a member leave', () => {
    const coach = { role: 'coach' as const, isJudge: false };
    const member = { role: 'member' as const, isJudge: false };
    expect(reasons([null, member, coach].map((m) => teamManageRefusal(m)))).toEqual([
      'not_team_member',
      'not_team_member',
      null,
    ]);
    expect(reasons([null, member].map((m) => teamRoundsRefusal(m)))).toEqual(['not_team_member', null]);
    expect(memberRemovalRefusal('u1', member, 'u1')).toBeNull();
    expect(memberRemovalRefusal('u1', member, 'u2')).toMatchObject({ reason: 'not_team_member' });
    expect(memberRemovalRefusal('u1', coach, 'u2')).toBeNull();
    expect(memberProgressRefusal('u1', member, 'u1')).toBeNull();
    expect(memberProgressRefusal('u1', member, 'u2')).toMatchObject({
      message: 'Only the team’s coaches see a member’s progress.',
    });
  });
});
