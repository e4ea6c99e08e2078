import { describe, expect, it } from 'vitest';
import { bpBallotResult } from '@resolved/shared';
import { bpBallotRequestOf, placesToGive } from './bp-ballot-request';

const teams = [
  {
    team: 'og' as const,
    seats: [
      { userId: 'pia', position: 'pm' },
      { userId: 'dan', position: 'dpm' },
    ],
  },
  {
    team: 'oo' as const,
    seats: [
      { userId: 'leo', position: 'lo' },
      { userId: 'del', position: 'dlo' },
    ],
  },
  {
    team: 'cg' as const,
    seats: [
      { userId: 'max', position: 'mg' },
      { userId: 'gus', position: 'gw' },
    ],
  },
  {
    team: 'co' as const,
    seats: [
      { userId: 'mo', position: 'mo' },
      { userId: 'owen', position: 'ow' },
    ],
  },
];
const points = { pia: '74', dan: '75', leo: '80', del: '79', max: '72', gus: '71', mo: '77', owen: '78' };

describe('the BP ballot form’s request', () => {
  it('leaves out a forfeited team, whose place the judge does not give, and is accepted by the ballot’s rule', () => {
    const entered = { ranks: { oo: '1', co: '2', og: '3', cg: '1' }, points };
    const request = bpBallotRequestOf(teams, entered, { cg: 4 });
    expect(request).toEqual({
      ranks: { og: 3, oo: 1, co: 2 },
      speakerPoints: { pm: 74, dpm: 75, lo: 80, dlo: 79, mo: 77, ow: 78 },
    });
    expect(bpBallotResult(request, undefined, { cg: 4 })).toMatchObject({ teamPoints: { cg: 0, og: 1 } });
    expect(placesToGive({ cg: 4 })).toEqual([1, 2, 3]);
    expect(placesToGive({ cg: 4, og: 3 })).toEqual([1, 2]);
  });

  it('sends all four teams and eight speakers when nobody forfeited; an empty field stays missing', () => {
    const request = bpBallotRequestOf(teams, { ranks: { oo: '1', co: '2', og: '3', cg: '' }, points }, {});
    expect(Object.keys(request.speakerPoints)).toHaveLength(8);
    expect(request.ranks.cg).toBeUndefined();
    expect(bpBallotResult(request)).toBe('Rank every team: Closing Government has no place.');
    expect(placesToGive({})).toEqual([1, 2, 3, 4]);
  });
});
