import { describe, expect, it } from 'vitest';
import { GUIDE_FORMATS, type TGuideFormatRules } from '@resolved/shared';
import { describeSpeaker, formatPrep, formatTeamSize, poiSpeechWords, sharedBenchWords } from './format-text';

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

describe('a guide of four teams', () => {
  it('names each British Parliamentary speaker with their team, and the benches that never offer each other points', () => {
    const bp = GUIDE_FORMATS.bp;
    expect(whoSpeaks(bp).slice(0, 2)).toEqual([
      'Prime Minister (Opening Government)',
      'Leader of the Opposition (Opening Opposition)',
    ]);
    expect(whoSpeaks(bp).at(-1)).toBe('Opposition Whip (Closing Opposition)');
    expect(formatTeamSize(bp)).toBe('2 debaters a team');
    expect(formatTeamSize(GUIDE_FORMATS.pf)).toBe('2 debaters a side');
    expect(formatPrep(bp.prep)).toBe('15 min before the round');
    expect(poiSpeechWords(bp)).toEqual({ one: 'speech', many: 'every speech', isEvery: true });
    expect(sharedBenchWords(bp)).toBe(
      'Opening Government and Closing Government never to each other, nor Opening Opposition and Closing Opposition',
    );
    expect(sharedBenchWords(GUIDE_FORMATS.parli)).toBeNull();
  });
});
