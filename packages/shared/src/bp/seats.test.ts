import { describe, expect, it } from 'vitest';
import { BP_SIDE_OF, FORMATS, mayOfferPoi, mayRunSpeech, speechesOf, type TBpPosition } from '../formats.js';
import { teamSeatsOf } from '../debate/partners.js';
import { seatingFormatRefusal, ZRoundDebaters } from '../debate/seating.js';
import { bpTeamsOfSeats, bpTeamsRefusal, drawBpSeats } from './seats.js';

const TEAMS = [
  ['u1', 'u2'],
  ['u3', 'u4'],
  ['u5', 'u6'],
  ['u7', 'u8'],
];

describe('a BP room seated from four teams of two', () => {
  it('draws every team into one place, partners together, reproducibly from its seed', () => {
    const seats = drawBpSeats(TEAMS, 'seed-1');
    expect(seats).toEqual(drawBpSeats(TEAMS, 'seed-1'));
    expect(seats.map((s) => s.position)).toEqual(['pm', 'dpm', 'lo', 'dlo', 'mg', 'gw', 'mo', 'ow']);
    expect(seats.map((s) => s.side)).toEqual(['a', 'a', 'b', 'b', 'a', 'a', 'b', 'b']);
    const teams = bpTeamsOfSeats(seats)!;
    for (const team of Object.values(teams)) {
      expect(TEAMS.some((given) => [...given].sort().join() === [...team].sort().join())).toBe(true);
    }
    // Over many seeds every team sits in every place and either partner opens: the draw is not fixed.
    const opening = new Set(
      Array.from({ length: 40 }, (_, i) => drawBpSeats(TEAMS, `s${i}`).find((s) => s.position === 'pm')!.userId),
    );
    expect(opening.size).toBe(8);
  });

  it('is a seating the round format takes: two benches of four in its positions', () => {
    const seats = drawBpSeats(TEAMS, 'seed-2');
    expect(ZRoundDebaters.safeParse(seats).success).toBe(true);
    expect(seatingFormatRefusal(FORMATS.bp, seats)).toBeNull();
    // Every seat's team follows from its position, for the partner chat, the team flow and the huddle.
    const teams = teamSeatsOf('bp', seats);
    for (const seat of teams) expect(seat.side).toBe(BP_SIDE_OF[seat.position as TBpPosition]);
    // Another format's seats stay as given.
    expect(teamSeatsOf('parli', [{ userId: 'x', side: 'a', position: 'pm' }])[0]!.side).toBe('a');
  });

  it('refuses what is not four teams of two different people', () => {
    expect(bpTeamsRefusal(TEAMS.slice(0, 3))).toMatch(/exactly four teams/);
    expect(bpTeamsRefusal([...TEAMS, ['u9', 'u10']])).toMatch(/exactly four teams/);
    expect(bpTeamsRefusal([['u1', 'u2', 'u9'], ...TEAMS.slice(1)])).toMatch(/two debaters/);
    expect(bpTeamsRefusal([['u1', 'u3'], ...TEAMS.slice(1)])).toMatch(/two places/);
    expect(() => drawBpSeats(TEAMS.slice(0, 3), 'x')).toThrow(RangeError);
  });
});

describe('British Parliamentary as a round plays it', () => {
  const bp = FORMATS.bp;
  it('speaks PM, LO, DPM, DLO, MG, MO, GW, OW, seven minutes each, with 15 minutes of prep before', () => {
    expect(speechesOf('bp', 'a').map((s) => [s.short, s.speaker, s.minutes])).toEqual([
      ['PM', 'a', 7],
      ['LO', 'b', 7],
      ['DPM', 'a', 7],
      ['DLO', 'b', 7],
      ['MG', 'a', 7],
      ['MO', 'b', 7],
      ['GW', 'a', 7],
      ['OW', 'b', 7],
    ]);
    expect(bp.prep).toMatchObject({ kind: 'before-round', defaultMinutes: 15 });
    expect(bp.teamSize).toBe(4);
  });

  it('lets only the speaker run a speech, and takes points from the other bench outside protected time', () => {
    expect(mayRunSpeech(bp, 'mg', { side: 'a', position: 'mg' })).toBe(true);
    expect(mayRunSpeech(bp, 'mg', { side: 'a', position: 'pm' })).toBe(false);
    expect(mayRunSpeech(bp, 'mg', { side: 'b', position: 'mo' })).toBe(false);
    // During the PM: any Opposition member, not the Closing Government.
    expect(mayOfferPoi(bp, 'pm', { side: 'b', position: 'mo' }, 120)).toBe(true);
    expect(mayOfferPoi(bp, 'pm', { side: 'a', position: 'mg' }, 120)).toBe(false);
    expect(mayOfferPoi(bp, 'pm', { side: 'b', position: 'lo' }, 30)).toBe(false);
    expect(mayOfferPoi(bp, 'pm', { side: 'b', position: 'lo' }, 6 * 60 + 30)).toBe(false);
  });
});
