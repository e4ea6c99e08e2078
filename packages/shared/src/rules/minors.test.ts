/** Who a minor meets: the shared rules the server enforces and the web reads. */
import { describe, expect, it } from 'vitest';
import { isMinorRound } from '../age.js';
import { judgeRefusal, type TJudgeActor } from './judge.js';
import {
  ageBandRefusal,
  minorPairingJudgeRefusal,
  spectatorsMayWatch,
  spectatorWatchRefusal,
  watchToggleRefusal,
} from './minors.js';
import { seatsOfDebate, type TRoundSeats } from './round.js';

const minorsRound: TRoundSeats = {
  status: 'live',
  debaterAId: 'a',
  debaterBId: 'b',
  judgeId: null,
  hasJudgeInvite: false,
  hasMinor: true,
  minorRoundCoachIds: ['coach'],
};

describe('who a minor meets', () => {
  it('reads a round with a debater under 18, or with no age yet, as a minor’s round', () => {
    expect(isMinorRound(['adult', 'adult'])).toBe(false);
    expect(isMinorRound(['adult', 'minor'])).toBe(true);
    expect(isMinorRound(['child', 'adult'])).toBe(true);
    expect(isMinorRound(['adult', null])).toBe(true);
    expect(isMinorRound(['adult', undefined])).toBe(true);
  });

  it('refuses a challenge across age bands unless the two share a team', () => {
    expect(ageBandRefusal({ band: 'minor', teamIds: [] }, { band: 'minor', teamIds: [] })).toBeNull();
    expect(ageBandRefusal({ band: 'adult', teamIds: [] }, { band: 'adult', teamIds: [] })).toBeNull();
    expect(ageBandRefusal({ band: 'adult', teamIds: [1] }, { band: 'minor', teamIds: [2] })).toMatchObject({
      code: 'conflict',
      reason: 'age_band',
    });
    expect(ageBandRefusal({ band: 'adult', teamIds: [1, 2] }, { band: 'minor', teamIds: [2] })).toBeNull();
    expect(ageBandRefusal({ band: null, teamIds: [] }, { band: 'adult', teamIds: [] })?.reason).toBe('age_band');
  });

  it('keeps the judge’s seat of a minor’s round for a minor, a debater’s coach, staff or a verified judge', () => {
    const seat = (actor: TJudgeActor, invite: 'none' | 'valid' = 'none') =>
      judgeRefusal(actor, { ...minorsRound, hasJudgeInvite: invite === 'valid' }, invite)?.reason ?? null;
    expect(seat({ id: 'x', role: 'user', ageBand: 'adult' })).toBe('minor_round_judge');
    expect(seat({ id: 'x', role: 'user' })).toBe('minor_round_judge');
    expect(seat({ id: 'x', role: 'user', ageBand: 'child' })).toBe('minor_round_judge');
    // An invitation does not open it to a stranger.
    expect(seat({ id: 'x', role: 'user', ageBand: 'adult' }, 'valid')).toBe('minor_round_judge');
    expect(seat({ id: 'x', role: 'user', ageBand: 'minor' })).toBeNull();
    expect(seat({ id: 'coach', role: 'user', ageBand: 'adult' })).toBeNull();
    expect(seat({ id: 'x', role: 'moderator', ageBand: 'adult' })).toBeNull();
    expect(seat({ id: 'x', role: 'admin' })).toBeNull();
    expect(seat({ id: 'x', role: 'user', ageBand: 'adult', isVerifiedJudge: true })).toBeNull();
    // A round of adults: anyone signed in, as before.
    expect(judgeRefusal({ id: 'x', role: 'user', ageBand: 'adult' }, { ...minorsRound, hasMinor: false })).toBeNull();
    expect(minorPairingJudgeRefusal('Hal')?.message).toMatch(
      /^Hal cannot judge this round: a debater in it is under 18/,
    );
    expect(minorPairingJudgeRefusal(null)).toBeNull();
  });

  it('reads the snapshot’s minors into the seats the web checks', () => {
    const seats = seatsOfDebate({
      kind: 'challenge',
      status: 'live',
      debaters: { a: { userId: 'a' }, b: { userId: 'b' } },
      judge: null,
      hasJudgeInvite: false,
      team: null,
      minors: { hasMinor: true, coachIds: ['coach'] },
    });
    expect(seats).toMatchObject({ hasMinor: true, minorRoundCoachIds: ['coach'] });
  });

  it('lets spectators watch a minor’s round only when both debaters turn it on; a round of adults unless one turns it off', () => {
    const watch = (hasMinor: boolean, a: boolean | null, b: boolean | null) =>
      spectatorsMayWatch({ hasMinor, watch: [a, b] });
    expect(watch(true, null, null)).toBe(false);
    expect(watch(true, true, null)).toBe(false);
    expect(watch(true, true, true)).toBe(true);
    expect(watch(false, null, null)).toBe(true);
    expect(watch(false, false, null)).toBe(false);
    expect(spectatorWatchRefusal(false)).toMatchObject({ code: 'forbidden', reason: 'spectators_not_watching' });
    expect(spectatorWatchRefusal(true)).toBeNull();
  });

  it('lets only the debaters of a round that is on turn watching on or off', () => {
    expect(watchToggleRefusal({ id: 'a', role: 'user' }, minorsRound)).toBeNull();
    expect(watchToggleRefusal({ id: 'x', role: 'admin' }, minorsRound)?.reason).toBe('not_in_round');
    expect(watchToggleRefusal(null, minorsRound)?.reason).toBe('not_in_round');
    expect(watchToggleRefusal({ id: 'a', role: 'user' }, { ...minorsRound, status: 'judged' })?.reason).toBe(
      'round_over',
    );
  });
});
