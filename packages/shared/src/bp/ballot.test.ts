import { describe, expect, it } from 'vitest';
import { bpBallotResult, isOnScale, lowPointWinOf, WUDC_SPEAKER_SCALE, ZBpBallotRequest } from './ballot.js';
import { bpBallotSubmitterRefusal, bpPanelRanking } from './panel.js';

/** Opening Opposition first (155), Closing Government second (152), Opening Government third (150), CO fourth (146). */
const POINTS = { pm: 75, dpm: 75, lo: 78, dlo: 77, mg: 76, gw: 76, mo: 73, ow: 73 };
const RANKS = { og: 3, oo: 1, cg: 2, co: 4 } as const;
const BALLOT = { ranks: RANKS, speakerPoints: POINTS, reason: 'Opening Opposition’s case stood to the end.' };

const issues = (input: unknown) => {
  const parsed = ZBpBallotRequest.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('the ranked ballot', () => {
  it('gives 3, 2, 1 and 0 team points by place and adds each team’s two speakers', () => {
    expect(issues(BALLOT)).toEqual([]);
    const result = bpBallotResult(ZBpBallotRequest.parse(BALLOT));
    expect(result).toEqual({
      ranks: RANKS,
      teamPoints: { og: 1, oo: 3, cg: 2, co: 0 },
      teamSpeakerPoints: { og: 150, oo: 155, cg: 152, co: 146 },
      speakerPoints: POINTS,
      isLowPointWin: false,
    });
  });

  it('refuses a tie, a missing team, a fifth team and a place outside 1 to 4, each in a sentence', () => {
    expect(bpBallotResult({ ...BALLOT, ranks: { og: 1, oo: 1, cg: 2, co: 4 } })).toBe(
      'Opening Government and Opening Opposition are both ranked first: each team takes its own place, first to fourth, with no ties.',
    );
    expect(bpBallotResult({ ...BALLOT, ranks: { og: 1, oo: 2, cg: 3 } })).toBe(
      'Rank every team: Closing Opposition has no place.',
    );
    expect(bpBallotResult({ ...BALLOT, ranks: { ...RANKS, xx: 5 } })).toBe(
      'A room has four teams: rank only OG, OO, CG and CO.',
    );
    expect(bpBallotResult({ ...BALLOT, ranks: { ...RANKS, co: 5 } })).toBe(
      'Rank Closing Opposition first, second, third or fourth (1 to 4).',
    );
    // The request schema lets a team be left out (one that forfeited takes its own place): the ballot's rule, which
    // knows the room's forfeits, refuses a team missing that did not.
    expect(issues({ ...BALLOT, ranks: { og: 1, oo: 2, cg: 3 } })).toEqual([]);
    expect(bpBallotResult({ ...BALLOT, ranks: { og: 1, oo: 2, cg: 3 } })).toBe(
      'Rank every team: Closing Opposition has no place.',
    );
    expect(issues({ ...BALLOT, ranks: { ...RANKS, co: 2.5 } })).toEqual([
      'Rank Closing Opposition first, second, third or fourth (1 to 4).',
    ]);
    expect(issues({ ...BALLOT, ranks: { ...RANKS, xx: 1 } })).toEqual([
      'A room has four teams: rank Opening Government, Opening Opposition, Closing Government and Closing Opposition.',
    ]);
  });

  it('refuses points off the scale, a missing speaker and a ninth, on the WUDC scale or the room’s own', () => {
    expect(bpBallotResult({ ...BALLOT, speakerPoints: { ...POINTS, pm: 101 } })).toBe(
      'Speaker points go from 50 to 100 in whole points: the Prime Minister’s 101 is not on the scale.',
    );
    expect(bpBallotResult({ ...BALLOT, speakerPoints: { ...POINTS, gw: 75.5 } })).toBe(
      'Speaker points go from 50 to 100 in whole points: the Government Whip’s 75.5 is not on the scale.',
    );
    const halves = { min: 60, max: 90, step: 0.5 };
    expect(bpBallotResult({ ...BALLOT, speakerPoints: { ...POINTS, gw: 75.5, mg: 76.5 } }, halves)).toMatchObject({
      teamSpeakerPoints: { cg: 152 },
    });
    expect(bpBallotResult({ ...BALLOT, speakerPoints: { ...POINTS, mo: 55 } }, halves)).toBe(
      'Speaker points go from 60 to 90 in half points: the Member of the Opposition’s 55 is not on the scale.',
    );
    const { ow: _ow, ...seven } = POINTS;
    expect(bpBallotResult({ ...BALLOT, speakerPoints: seven })).toBe('Give the Opposition Whip speaker points.');
    // The schema leaves a forfeited team's speakers out; the ballot's rule refuses one missing from a team that stayed.
    expect(issues({ ...BALLOT, speakerPoints: seven })).toEqual([]);
    expect(bpBallotResult({ ...BALLOT, speakerPoints: { ...POINTS, xw: 70 } })).toBe(
      'A room has eight speakers: give points only to PM, DPM, LO, DLO, MG, GW, MO and OW.',
    );
    expect(isOnScale(50, WUDC_SPEAKER_SCALE)).toBe(true);
    expect(isOnScale(49, WUDC_SPEAKER_SCALE)).toBe(false);
    expect(isOnScale(Number.NaN, WUDC_SPEAKER_SCALE)).toBe(false);
  });

  it('refuses a ranking that contradicts the points unless the judge confirms a low-point win', () => {
    // Closing Government second with 152, Opening Government third with 150: swap the points of their whips.
    const low = { ...POINTS, gw: 72, dpm: 79 };
    expect(bpBallotResult({ ...BALLOT, speakerPoints: low })).toBe(
      'Closing Government is ranked above Opening Government with fewer speaker points (148 to 154): change the points or the ranking, or confirm it as a low-point win.',
    );
    const level = { ...POINTS, gw: 74 };
    expect(bpBallotResult({ ...BALLOT, speakerPoints: level })).toBe(
      'Closing Government is ranked above Opening Government with the same speaker points (150 each): change the points or the ranking, or confirm it as a low-point win.',
    );
    const confirmed = bpBallotResult({ ...BALLOT, speakerPoints: low, isLowPointWinConfirmed: true });
    expect(confirmed).toMatchObject({ isLowPointWin: true, teamPoints: { og: 1, oo: 3, cg: 2, co: 0 } });
    expect(lowPointWinOf(RANKS, { og: 150, oo: 155, cg: 152, co: 146 })).toBeNull();
    expect(lowPointWinOf(RANKS, { og: 150, oo: 155, cg: 152, co: 160 })).toEqual({ higher: 'oo', lower: 'co' });
  });

  it('takes the reason as free text under the one rule', () => {
    expect(issues({ ...BALLOT, reason: '  ' })).toEqual(['Reason for decision is required.']);
    expect(issues({ ...BALLOT, reason: 'Fine\u0000' })).toEqual([
      'Reason for decision cannot contain control characters.',
    ]);
  });
});

describe('a BP panel', () => {
  const panel = { chairId: 'chair', wingIds: ['wing-1', 'wing-2'] };

  it('takes the chair’s ballot and refuses a wing’s and an outsider’s', () => {
    expect(bpBallotSubmitterRefusal('chair', panel)).toBeNull();
    expect(bpBallotSubmitterRefusal('wing-2', panel)).toBe(
      'The chair gives the panel’s ballot after the judges confer: a wing’s ballot is not taken.',
    );
    expect(bpBallotSubmitterRefusal('someone', panel)).toBe('Only a judge of this room gives its ballot.');
  });

  it('ranks by the sum of places, the chair deciding a tie', () => {
    const chair = { judgeId: 'chair', ranks: { og: 1, oo: 2, cg: 3, co: 4 } } as const;
    const wing1 = { judgeId: 'wing-1', ranks: { og: 2, oo: 1, cg: 3, co: 4 } } as const;
    const wing2 = { judgeId: 'wing-2', ranks: { og: 3, oo: 1, cg: 2, co: 4 } } as const;
    // Sums: og 6, oo 4, cg 8, co 12: the wings outvote the chair on first place.
    expect(bpPanelRanking([chair, wing1, wing2], 'chair')).toEqual({ og: 2, oo: 1, cg: 3, co: 4 });
    // Two judges split on OG and OO (3 each): the chair's order decides.
    expect(bpPanelRanking([chair, wing1], 'chair')).toEqual({ og: 1, oo: 2, cg: 3, co: 4 });
    expect(bpPanelRanking([wing1, chair], 'wing-1')).toEqual({ og: 2, oo: 1, cg: 3, co: 4 });
    expect(() => bpPanelRanking([wing1, wing2], 'chair')).toThrow(/chair/);
    expect(() => bpPanelRanking([chair, chair], 'chair')).toThrow(/once/);
  });

  it('places the teams that forfeited below the others, with no points, and ranks the rest above them', () => {
    const stayed = { pm: 74, dpm: 75, lo: 80, dlo: 79, mo: 77, ow: 78 };
    const ballot = { ranks: { oo: 1, co: 2, og: 3 }, speakerPoints: stayed, reason: 'Fine.' };
    const result = bpBallotResult(ballot, WUDC_SPEAKER_SCALE, { cg: 4 });
    expect(result).toMatchObject({
      ranks: { oo: 1, co: 2, og: 3, cg: 4 },
      teamPoints: { oo: 3, co: 2, og: 1, cg: 0 },
      teamSpeakerPoints: { oo: 159, co: 155, og: 149, cg: 0 },
      isLowPointWin: false,
    });
    expect(typeof result === 'string' ? null : Object.keys(result.speakerPoints).sort()).toEqual(
      ['dlo', 'dpm', 'lo', 'mo', 'ow', 'pm'].sort(),
    );
    // Two forfeits: fourth and third, in the order they came; the two that stayed take first and second.
    const two = bpBallotResult(
      { ranks: { oo: 2, co: 1 }, speakerPoints: { lo: 70, dlo: 70, mo: 75, ow: 75 } },
      WUDC_SPEAKER_SCALE,
      { cg: 4, og: 3 },
    );
    expect(two).toMatchObject({ ranks: { co: 1, oo: 2, og: 3, cg: 4 }, teamPoints: { co: 3, oo: 2, og: 0, cg: 0 } });
    // A forfeited team's place or points are not the judge's to give.
    expect(bpBallotResult({ ...ballot, ranks: { ...ballot.ranks, cg: 3 } }, WUDC_SPEAKER_SCALE, { cg: 4 })).toBe(
      'Closing Government forfeited: it takes fourth place, below the teams that stayed.',
    );
    expect(bpBallotResult({ ...ballot, speakerPoints: { ...stayed, gw: 70 } }, WUDC_SPEAKER_SCALE, { cg: 4 })).toBe(
      'Closing Government forfeited: its speakers get no speaker points.',
    );
    expect(bpBallotResult({ ...ballot, ranks: { oo: 1, co: 4, og: 3 } }, WUDC_SPEAKER_SCALE, { cg: 4 })).toMatch(
      /both ranked fourth/,
    );
  });
});
