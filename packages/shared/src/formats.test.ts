import { describe, expect, it } from 'vitest';
import { FORMATS, speechesOf, speechTitle } from './formats.js';

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

describe('speechesOf', () => {
  it('keeps the format’s own order when side a speaks first', () => {
    for (const id of ['ld', 'pf', 'parli'] as const) expect(speechesOf(id, 'a')).toBe(FORMATS[id].speeches);
  });

  it('runs Public Forum Con-first: each Pro and Con pair swapped, crossfires where they were', () => {
    expect(speechesOf('pf', 'b').map((speech) => speech.id)).toEqual([
      'con-constructive',
      'pro-constructive',
      'crossfire-1',
      'con-rebuttal',
      'pro-rebuttal',
      'crossfire-2',
      'con-summary',
      'pro-summary',
      'grand-crossfire',
      'con-final-focus',
      'pro-final-focus',
    ]);
  });

  it('keeps every speech and its timing whichever side goes first', () => {
    const byId = (list: readonly { id: string; minutes: number }[]) =>
      list.map((speech) => `${speech.id}:${speech.minutes}`).sort();
    expect(byId(speechesOf('pf', 'b'))).toEqual(byId(FORMATS.pf.speeches));
  });
});
