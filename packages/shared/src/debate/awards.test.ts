import { describe, expect, it } from 'vitest';
import { DEBATE_POINTS } from '../points.js';
import { FORMATS } from '../formats.js';
import { createClock, startSpeech } from './clock.js';
import {
  AWARD_RULES,
  awardsFor,
  DEBATE_POINTS_CONDITIONS,
  notCountedText,
  scheduledSpeechMs,
  spokenIncrement,
  ZNotCounted,
  type TRoundFacts,
} from './awards.js';

const full = scheduledSpeechMs('ld');
const base: TRoundFacts = {
  debateId: 7,
  formatId: 'ld',
  ending: 'judged',
  winnerSide: 'b',
  spokenMs: full,
  wasForfeiterPresent: true,
  wasJudgeSeatedBeforeSpeeches: true,
  pairRoundsInWindow: 0,
  judgePairRoundsInWindow: 0,
};
const pointsOf = (facts: TRoundFacts) => {
  const totals = { a: 0, b: 0, judge: 0 };
  for (const award of awardsFor(facts).awards) totals[award.recipient] += award.points;
  return totals;
};

describe('awardsFor', () => {
  it('pays a real judged round as the product promises: completion, the win, the judge', () => {
    expect(scheduledSpeechMs('ld')).toBe(32 * 60_000);
    expect(pointsOf(base)).toEqual({
      a: DEBATE_POINTS.complete,
      b: DEBATE_POINTS.complete + DEBATE_POINTS.win,
      judge: DEBATE_POINTS.judge,
    });
    expect(awardsFor(base).isRated).toBe(true);
    expect(awardsFor(base).awards.map((a) => a.reason)).toEqual([
      'Completed debate #7',
      'Completed debate #7',
      'Won debate #7',
      'Judged debate #7',
    ]);
  });

  it('pays nothing and rates nothing for a round clicked through', () => {
    const clicked = { ...base, spokenMs: 300 };
    expect(pointsOf(clicked)).toEqual({ a: 0, b: 0, judge: 0 });
    expect(awardsFor(clicked).isRated).toBe(false);
    expect(awardsFor(clicked).withheld.map((w) => w.reason)).toEqual([
      'No points for debate #7: speeches ran 0% of their time (50% needed)',
      'No points for debate #7: speeches ran 0% of their time (50% needed)',
      'No points for debate #7: the speeches did not run long enough for the round to count',
    ]);
  });

  it('draws the line at half the speech time', () => {
    const justUnder = { ...base, spokenMs: full * AWARD_RULES.minSpokenShare - 1 };
    const justOver = { ...base, spokenMs: full * AWARD_RULES.minSpokenShare };
    expect(pointsOf(justUnder).b).toBe(0);
    expect(pointsOf(justOver).b).toBe(DEBATE_POINTS.complete + DEBATE_POINTS.win);
  });

  it('pays the same pair once per window, and the same judge of that pair once', () => {
    const again = { ...base, pairRoundsInWindow: 1, judgePairRoundsInWindow: 1 };
    expect(pointsOf(again)).toEqual({ a: 0, b: 0, judge: 0 });
    expect(awardsFor(again).isRated).toBe(false);
    expect(awardsFor(again).withheld[0]!.reason).toMatch(/same two debaters already earned points/);
    // A different judge of a fresh pair still earns; the same judge of a fresh pair too.
    expect(pointsOf({ ...base, judgePairRoundsInWindow: 1 }).judge).toBe(0);
  });

  it('pays no judge who sat down after the speeches began', () => {
    const late = { ...base, wasJudgeSeatedBeforeSpeeches: false };
    expect(pointsOf(late)).toEqual({ a: 10, b: 25, judge: 0 });
    expect(awardsFor(late).withheld).toEqual([
      { recipient: 'judge', points: 0, reason: 'No points for debate #7: the judge joined after the speeches began' },
    ]);
  });

  it('pays a forfeit win only for a round that began with the opponent present', () => {
    const forfeit = { ...base, ending: 'forfeited' as const, winnerSide: 'a' as const, spokenMs: 3 * 60_000 };
    expect(pointsOf(forfeit)).toEqual({ a: DEBATE_POINTS.complete + DEBATE_POINTS.win, b: 0, judge: 0 });
    expect(pointsOf({ ...forfeit, spokenMs: 0 })).toEqual({ a: 0, b: 0, judge: 0 });
    expect(pointsOf({ ...forfeit, wasForfeiterPresent: false })).toEqual({ a: 0, b: 0, judge: 0 });
    expect(pointsOf({ ...forfeit, pairRoundsInWindow: 2 })).toEqual({ a: 0, b: 0, judge: 0 });
    expect(awardsFor(forfeit).isRated).toBe(false);
  });

  it('pays completion without a ballot when the speeches ran', () => {
    const completed = { ...base, ending: 'completed' as const, winnerSide: null };
    expect(pointsOf(completed)).toEqual({ a: 10, b: 10, judge: 0 });
    expect(awardsFor(completed).isRated).toBe(false);
  });
});

describe('a round that does not count (a practice round)', () => {
  it('counts a real round, and says nothing about it', () => {
    expect(awardsFor(base).notCounted).toBeNull();
    expect(awardsFor({ ...base, ending: 'forfeited', spokenMs: 3 * 60_000 }).notCounted).toBeNull();
  });

  it('says how much of the speech time ran, and from how much a round counts', () => {
    const outcome = awardsFor({ ...base, spokenMs: full * 0.125 });
    expect(outcome.notCounted).toEqual({ rule: 'speech_share', spokenShare: 0.125 });
    expect(notCountedText(outcome.notCounted!)).toBe(
      'Not counted for points: speeches ran 12% of their time; a round counts from 50%',
    );
    // A round without a ballot, too.
    expect(awardsFor({ ...base, ending: 'completed', winnerSide: null, spokenMs: 0 }).notCounted).toEqual({
      rule: 'speech_share',
      spokenShare: 0,
    });
  });

  it('names the forfeit rule a round met, and the repeat of a pair', () => {
    const forfeit = { ...base, ending: 'forfeited' as const, winnerSide: 'a' as const };
    const early = awardsFor({ ...forfeit, spokenMs: 70_000 }).notCounted!;
    expect(notCountedText(early)).toBe(
      'Not counted for points: the round ended after 1:10 of speeches; a forfeit counts after 2 minutes',
    );
    expect(awardsFor({ ...forfeit, wasForfeiterPresent: false }).notCounted).toEqual({ rule: 'forfeit_absent' });
    expect(awardsFor({ ...forfeit, spokenMs: 3 * 60_000, pairRoundsInWindow: 1 }).notCounted).toEqual({
      rule: 'same_pair',
    });
    const repeat = awardsFor({ ...base, pairRoundsInWindow: 1 }).notCounted!;
    expect(notCountedText(repeat)).toBe(
      'Not counted for points: these two debaters already earned points from a round in the last 24 hours; a pair counts once every 24 hours',
    );
    // What is stored reads back as it was written.
    for (const reason of [early, repeat]) expect(ZNotCounted.parse(JSON.parse(JSON.stringify(reason)))).toEqual(reason);
  });

  it('states the conditions from the same constants', () => {
    expect(DEBATE_POINTS_CONDITIONS).toContain('at least 50% of their time');
    expect(DEBATE_POINTS_CONDITIONS).toContain('2 minutes of speeches');
    expect(DEBATE_POINTS_CONDITIONS).toContain('one round every 24 hours');
  });
});

describe('spokenIncrement', () => {
  it('counts the running speech up to its scheduled length plus grace, and nothing outside a speech', () => {
    const idle = createClock('parli');
    expect(spokenIncrement(idle, 10_000_000)).toBe(0);
    const speaking = startSpeech(idle, 1_000_000);
    expect(spokenIncrement(speaking, 1_000_000 + 90_000)).toBe(90_000);
    const pmcMs = FORMATS.parli.speeches[0]!.minutes * 60_000 + (FORMATS.parli.graceSeconds ?? 0) * 1000;
    expect(spokenIncrement(speaking, 1_000_000 + 60 * 60_000)).toBe(pmcMs);
  });
});
