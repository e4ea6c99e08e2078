import { describe, expect, it } from 'vitest';
import { decayedStep, nextStep, timeLeftInWords, PLAYBAN_CLEAN_WEEK_MS } from './playban.js';
import { playbanRefusal } from './rules/restriction.js';

describe('behaviour limits', () => {
  it('says the time left in words', () => {
    expect(timeLeftInWords(30_000)).toBe('1 minute');
    expect(timeLeftInWords(0)).toBe('less than a minute');
    expect(timeLeftInWords(9 * 60_000)).toBe('9 minutes');
    expect(timeLeftInWords(2 * 60 * 60_000)).toBe('2 hours');
    expect(timeLeftInWords(90 * 60_000)).toBe('1 hour 30 minutes');
  });

  it('takes the step down one per clean week and caps the next step at 24 hours', () => {
    expect(decayedStep(2, 0, PLAYBAN_CLEAN_WEEK_MS - 1)).toBe(2);
    expect(decayedStep(2, 0, PLAYBAN_CLEAN_WEEK_MS)).toBe(1);
    expect(decayedStep(1, 0, 5 * PLAYBAN_CLEAN_WEEK_MS)).toBe(-1);
    expect(nextStep(-1)).toBe(0);
    expect(nextStep(3)).toBe(3);
  });

  it('refuses the queue only while the cooldown holds', () => {
    const now = Date.parse('2026-11-25T09:00:00Z');
    expect(playbanRefusal(null, now)).toBeNull();
    expect(playbanRefusal('2026-11-25T09:00:00.000Z', now)).toBeNull();
    expect(playbanRefusal('2026-11-25T09:10:00.000Z', now)).toMatchObject({ code: 'forbidden', reason: 'playban' });
  });
});
