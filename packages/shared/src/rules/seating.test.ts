import { describe, expect, it } from 'vitest';
import { seatingFormatRefusal, ZRoundDebaters, type TRoundSeating } from '../debate/seating.js';
import { FORMATS } from '../formats.js';
import type { TMeetingProfile } from '../debate/matchmaking.js';
import { seatingRefusal, type TSeatingFacts } from './seating.js';
import { recordingConsentRefusal } from './recording.js';
import { judgeRefusal } from './judge.js';
import { mediaPublisherSeats, speakersOf } from './media.js';
import { round } from './test-fixtures.js';

const seat = (userId: string, side: string, position: string | null) => ({ userId, side, position });
const twoVTwo: TRoundSeating = {
  debaters: [seat('a1', 'a', 'first'), seat('a2', 'a', 'second'), seat('b1', 'b', 'first'), seat('b2', 'b', 'second')],
  judgeIds: ['j'],
};
const adult: TMeetingProfile = { band: 'adult', teamIds: [] };
const facts = (over: Partial<TSeatingFacts> = {}): TSeatingFacts => ({
  unseatable: new Set(),
  isBlocked: () => false,
  profiles: new Map(['a1', 'a2', 'b1', 'b2'].map((id) => [id, adult])),
  nameOf: (id) => id.toUpperCase(),
  ...over,
});

describe('a round’s seating', () => {
  it('parses teams of one to three in distinct positions, and refuses the same person twice', () => {
    expect(ZRoundDebaters.safeParse(twoVTwo.debaters).success).toBe(true);
    expect(ZRoundDebaters.safeParse([seat('x', 'a', null), seat('y', 'b', null)]).success).toBe(true);
    const twice = ZRoundDebaters.safeParse([seat('x', 'a', 'first'), seat('x', 'a', 'second'), seat('y', 'b', null)]);
    expect(twice.error?.issues[0]?.message).toBe('The same person cannot hold two seats in one round.');
    expect(ZRoundDebaters.safeParse([seat('x', 'a', null), seat('x', 'b', null)]).success).toBe(false);
    expect(
      ZRoundDebaters.safeParse([seat('x', 'a', 'first'), seat('y', 'a', 'first'), seat('z', 'b', null)]).success,
    ).toBe(false);
    expect(
      ZRoundDebaters.safeParse([seat('x', 'a', 'first'), seat('y', 'a', null), seat('z', 'b', null)]).success,
    ).toBe(false);
    // A bench of four parses (British Parliamentary's); five never do, and the format's positions bound the rest.
    const four = ['1', '2', '3', '4'].map((p) => seat(`a${p}`, 'a', p));
    expect(ZRoundDebaters.safeParse([...four, seat('z', 'b', null)]).success).toBe(true);
    const five = ['1', '2', '3', '4', '5'].map((p) => seat(`a${p}`, 'a', p));
    expect(ZRoundDebaters.safeParse([...five, seat('z', 'b', null)]).success).toBe(false);
    expect(seatingFormatRefusal(FORMATS.pf, four)).toMatch(/Public Forum’s Pro has no position/);
    expect(ZRoundDebaters.safeParse([seat('x', 'a', 'first'), seat('y', 'a', 'second')]).success).toBe(false);
  });

  it('reads every seat: a restricted partner, a block between partners or with the judge, a minor with an adult stranger', () => {
    expect(seatingRefusal(twoVTwo, facts())).toBeNull();
    expect(seatingRefusal(twoVTwo, facts({ unseatable: new Set(['b2']) }))).toMatchObject({
      reason: 'seat_unavailable',
      message: expect.stringContaining('B2'),
    });
    const blocked = (x: string, y: string) => (p: string, q: string) => (p === x && q === y) || (p === y && q === x);
    expect(seatingRefusal(twoVTwo, facts({ isBlocked: blocked('a1', 'a2') }))).toMatchObject({ reason: 'blocked' });
    expect(seatingRefusal(twoVTwo, facts({ isBlocked: blocked('b2', 'j') }))).toMatchObject({ reason: 'blocked' });
    const teen: TMeetingProfile = { band: 'minor', teamIds: [7] };
    const withTeen = (profile: TMeetingProfile) =>
      facts({
        profiles: new Map([
          ['a1', teen],
          ['a2', profile],
          ['b1', { ...teen, teamIds: [] }],
          ['b2', teen],
        ]),
      });
    expect(seatingRefusal(twoVTwo, withTeen(adult))).toMatchObject({ reason: 'age_band_pair' });
    // The teammates exception: an adult who shares a team with a minor meets them, and only them.
    expect(seatingRefusal(twoVTwo, withTeen({ band: 'adult', teamIds: [7] }))).toMatchObject({
      reason: 'age_band_pair',
      message: expect.stringContaining('A2 and B1'),
    });
  });

  it('admits every debater of `debaterIds` where a debater is admitted, and keeps each out of the judge’s seat', () => {
    const seats = round({ debaterIds: ['da', 'p2', 'db', 'p4'] });
    const partner = { id: 'p4', role: 'user' as const };
    expect(recordingConsentRefusal(partner, seats)).toBeNull();
    expect(recordingConsentRefusal(partner, round())).toMatchObject({ reason: 'not_in_round' });
    expect(judgeRefusal(partner, seats, 'none')).toMatchObject({ reason: 'debater_cannot_judge' });
    expect(speakersOf(seats)).toEqual(['da', 'p2', 'db', 'p4']);
    expect(mediaPublisherSeats(seats)).toBe(5);
  });
});
