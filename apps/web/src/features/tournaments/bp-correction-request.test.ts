import { describe, expect, it } from 'vitest';
import type { TBpPosition, TBpSide } from '@resolved/shared';
import {
  bpCorrectionRequest,
  bpCorrectionStart,
  bpCorrectionTeams,
  isBpCorrectionLowPointWin,
  type TBpCorrectionValues,
} from './bp-correction-request';
import { judgedBpRoom } from './bp-room-fixture';
import { isBpRoomCorrectable } from './bp-view';

const room = judgedBpRoom;

/** The values with places and points changed. */
const edited = (
  values: TBpCorrectionValues,
  ranks: Partial<Record<TBpSide, string>>,
  points: Partial<Record<TBpPosition, string>> = {},
  extra: Partial<TBpCorrectionValues> = {},
): TBpCorrectionValues => ({
  ...values,
  ranks: { ...values.ranks, ...ranks },
  points: { ...values.points, ...Object.fromEntries(Object.entries(points).map(([p, v]) => [`u-${p}`, v])) },
  reason: 'The chair swapped two teams.',
  ...extra,
});

describe('a host’s correction of a BP room', () => {
  it('starts from the places and points of record, each team with its speakers in speaking order', () => {
    const start = bpCorrectionStart(room());
    expect(start.ranks).toEqual({ og: '1', oo: '2', cg: '3', co: '4' });
    expect(start.points['u-pm']).toBe('80');
    expect(start.points['u-ow']).toBe('70');
    expect(start.reason).toBe('');
    expect(bpCorrectionTeams(room()).map(({ team, seats }) => [team, seats.map((s) => s.position)])).toEqual([
      ['og', ['pm', 'dpm']],
      ['oo', ['lo', 'dlo']],
      ['cg', ['mg', 'gw']],
      ['co', ['mo', 'ow']],
    ]);
  });

  it('sends the new places and every speaker’s points with the reason, trimmed', () => {
    const values = edited(bpCorrectionStart(room()), { og: '2', oo: '1' }, { lo: '81', dlo: '80' });
    expect(bpCorrectionRequest(room(), { ...values, reason: '  Swapped.  ' })).toEqual({
      request: {
        ranks: { og: 2, oo: 1, cg: 3, co: 4 },
        speakerPoints: { pm: 80, dpm: 79, lo: 81, dlo: 80, mg: 74, gw: 73, mo: 71, ow: 70 },
        isLowPointWinConfirmed: false,
        reason: 'Swapped.',
      },
    });
  });

  it('refuses what the chair’s ballot refuses, in its words, and a missing reason', () => {
    const start = bpCorrectionStart(room());
    const errorsOf = (values: TBpCorrectionValues) => {
      const built = bpCorrectionRequest(room(), values);
      return 'errors' in built ? built.errors : null;
    };
    expect(errorsOf(edited(start, { oo: '1' }))!.result).toBe(
      'Opening Government and Opening Opposition are both ranked first: each team takes its own place, first to fourth, with no ties.',
    );
    expect(errorsOf(edited(start, { co: '' }))!.result).toBe('Rank every team: Closing Opposition has no place.');
    expect(errorsOf(edited(start, {}, { pm: '101' }))!.result).toBe(
      'Speaker points go from 50 to 100 in whole points: the Prime Minister’s 101 is not on the scale.',
    );
    expect(errorsOf(edited(start, {}, { gw: '' }))!.result).toBe('Give the Government Whip speaker points.');
    expect(errorsOf({ ...edited(start, { og: '2', oo: '1' }, { lo: '81', dlo: '80' }), reason: '  ' })).toEqual({
      reason: 'Say why the result is corrected.',
    });
  });

  it('asks a ranking the points contradict to be confirmed as a low-point win', () => {
    const swapped = edited(bpCorrectionStart(room()), { og: '2', oo: '1' });
    expect(isBpCorrectionLowPointWin(room(), swapped)).toBe(true);
    expect(isBpCorrectionLowPointWin(room(), edited(swapped, {}, { lo: '81', dlo: '80' }))).toBe(false);
    const refused = bpCorrectionRequest(room(), swapped);
    expect('errors' in refused && refused.errors.result).toBe(
      'Opening Opposition is ranked above Opening Government with fewer speaker points (153 to 159): change the points or the ranking, or confirm it as a low-point win.',
    );
    const confirmed = bpCorrectionRequest(room(), { ...swapped, isLowPointWinConfirmed: true });
    expect('request' in confirmed && confirmed.request.isLowPointWinConfirmed).toBe(true);
  });

  it('leaves a team that forfeited in its place: no place to give it, its speakers without points', () => {
    const forfeited = room({
      forfeits: { og: 4 },
      results: {
        og: { rank: 4, teamPoints: 0, speakerPoints: 0 },
        oo: { rank: 1, teamPoints: 3, speakerPoints: 153 },
        cg: { rank: 2, teamPoints: 2, speakerPoints: 147 },
        co: { rank: 3, teamPoints: 1, speakerPoints: 141 },
      },
      speakers: room().speakers.map((s) => (s.position === 'pm' || s.position === 'dpm' ? { ...s, points: null } : s)),
    });
    const start = bpCorrectionStart(forfeited);
    expect(start.points['u-pm']).toBe('');
    const values = edited(start, { oo: '2', cg: '1' }, { mg: '80', gw: '79' });
    expect(bpCorrectionRequest(forfeited, values)).toEqual({
      request: {
        ranks: { oo: 2, cg: 1, co: 3 },
        speakerPoints: { lo: 77, dlo: 76, mg: 80, gw: 79, mo: 71, ow: 70 },
        isLowPointWinConfirmed: false,
        reason: 'The chair swapped two teams.',
      },
    });
  });

  it('offers the correction on a judged room read with its speakers only (the host’s view)', () => {
    expect(isBpRoomCorrectable(room())).toBe(true);
    expect(isBpRoomCorrectable(room({ speakers: [] }))).toBe(false);
    expect(isBpRoomCorrectable(room({ debateStatus: 'live', results: null }))).toBe(false);
    expect(isBpRoomCorrectable(room({ debateStatus: 'forfeited' }))).toBe(false);
  });
});
