import { describe, expect, it } from 'vitest';
import {
  isEntryOpen,
  isParadigmShown,
  judgesOwed,
  lateEntryCutoff,
  ZJudgeObligationRequest,
  ZParadigmRequest,
  ZRoundMotionRequest,
} from './tournament-judging.js';

describe('late entry', () => {
  it('closes once half the preliminary rounds, rounded up, are released: a late entrant misses fewer than half', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(lateEntryCutoff)).toEqual([1, 1, 2, 2, 3, 3, 5]);
    const open = (prelimRounds: number, roundsReleased: number, status = 'running') =>
      isEntryOpen({ prelimRounds, roundsReleased, status });
    expect(open(4, 0, 'registration')).toBe(true);
    expect(open(4, 1)).toBe(true);
    expect(open(4, 2)).toBe(false);
    expect(open(6, 2)).toBe(true);
    expect(open(6, 3)).toBe(false);
    // 1 of 3 and 2 of 5 missed are fewer than half; 2 of 3 and 3 of 5 are not.
    expect(open(3, 1)).toBe(true);
    expect(open(3, 2)).toBe(false);
    expect(open(5, 2)).toBe(true);
    expect(open(5, 3)).toBe(false);
    // Two rounds or fewer: no late entry at all.
    expect(open(2, 1)).toBe(false);
    expect(open(1, 1)).toBe(false);
    expect(open(6, 1, 'finished')).toBe(false);
  });
});

describe('judge obligation', () => {
  it('owes one judge per N entrants, rounded up, and none without a setting', () => {
    expect(judgesOwed(3, 2)).toBe(2);
    expect(judgesOwed(4, 2)).toBe(2);
    expect(judgesOwed(1, 3)).toBe(1);
    expect(judgesOwed(0, 2)).toBe(0);
    expect(judgesOwed(5, null)).toBe(0);
  });

  it('takes 1 to 50 or null', () => {
    expect(ZJudgeObligationRequest.safeParse({ entrantsPerJudge: null }).success).toBe(true);
    expect(ZJudgeObligationRequest.safeParse({ entrantsPerJudge: 3 }).success).toBe(true);
    for (const bad of [0, 51, 1.5, '2', undefined]) {
      expect(ZJudgeObligationRequest.safeParse({ entrantsPerJudge: bad }).success).toBe(false);
    }
  });
});

describe('paradigms and motions', () => {
  it('shows a paradigm only for an adult', () => {
    expect(isParadigmShown('adult')).toBe(true);
    expect(isParadigmShown('minor')).toBe(false);
    expect(isParadigmShown('child')).toBe(false);
    expect(isParadigmShown(null)).toBe(false);
    expect(isParadigmShown(undefined)).toBe(false);
  });

  it('limits a paradigm to 2,000 characters and a motion to 300, trimmed', () => {
    expect(ZParadigmRequest.parse({ paradigm: '  Tabula rasa.  ' })).toEqual({ paradigm: 'Tabula rasa.' });
    expect(ZParadigmRequest.safeParse({ paradigm: 'x'.repeat(2001) }).success).toBe(false);
    expect(ZRoundMotionRequest.safeParse({ motion: '   ' }).success).toBe(false);
    expect(ZRoundMotionRequest.safeParse({ motion: 'x'.repeat(301) }).success).toBe(false);
  });
});
