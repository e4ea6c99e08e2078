import { describe, expect, it } from 'vitest';
import { judgeInviteRefusal, judgeRefusal } from './judge.js';
import { recordingConsentRefusal, recordingStartRefusal } from './recording.js';
import { replayPrivacyRefusal } from './replay.js';
import { canPostInRound, flowRefusal, isJudgeOf, judgesOf, meetingLinkReadRefusal, poiOfferRefusal } from './round.js';
import { admin, debaterA, debaterB, judge, judgedRound, reasons, round, user, visitor } from './test-fixtures.js';

describe('round rules', () => {
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

  it('admits every judge of a panel where it admits the judge, and not to the debaters’ own doors', () => {
    const panel = round({ judgeId: 'j1', panelJudgeIds: ['j1', 'j2', 'j3'] });
    const second = { id: 'j2', role: 'user' as const };
    expect(isJudgeOf('j2', panel)).toBe(true);
    expect(isJudgeOf('u1', panel)).toBe(false);
    expect(judgesOf(panel)).toEqual(['j1', 'j2', 'j3']);
    expect(judgesOf(round({ judgeId: 'j1' }))).toEqual(['j1']);
    expect(canPostInRound(second, panel)).toBe(true);
    expect(flowRefusal(second, panel)).toBeNull();
    expect(meetingLinkReadRefusal(second, panel)).toBeNull();
    expect(canPostInRound(user, panel)).toBe(false);
    expect(poiOfferRefusal(second, panel)?.reason).toBe('not_in_round');
  });
});

describe('refusals that say why', () => {
  const round = judgedRound;

  it('gives "This debate is over." one wording wherever a finished round refuses', () => {
    const over = round({ status: 'completed', judgeId: null });
    const refusals = [
      judgeRefusal(user, over),
      judgeInviteRefusal(debaterA, { ...over, isTeamRound: false }),
      recordingConsentRefusal(debaterA, over),
      recordingStartRefusal(debaterA, { ...over, consent: [true, true] }),
    ];
    expect(refusals.map((r) => [r?.code, r?.reason, r?.message])).toEqual(
      Array.from({ length: 4 }, () => ['conflict', 'round_over', 'This debate is over.']),
    );
  });

  it('keeps flows to the round’s people, points to its debaters while live, replay privacy to its debaters', () => {
    expect(reasons([user, judge, debaterA].map((a) => flowRefusal(a, round())))).toEqual(['not_in_round', null, null]);
    expect(reasons([judge, debaterA].map((a) => poiOfferRefusal(a, round())))).toEqual(['not_in_round', null]);
    expect(poiOfferRefusal(debaterA, round({ status: 'awaiting_ballot' }))).toMatchObject({ reason: 'round_over' });
    expect(reasons([judge, debaterB].map((a) => replayPrivacyRefusal(a, round())))).toEqual(['not_in_round', null]);
  });
});
