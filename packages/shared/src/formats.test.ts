import { describe, expect, it } from 'vitest';
import {
  FORMAT_IDS,
  FORMATS,
  GUIDE_FORMAT_IDS,
  GUIDE_FORMATS,
  isTeamOnlyFormat,
  ONE_ON_ONE_FORMAT_IDS,
  oneOnOneFormatRefusal,
  positionOf,
  speechesOf,
  speechTitle,
  takersOf,
  twoSidedFormatRefusal,
  TWO_SIDED_FORMAT_IDS,
} from './formats.js';

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

describe('formats as data', () => {
  it('plays all six formats, Policy, World Schools and British Parliamentary in teams only', () => {
    expect(FORMAT_IDS).toEqual(['ld', 'pf', 'parli', 'policy', 'ws', 'bp']);
    expect(Object.keys(FORMATS)).toEqual(['ld', 'pf', 'parli', 'policy', 'ws', 'bp']);
    expect(GUIDE_FORMAT_IDS).toEqual(FORMAT_IDS);
    for (const id of TWO_SIDED_FORMAT_IDS) expect(GUIDE_FORMATS[id]).toBe(FORMATS[id]);
    // The guide names BP's four teams; a round seats its two benches.
    expect(GUIDE_FORMATS.bp.sideList).toHaveLength(4);
    expect(FORMATS.bp.sideList.map((side) => side.key)).toEqual(['a', 'b']);
    expect(FORMAT_IDS.filter(isTeamOnlyFormat)).toEqual(['policy', 'ws', 'bp']);
    expect(ONE_ON_ONE_FORMAT_IDS).toEqual(['ld', 'pf', 'parli']);
    expect(TWO_SIDED_FORMAT_IDS).toEqual(['ld', 'pf', 'parli', 'policy', 'ws']);
    expect(oneOnOneFormatRefusal('bp')).toMatch(/four teams of two/);
    expect(twoSidedFormatRefusal('bp')).toMatch(/four teams/);
    expect(twoSidedFormatRefusal('pf')).toBeNull();
    expect(oneOnOneFormatRefusal('ld')).toBeNull();
    expect(oneOnOneFormatRefusal('pf')).toBeNull();
    expect(oneOnOneFormatRefusal('policy')).toBe('Policy is debated in teams of two: it has no one-on-one rounds.');
    expect(oneOnOneFormatRefusal('ws')).toBe(
      'World Schools is debated in teams of three: it has no one-on-one rounds.',
    );
  });

  it('names each format’s team size and whether it may be practised one-on-one', () => {
    const sizes = GUIDE_FORMAT_IDS.map((id) => [id, GUIDE_FORMATS[id].teamSize, GUIDE_FORMATS[id].canPractiseOneOnOne]);
    expect(sizes).toEqual([
      ['ld', 1, false],
      ['pf', 2, true],
      ['parli', 2, true],
      ['policy', 2, false],
      ['ws', 3, false],
      ['bp', 2, false],
    ]);
  });

  it('refers in every speech only to positions its sides have, and gives every guide its own route', () => {
    for (const format of Object.values(GUIDE_FORMATS)) {
      for (const speech of format.speeches) {
        for (const ref of takersOf(speech)) {
          expect(positionOf(format, ref), `${format.id} ${speech.id} ${ref.side}/${ref.position}`).toBeDefined();
        }
      }
      expect(new Set(format.speeches.map((speech) => speech.id)).size).toBe(format.speeches.length);
    }
    expect(new Set(Object.values(GUIDE_FORMATS).map((format) => format.guidePath)).size).toBe(GUIDE_FORMAT_IDS.length);
  });

  it('keeps whose speech it is: a cross-examination the answering side’s, a crossfire both sides’', () => {
    expect(FORMATS.ld.speeches.map((speech) => speech.speaker)).toEqual(['a', 'a', 'b', 'b', 'a', 'b', 'a']);
    expect(FORMATS.pf.speeches.map((speech) => speech.speaker)).toEqual([
      'a',
      'b',
      'both',
      'a',
      'b',
      'both',
      'a',
      'b',
      'both',
      'a',
      'b',
    ]);
    expect(FORMATS.parli.speeches.map((speech) => speech.speaker)).toEqual(['a', 'b', 'a', 'b', 'b', 'a']);
  });

  it('times a high-school Policy round: 8-minute constructives, 3-minute CX, 5-minute rebuttals, 8 minutes of prep', () => {
    expect(GUIDE_FORMATS.policy.speeches.map((speech) => `${speech.short} ${speech.minutes}`)).toEqual([
      '1AC 8',
      'CX 3',
      '1NC 8',
      'CX 3',
      '2AC 8',
      'CX 3',
      '2NC 8',
      'CX 3',
      '1NR 5',
      '1AR 5',
      '2NR 5',
      '2AR 5',
    ]);
    expect(GUIDE_FORMATS.policy.prep).toMatchObject({ kind: 'per-side', defaultMinutes: 8 });
    expect(GUIDE_FORMATS.policy.poi).toBeUndefined();
  });

  it('times World Schools: six 8-minute speeches alternating, POIs in them, then Opposition and Proposition replies', () => {
    const { speeches, prep } = GUIDE_FORMATS.ws;
    expect(speeches.map((speech) => `${speech.speaker} ${speech.minutes} ${speech.allowsPoi ? 'poi' : '-'}`)).toEqual([
      'a 8 poi',
      'b 8 poi',
      'a 8 poi',
      'b 8 poi',
      'a 8 poi',
      'b 8 poi',
      'b 4 -',
      'a 4 -',
    ]);
    expect(GUIDE_FORMATS.ws.poi).toMatchObject({ protectedFirstSeconds: 60, protectedLastSeconds: 60 });
    expect(prep).toMatchObject({ kind: 'before-round', isHostSet: true });
    expect(speeches.some((speech) => speech.kind === 'cross-examination' || speech.kind === 'crossfire')).toBe(false);
  });
});
