import { describe, expect, it } from 'vitest';
import { FORMATS, speechTitle } from './formats.js';

describe('speechTitle', () => {
  it('names whose speech it is only when the name does not say so', () => {
    const [ac, cx] = FORMATS.ld.speeches;
    expect(speechTitle(FORMATS.ld, ac!)).toBe('Affirmative Constructive');
    expect(speechTitle(FORMATS.ld, cx!)).toBe('Cross-Examination of the Affirmative');
    const [pmc, loc] = FORMATS.parli.speeches;
    expect(speechTitle(FORMATS.parli, pmc!)).toBe('Prime Minister Constructive (Government)');
    expect(speechTitle(FORMATS.parli, loc!)).toBe('Leader of the Opposition Constructive');
    const crossfire = FORMATS.pf.speeches.find((speech) => speech.speaker === 'both')!;
    expect(speechTitle(FORMATS.pf, crossfire)).toBe('First Crossfire');
  });
});
