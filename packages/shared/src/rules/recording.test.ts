import { describe, expect, it } from 'vitest';
import {
  canDeleteRecordings,
  recordingConsentRefusal,
  recordingStartRefusal,
  recordingViewRefusal,
} from './recording.js';
import { meetingLinkRefusal } from './round.js';
import { admin, debaterA, debaterB, judge, judgedRound, reasons, round, user, visitor } from './test-fixtures.js';

describe('round rules', () => {
  it('lets only the debaters delete the round’s recordings, not its judge', () => {
    const seated = round({ judgeId: 'j1', status: 'forfeited' });
    expect([visitor, user, admin, judge, debaterA, debaterB].map((a) => canDeleteRecordings(a, seated))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });
});

describe('refusals that say why', () => {
  const round = judgedRound;

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
    const halfAgreed = { ...round(), consent: [true, false] };
    expect(recordingStartRefusal(debaterA, halfAgreed)).toMatchObject({ reason: 'no_recording_consent' });
    expect(recordingStartRefusal(debaterA, { ...halfAgreed, consent: [true, true] })).toBeNull();
    expect(reasons([user, judge, debaterA].map((a) => recordingViewRefusal(a, round())))).toEqual([
      'not_in_round',
      null,
      null,
    ]);
  });
});
