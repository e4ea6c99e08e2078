import { describe, expect, it } from 'vitest';
import type { TActor } from './actor.js';
import {
  canDeleteRecordings,
  recordingConsentRefusal,
  recordingStartRefusal,
  recordingViewRefusal,
} from './recording.js';
import { meetingLinkRefusal, type TRoundSeats } from './round.js';

const visitor: TActor = null;
const user: TActor = { id: 'u1', role: 'user' };
const admin: TActor = { id: 'a1', role: 'admin' };

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
});
