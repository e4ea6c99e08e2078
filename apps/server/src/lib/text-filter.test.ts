/**
 * The text filter: the critical list is refused, other matches are flagged, look-alike letters and
 * stretched words are read as the words they imitate, and debate vocabulary is never refused or flagged.
 */
import { describe, expect, it } from 'vitest';
import { filterText } from './text-filter';

/** Debate topics discuss hard subjects: none of these may be refused or flagged. */
export const DEBATE_VOCABULARY = [
  'sexual assault policy',
  'analysis',
  'assess',
  'Scunthorpe',
  'the rape shield law',
  'cocktail',
  'This house would reform marital rape and statutory rape laws',
  'sex education should be compulsory',
  'same-sex marriage',
  'sex work should be decriminalised',
  'pornography regulation',
  'incest laws',
  'flame retardant',
  'She graduated summa cum laude',
  'a chink in the armour of their case',
  'Essex and Middlesex',
  'therapist',
  'class assessment',
  'homosexuality and sexism',
  'Penistone',
  'shiitake mushrooms',
  'constitution',
  'cumulative harms',
  'document the circumstances',
  'the classic passage of the embassy bill',
  'grapes, drapes and skyscrapers',
  'Hancock and the peacock',
  'a niggardly budget for public schools',
  'niggardliness',
  'Fagin in Oliver Twist',
  'Plan A B C',
  'the U S A and the U K',
  'of a game',
  'of a games night',
  'a S.S. officer at Nuremberg',
  'the A B Cs of policy debate',
];

describe('the text filter', () => {
  it.each(DEBATE_VOCABULARY)('neither refuses nor flags “%s”', (text) => {
    expect(filterText(text)).toEqual({ verdict: 'clean' });
  });

  it('refuses a slur of the critical list, naming the word', () => {
    expect(filterText('you are a kike')).toEqual({ verdict: 'refused', words: ['kike'] });
    expect(filterText('faggot')).toEqual({ verdict: 'refused', words: ['fag'] });
  });

  it('refuses look-alike letters and stretched forms of a critical slur', () => {
    expect(filterText('n1gg3r')).toMatchObject({ verdict: 'refused', words: ['nigger'] });
    expect(filterText('niiiiiigger')).toMatchObject({ verdict: 'refused', words: ['nigger'] });
    expect(filterText('TRANNY')).toMatchObject({ verdict: 'refused', words: ['tranny'] });
  });

  it('reads a word spelt out letter by letter as that word', () => {
    expect(filterText('n i g g e r')).toEqual({ verdict: 'refused', words: ['nigger'] });
    expect(filterText('you are a N.I.G.G.E.R!')).toEqual({ verdict: 'refused', words: ['nigger'] });
    expect(filterText('f-a-g')).toEqual({ verdict: 'refused', words: ['fag'] });
    expect(filterText('s h i t')).toEqual({ verdict: 'flagged', words: ['shit'] });
    // After a one-letter word, which the run takes in ("afag"): read without it too.
    expect(filterText('you are a f a g')).toEqual({ verdict: 'refused', words: ['fag'] });
    expect(filterText('what a t r a n n y')).toEqual({ verdict: 'refused', words: ['tranny'] });
    // With an ending on the last letter.
    expect(filterText('f a gs')).toEqual({ verdict: 'refused', words: ['fag'] });
    expect(filterText('you n.i.g.g.e.rs')).toEqual({ verdict: 'refused', words: ['nigger'] });
    // A spelt-out word after a one-letter word, each joined differently, is still read.
    expect(filterText('a f-a-g')).toEqual({ verdict: 'refused', words: ['fag'] });
    expect(filterText('a s s')).toEqual({ verdict: 'flagged', words: ['ass'] });
  });

  it('refuses a text with a critical slur even beside flagged words', () => {
    expect(filterText('shit, a kike')).toEqual({ verdict: 'refused', words: ['kike'] });
  });

  it('flags other words of the dataset', () => {
    expect(filterText('what the fuck')).toEqual({ verdict: 'flagged', words: ['fuck'] });
    expect(filterText('shit and bitch')).toEqual({ verdict: 'flagged', words: ['bitch', 'shit'] });
    // Ordinary English in some uses: read by a moderator, not refused.
    expect(filterText('chink')).toEqual({ verdict: 'flagged', words: ['chink'] });
    expect(filterText('retard')).toEqual({ verdict: 'flagged', words: ['retard'] });
  });

  it('flags look-alike letters and stretched words', () => {
    expect(filterText('fuuuuuuck')).toEqual({ verdict: 'flagged', words: ['fuck'] });
    expect(filterText('sh1t')).toEqual({ verdict: 'flagged', words: ['shit'] });
    expect(filterText('$h!t')).toEqual({ verdict: 'flagged', words: ['shit'] });
  });

  it('passes empty and ordinary text', () => {
    expect(filterText('')).toEqual({ verdict: 'clean' });
    expect(filterText('Good luck in the final round!')).toEqual({ verdict: 'clean' });
  });
});
