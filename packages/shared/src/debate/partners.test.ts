import { describe, expect, it } from 'vitest';
import {
  audioAudienceOf,
  isPrepHuddle,
  partnerChannelRefusal,
  sendsAudioTo,
  teamSideOf,
  ZTeamFlowEditRequest,
} from './partners.js';

const TEAMS = [
  { userId: 'a1', side: 'a' },
  { userId: 'a2', side: 'a' },
  { userId: 'b1', side: 'b' },
  { userId: 'b2', side: 'b' },
];
const ONE_ON_ONE = [
  { userId: 'a1', side: 'a' },
  { userId: 'b1', side: 'b' },
];
const prep = { phase: 'prep' as const };
const people = ['a1', 'a2', 'b1', 'b2', 'judge', 'spectator'];

describe('partners confer', () => {
  it('opens a team’s channels to its own debaters only, and only on a side of two or more', () => {
    expect(TEAMS.map((d) => teamSideOf(d.userId, TEAMS))).toEqual(['a', 'a', 'b', 'b']);
    expect(teamSideOf('judge', TEAMS)).toBeNull();
    expect(teamSideOf('a1', ONE_ON_ONE)).toBeNull();
    const user = (id: string) => ({ id, role: 'user' as const });
    expect(partnerChannelRefusal(user('a2'), TEAMS, 'partner_chat')).toBeNull();
    expect(partnerChannelRefusal(user('judge'), TEAMS, 'partner_chat')).toMatchObject({
      reason: 'not_in_round',
      message: 'Only the partners of a team write in its partner chat.',
    });
    expect(partnerChannelRefusal(null, TEAMS, 'team_flow')?.reason).toBe('not_in_round');
    expect(partnerChannelRefusal(user('a1'), ONE_ON_ONE, 'team_flow')?.reason).toBe('not_in_round');
  });

  it('splits the call into huddles while prep runs, in a round with a team', () => {
    expect(isPrepHuddle(prep, TEAMS)).toBe(true);
    expect(isPrepHuddle({ phase: 'speech' }, TEAMS)).toBe(false);
    expect(isPrepHuddle({ phase: 'idle' }, TEAMS)).toBe(false);
    expect(isPrepHuddle(prep, ONE_ON_ONE)).toBe(false);
  });

  it('lets a debater in a huddle be heard by their partner only, and the judge by everyone', () => {
    const hears = (clock: { phase: 'prep' | 'speech' }, from: string) =>
      people.filter((to) => to !== from && sendsAudioTo(clock, TEAMS, from, to));
    expect(hears(prep, 'a1')).toEqual(['a2']);
    expect(hears(prep, 'b2')).toEqual(['b1']);
    expect(hears(prep, 'judge')).toEqual(['a1', 'a2', 'b1', 'b2', 'spectator']);
    expect(hears({ phase: 'speech' }, 'a1')).toEqual(['a2', 'b1', 'b2', 'judge', 'spectator']);
    expect(audioAudienceOf(prep, TEAMS, 'a1')).toEqual(['a2']);
    expect(audioAudienceOf(prep, TEAMS, 'judge')).toBeNull();
    expect(audioAudienceOf({ phase: 'idle' }, TEAMS, 'a1')).toBeNull();
    expect(audioAudienceOf(prep, ONE_ON_ONE, 'a1')).toBeNull();
  });

  it('takes a team flow’s edits cell by cell, within the sheet', () => {
    const cell = { column: 0, row: 0, text: 'C1', isExtension: false };
    expect(ZTeamFlowEditRequest.safeParse({ cells: [cell] }).success).toBe(true);
    for (const cells of [
      [],
      [{ ...cell, row: 60 }],
      [{ ...cell, column: 12 }],
      [{ ...cell, text: 'x'.repeat(1001) }],
    ]) {
      expect(ZTeamFlowEditRequest.safeParse({ cells }).success).toBe(false);
    }
    expect(ZTeamFlowEditRequest.safeParse({ cells: Array.from({ length: 101 }, () => cell) }).success).toBe(false);
  });
});
