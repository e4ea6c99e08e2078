/**
 * The text filter: what people write for others to read — chat, names, team names and
 * descriptions, evidence names and notes, report and appeal text — passes through the maintained `obscenity` library
 * (its English dataset with the recommended transformers, which read look-alike letters such as `1` for `i` and
 * stretched words such as `fuuuck`). There is no hand-written word list: the dataset is the library's, adjusted only
 * through its API (docs/decisions.md, "The text filter's dataset").
 *
 * Pure and synchronous: `screenText` turns a verdict into a refusal or a flag; moderation files what was flagged
 * (`lib/filter-hits.ts`).
 */
import { refusalOf, type TFilterHit } from '@resolved/shared';
import {
  DataSet,
  englishDataset,
  englishRecommendedTransformers,
  RegExpMatcher,
  type EnglishProfaneWord,
} from 'obscenity';
import { refused } from './errors';

/**
 * The critical list: slurs refused outright (never stored), named by the dataset's original words. Each is a slur
 * whatever the context; words that are also ordinary English ("chink" of light, a "dyke" on a river, to "retard"
 * growth) are flagged instead, so a moderator reads them in context.
 */
export const CRITICAL_WORDS: readonly EnglishProfaneWord[] = [
  'nigger',
  'kike',
  'fag',
  'tranny',
  'africoon',
  'arabush',
  'abeed',
  'boonga',
  'chingchong',
];

/**
 * Phrases taken out of the dataset: debate topics discuss them, so neither refusing nor flagging them is right
 * ("the rape shield law", "marital rape", "sex education", "same-sex marriage", "sex work", "incest laws"). Abuse that
 * uses them still reaches moderators through people's reports.
 */
const REMOVED_WORDS: readonly EnglishProfaneWord[] = ['rape', 'sex', 'incest'];

/**
 * Whitelisted terms added to the dataset: a match inside one of these is not a match. Each is ordinary English or a
 * debate phrase the dataset's patterns catch.
 */
const DEBATE_WHITELIST: readonly string[] = [
  'pornograph', // "pornography regulation", "pornographic"
  'cum laude', // "magna cum laude", "summa cum laude"
  'retardant', // "flame retardant"
  'shiitake',
  'penistone',
  'chink in', // "a chink in the armour"
  'chink of light',
  'booby trap',
  'niggard', // "niggardly", "niggardliness": unrelated to the slur (Old Norse), and in debate vocabulary
  'fagin', // Dickens's character, a byword for a receiver of stolen goods
];

const dataset = new DataSet<{ originalWord: EnglishProfaneWord }>()
  .addAll(englishDataset)
  .removePhrasesIf((phrase) => phrase.metadata !== undefined && REMOVED_WORDS.includes(phrase.metadata.originalWord))
  .addPhrase((phrase) => DEBATE_WHITELIST.reduce((builder, term) => builder.addWhitelistedTerm(term), phrase));

const matcher = new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers });

export type TFilterVerdict =
  /** Nothing matched. */
  | { verdict: 'clean' }
  /** A word of the critical list matched: refuse the text. `words` are the dataset's original words. */
  | { verdict: 'refused'; words: string[] }
  /** Other words matched: store the text and file an automatic case. */
  | { verdict: 'flagged'; words: string[] };

/** What may stand between the letters of a word spelt out: spaces, dots, dashes and the like. */
const SEPARATORS = `[\\s.\\-_*+'"|/\\\\]+`;

/**
 * Runs of three or more single letters with separators between them ("n i g g e r", "f.a.g"): the dataset's
 * patterns read words, so a word spelt out letter by letter passes them. Each run is read again with its separators
 * taken out, and again without its first letter: a one-letter word before the spelt-out one ("a f a g", "I …")
 * joins the run, and several of the dataset's patterns match only at the start of a word. The last letter may carry
 * an ending ("f a gs", "f a gged"). Only single letters are joined — "of a game" stays three words — so ordinary
 * text is read as before.
 */
const SPELT_OUT = new RegExp(
  `(?<![\\p{L}\\p{N}])\\p{L}(?:${SEPARATORS}\\p{L}(?![\\p{L}\\p{N}]))+${SEPARATORS}\\p{L}(?:e?s|ed|ing)?(?![\\p{L}\\p{N}])`,
  'gu',
);

function spelledOutWords(text: string): string[] {
  return [...text.matchAll(SPELT_OUT)].flatMap(([run]) => {
    const joined = run.replace(/[^\p{L}]/gu, '');
    const [firstGap = '', ...gaps] = run.match(/[^\p{L}]+/gu) ?? [];
    // A letter set apart by a space before letters joined without one is a word of its own, not the first letter:
    // "a S.S. officer" is not "aSS".
    const isWordApart = /^\s+$/.test(firstGap) && gaps.every((gap) => !/\s/.test(gap));
    return isWordApart ? [joined.slice(1)] : [joined, joined.slice(1)];
  });
}

/** What the filter makes of one text. */
export function filterText(text: string): TFilterVerdict {
  if (!text) return { verdict: 'clean' };
  const words = new Set<string>();
  for (const reading of [text, ...spelledOutWords(text)]) {
    for (const match of matcher.getAllMatches(reading)) {
      const word = dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord;
      if (word) words.add(word);
    }
  }
  if (words.size === 0) return { verdict: 'clean' };
  const critical = [...words].filter((word) => (CRITICAL_WORDS as readonly string[]).includes(word));
  if (critical.length > 0) return { verdict: 'refused', words: critical.sort() };
  return { verdict: 'flagged', words: [...words].sort() };
}

/** What the filter matched in texts that may be stored: the words, and the texts they were found in. */
export type TFilterFound = Omit<TFilterHit, 'surface'>;

/**
 * Reads what someone wrote (`fields`, by the name of the field a form shows it in) through the text filter before
 * anything is stored: a slur of the critical list is refused (400 `text_refused`, the field named in `details` so a
 * form shows it there) and never stored; other matches are returned, for the caller to file with `reportFilterHit`
 * once the text is stored. Null when nothing matched.
 */
export function screenText(fields: Record<string, string | null | undefined>): TFilterFound | null {
  const words = new Set<string>();
  const texts: string[] = [];
  for (const [field, text] of Object.entries(fields)) {
    if (!text) continue;
    const verdict = filterText(text);
    if (verdict.verdict === 'refused') {
      throw refused('text_refused', [{ path: field, message: refusalOf('text_refused').message }]);
    }
    if (verdict.verdict === 'flagged') {
      verdict.words.forEach((word) => words.add(word));
      texts.push(text);
    }
  }
  return words.size === 0 ? null : { words: [...words].sort(), text: texts.join('\n') };
}
