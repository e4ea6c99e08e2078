import { describe, expect, it } from 'vitest';
import { GUIDE_FORMATS, type TGuideFormatRules } from '@resolved/shared';
import { describeSpeaker, formatPrep, poiSpeechWords } from './format-text';

const whoSpeaks = (format: TGuideFormatRules) => format.speeches.map((speech) => describeSpeaker(format, speech));

describe('describeSpeaker', () => {
  it('names the Public Forum partner of each speech and who takes part in each crossfire', () => {
    expect(whoSpeaks(GUIDE_FORMATS.pf)).toEqual([
      'First speaker (Pro)',
      'First speaker (Con)',
      'Both first speakers',
      'Second speaker (Pro)',
      'Second speaker (Con)',
      'Both second speakers',
      'First speaker (Pro)',
      'First speaker (Con)',
      'All four debaters',
      'Second speaker (Pro)',
      'Second speaker (Con)',
    ]);
  });

  it('names the Parliamentary member of each speech', () => {
    expect(whoSpeaks(GUIDE_FORMATS.parli)).toEqual([
      'Prime Minister (Government)',
      'Leader of the Opposition',
      'Member of the Government',
      'Member of the Opposition',
      'Leader of the Opposition',
      'Prime Minister (Government)',
    ]);
  });

  it('names Policy’s cross-examiners and World Schools’ reply speakers', () => {
    expect(whoSpeaks(GUIDE_FORMATS.policy).slice(0, 4)).toEqual([
      'First Affirmative',
      'Second Negative asks, First Affirmative answers',
      'First Negative',
      'First Affirmative asks, First Negative answers',
    ]);
    expect(whoSpeaks(GUIDE_FORMATS.ws).slice(-3)).toEqual([
      'Third speaker (Opposition)',
      'First speaker or second speaker (Opposition)',
      'First speaker or second speaker (Proposition)',
    ]);
  });

  it('keeps Lincoln Douglas to its sides', () => {
    expect(whoSpeaks(GUIDE_FORMATS.ld).slice(0, 2)).toEqual(['Affirmative', 'Negative asks, Affirmative answers']);
  });
});

describe('the guides’ other words', () => {
  it('says when the host sets the prep and which speeches take points of information', () => {
    expect(formatPrep(GUIDE_FORMATS.ws.prep)).toBe('Up to 60 min, set by the host');
    expect(formatPrep(GUIDE_FORMATS.policy.prep)).toBe('8 min per side');
    expect(formatPrep(GUIDE_FORMATS.parli.prep)).toBe('15–20 min before the round');
    expect(poiSpeechWords(GUIDE_FORMATS.parli).many).toBe('constructives');
    expect(poiSpeechWords(GUIDE_FORMATS.ws).one).toBe('8-minute speech');
  });
});
