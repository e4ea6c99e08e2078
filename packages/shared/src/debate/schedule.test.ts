import { describe, expect, it } from 'vitest';
import { FORMATS } from '../formats.js';
import { latestRandomStartMs, longestRoundMs, ROUND_SLACK_MS, roundsOverlap } from './schedule.js';

const MINUTE = 60_000;

describe('scheduled rounds', () => {
  it('a round lasts its speeches, all its prep and the slack', () => {
    // Lincoln Douglas: 32 minutes of speeches, 4 minutes of prep a side.
    expect(longestRoundMs('ld')).toBe(32 * MINUTE + 8 * MINUTE + ROUND_SLACK_MS);
    expect(longestRoundMs('ld', 5)).toBe(longestRoundMs('ld') + 2 * MINUTE);
    // Parliamentary: one prep block before the round, and a grace period after each speech.
    const parli = FORMATS.parli;
    const speeches = parli.speeches.reduce((sum, s) => sum + s.minutes, 0) * MINUTE;
    expect(longestRoundMs('parli')).toBe(
      speeches + parli.prep.defaultMinutes * MINUTE + parli.speeches.length * 30_000 + ROUND_SLACK_MS,
    );
  });

  it('a random round may start only if it is over before the scheduled start', () => {
    const startsAt = Date.parse('2026-11-26T15:00:00Z');
    expect(latestRandomStartMs('ld', startsAt)).toBe(startsAt - 50 * MINUTE);
  });

  it('two rounds overlap when either could still be running when the other starts', () => {
    const at = Date.parse('2026-11-26T15:00:00Z');
    const ld = (startMs: number) => ({ formatId: 'ld' as const, startMs });
    expect(roundsOverlap(ld(at), ld(at))).toBe(true);
    expect(roundsOverlap(ld(at), ld(at + 49 * MINUTE))).toBe(true);
    expect(roundsOverlap(ld(at + 49 * MINUTE), ld(at))).toBe(true);
    expect(roundsOverlap(ld(at), ld(at + 50 * MINUTE))).toBe(false);
    expect(roundsOverlap(ld(at), ld(at - 50 * MINUTE))).toBe(false);
    expect(roundsOverlap(ld(at), ld(at + 24 * 60 * MINUTE))).toBe(false);
  });
});
