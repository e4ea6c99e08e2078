import { describe, expect, it } from 'vitest';
import { FORFEIT_AFTER_MS } from '@resolved/shared';
import { awayWindowInWords, leaveLiveDebateQuestion, liveDebateBannerText } from './away-words';

describe('the away window in words', () => {
  it('says the product minute as "a minute", other windows in minutes or seconds', () => {
    expect(awayWindowInWords(FORFEIT_AFTER_MS)).toBe('a minute');
    expect(awayWindowInWords(120_000)).toBe('2 minutes');
    expect(awayWindowInWords(90_000)).toBe('90 seconds');
    expect(awayWindowInWords(5_000)).toBe('5 seconds');
    expect(awayWindowInWords(1_000)).toBe('1 second');
    expect(awayWindowInWords(1_400)).toBe('1 second');
  });

  it('puts the server setting into the banner and the leave question', () => {
    expect(liveDebateBannerText(5_000)).toBe(
      'You are in a live debate — return within 5 seconds or it counts as a forfeit.',
    );
    expect(leaveLiveDebateQuestion(FORFEIT_AFTER_MS)).toBe(
      'You are in a live debate. If you stay away for more than a minute, you forfeit the round. Leave anyway?',
    );
    expect(leaveLiveDebateQuestion(180_000)).toContain('for more than 3 minutes,');
  });
});
