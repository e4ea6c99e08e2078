/**
 * Debate format rules as data (spec §9). The guides render their timing tables from this module and
 * the live debate clock runs from it, so a timing is written down exactly once.
 */

export type TFormatId = 'ld' | 'pf' | 'parli';

/**
 * `a` is the side listed first (Affirmative, Pro, Government), which speaks first unless a Public Forum coin flip
 * puts Con first (`speechesOf`); `b` the other.
 */
export type TSideKey = 'a' | 'b';

export type TSpeechKind = 'constructive' | 'cross-examination' | 'crossfire' | 'rebuttal' | 'summary' | 'final-focus';

export interface TSpeech {
  /** Stable id within the format, e.g. `ac`, `cx1`. */
  id: string;
  /** Abbreviation debaters use: AC, CX, 1AR, PMC… */
  short: string;
  name: string;
  /** Who speaks. `both` is a shared crossfire. For cross-examination, the side answering questions. */
  speaker: TSideKey | 'both';
  kind: TSpeechKind;
  minutes: number;
  /** What the speech is for, in one or two sentences (shown on the guides and in the debate room). */
  purpose: string;
  /** Parliamentary: points of information may be offered during this speech (outside protected time). */
  allowsPoi?: boolean;
  /** Parliamentary rebuttals: the other side may rise on a point of order (a new argument), for the judge to rule. */
  allowsPointOfOrder?: boolean;
}

export interface TPrepRule {
  /** `per-side`: each side draws from its own pool during the round. `before-round`: one block before the first speech. */
  kind: 'per-side' | 'before-round';
  defaultMinutes: number;
  minMinutes: number;
  maxMinutes: number;
}

export interface TFormatRules {
  id: TFormatId;
  name: string;
  /** Route of the guide page (keeps the spec's How To mapping). */
  guidePath: '/parliamentary' | '/oxford' | '/parli';
  sides: Record<TSideKey, string>;
  speeches: readonly TSpeech[];
  prep: TPrepRule;
  /** Parliamentary only: grace period after time expires, in seconds. */
  graceSeconds?: number;
  /** Parliamentary only: points of information. */
  poi?: {
    protectedFirstSeconds: number;
    protectedLastSeconds: number;
    answerSecondsMin: number;
    answerSecondsMax: number;
  };
  /** Extra timing notes from spec §9 that the tables alone do not say. */
  notes: readonly string[];
}

export const LINCOLN_DOUGLAS: TFormatRules = {
  id: 'ld',
  name: 'Lincoln Douglas',
  guidePath: '/parliamentary',
  sides: { a: 'Affirmative', b: 'Negative' },
  speeches: [
    {
      id: 'ac',
      short: 'AC',
      name: 'Affirmative Constructive',
      speaker: 'a',
      kind: 'constructive',
      minutes: 6,
      purpose: 'The affirmative presents a value, a criterion and the contentions that prove the resolution true.',
    },
    {
      id: 'cx1',
      short: 'CX',
      name: 'Cross-Examination of the Affirmative',
      speaker: 'a',
      kind: 'cross-examination',
      minutes: 3,
      purpose: 'The negative asks questions; the affirmative answers. Clarify, expose weak links, set up the NC.',
    },
    {
      id: 'nc',
      short: 'NC',
      name: 'Negative Constructive',
      speaker: 'b',
      kind: 'constructive',
      minutes: 7,
      purpose: 'The negative builds its own case and begins attacking the affirmative case.',
    },
    {
      id: 'cx2',
      short: 'CX',
      name: 'Cross-Examination of the Negative',
      speaker: 'b',
      kind: 'cross-examination',
      minutes: 3,
      purpose: 'The affirmative asks questions; the negative answers.',
    },
    {
      id: '1ar',
      short: '1AR',
      name: 'First Affirmative Rebuttal',
      speaker: 'a',
      kind: 'rebuttal',
      minutes: 4,
      purpose: 'The hardest speech: answer the whole NC and rebuild the AC in four minutes. Efficiency wins.',
    },
    {
      id: 'nr',
      short: 'NR',
      name: 'Negative Rebuttal',
      speaker: 'b',
      kind: 'rebuttal',
      minutes: 6,
      purpose: 'The negative answers the 1AR, chooses its strongest arguments and explains why they win the round.',
    },
    {
      id: '2ar',
      short: '2AR',
      name: 'Second Affirmative Rebuttal',
      speaker: 'a',
      kind: 'rebuttal',
      minutes: 3,
      purpose: 'The last word: collapse to the voting issues and weigh them against the negative’s.',
    },
  ],
  prep: { kind: 'per-side', defaultMinutes: 4, minMinutes: 3, maxMinutes: 5 },
  notes: ['Each debater has 3 to 5 minutes of prep time (4 by default) to use between speeches.'],
};

export const PUBLIC_FORUM: TFormatRules = {
  id: 'pf',
  name: 'Public Forum',
  guidePath: '/oxford',
  sides: { a: 'Pro', b: 'Con' },
  speeches: [
    {
      id: 'pro-constructive',
      short: 'Pro C',
      name: 'Pro Constructive',
      speaker: 'a',
      kind: 'constructive',
      minutes: 4,
      purpose: 'The first speaker of the Pro team presents the team’s case: framework and contentions.',
    },
    {
      id: 'con-constructive',
      short: 'Con C',
      name: 'Con Constructive',
      speaker: 'b',
      kind: 'constructive',
      minutes: 4,
      purpose: 'The first speaker of the Con team presents the Con case.',
    },
    {
      id: 'crossfire-1',
      short: 'CF',
      name: 'First Crossfire',
      speaker: 'both',
      kind: 'crossfire',
      minutes: 3,
      purpose: 'Both first speakers question each other; either may ask or answer.',
    },
    {
      id: 'pro-rebuttal',
      short: 'Pro R',
      name: 'Pro Rebuttal',
      speaker: 'a',
      kind: 'rebuttal',
      minutes: 4,
      purpose: 'The second Pro speaker attacks the Con case.',
    },
    {
      id: 'con-rebuttal',
      short: 'Con R',
      name: 'Con Rebuttal',
      speaker: 'b',
      kind: 'rebuttal',
      minutes: 4,
      purpose: 'The second Con speaker attacks the Pro case and may begin defending its own.',
    },
    {
      id: 'crossfire-2',
      short: 'CF',
      name: 'Second Crossfire',
      speaker: 'both',
      kind: 'crossfire',
      minutes: 3,
      purpose: 'The two second speakers question each other.',
    },
    {
      id: 'pro-summary',
      short: 'Pro S',
      name: 'Pro Summary',
      speaker: 'a',
      kind: 'summary',
      minutes: 3,
      purpose: 'Narrow the round to the arguments the Pro team is winning; extend defence and offence.',
    },
    {
      id: 'con-summary',
      short: 'Con S',
      name: 'Con Summary',
      speaker: 'b',
      kind: 'summary',
      minutes: 3,
      purpose: 'The Con team narrows the round the same way.',
    },
    {
      id: 'grand-crossfire',
      short: 'GCF',
      name: 'Grand Crossfire',
      speaker: 'both',
      kind: 'crossfire',
      minutes: 3,
      purpose: 'All four debaters question each other at once.',
    },
    {
      id: 'pro-final-focus',
      short: 'Pro FF',
      name: 'Pro Final Focus',
      speaker: 'a',
      kind: 'final-focus',
      minutes: 2,
      purpose: 'Two minutes to tell the judge why Pro wins: the key voting issue and how it outweighs.',
    },
    {
      id: 'con-final-focus',
      short: 'Con FF',
      name: 'Con Final Focus',
      speaker: 'b',
      kind: 'final-focus',
      minutes: 2,
      purpose: 'The last speech of the round: Con’s voting issues, weighed.',
    },
  ],
  prep: { kind: 'per-side', defaultMinutes: 3, minMinutes: 2, maxMinutes: 4 },
  notes: [
    'Constructives run 4 to 5 minutes depending on the league; Resolved uses 4.',
    'Each team has 3 to 4 minutes of prep time (about 2 in some quick-reference sheets); Resolved uses 3 by default.',
  ],
};

export const PARLIAMENTARY: TFormatRules = {
  id: 'parli',
  name: 'Parliamentary',
  guidePath: '/parli',
  sides: { a: 'Government', b: 'Opposition' },
  speeches: [
    {
      id: 'pmc',
      short: 'PMC',
      name: 'Prime Minister Constructive',
      speaker: 'a',
      kind: 'constructive',
      minutes: 7,
      purpose: 'Defines the motion, sets the framework and presents the Government case.',
      allowsPoi: true,
    },
    {
      id: 'loc',
      short: 'LOC',
      name: 'Leader of the Opposition Constructive',
      speaker: 'b',
      kind: 'constructive',
      minutes: 8,
      purpose: 'Accepts or challenges the definitions, refutes the PMC and presents the Opposition case.',
      allowsPoi: true,
    },
    {
      id: 'mgc',
      short: 'MGC',
      name: 'Member of the Government Constructive',
      speaker: 'a',
      kind: 'constructive',
      minutes: 8,
      purpose: 'Rebuilds the Government case, answers the LOC and may add new arguments.',
      allowsPoi: true,
    },
    {
      id: 'moc',
      short: 'MOC',
      name: 'Member of the Opposition Constructive',
      speaker: 'b',
      kind: 'constructive',
      minutes: 8,
      purpose: 'The last constructive: extends the Opposition case and answers the MGC. New arguments end here.',
      allowsPoi: true,
    },
    {
      id: 'lor',
      short: 'LOR',
      name: 'Leader of the Opposition Rebuttal',
      speaker: 'b',
      kind: 'rebuttal',
      minutes: 4,
      purpose: 'Summarises the round from the Opposition’s view. No new arguments.',
      allowsPointOfOrder: true,
    },
    {
      id: 'pmr',
      short: 'PMR',
      name: 'Prime Minister Rebuttal',
      speaker: 'a',
      kind: 'rebuttal',
      minutes: 5,
      purpose: 'The final word: answers the LOR and explains why the Government wins. No new arguments.',
      allowsPointOfOrder: true,
    },
  ],
  prep: { kind: 'before-round', defaultMinutes: 20, minMinutes: 15, maxMinutes: 20 },
  graceSeconds: 30,
  poi: { protectedFirstSeconds: 60, protectedLastSeconds: 60, answerSecondsMin: 15, answerSecondsMax: 30 },
  notes: [
    'Prep time of 15 to 20 minutes comes before the first speech, once the motion is announced.',
    'A speaker may finish a sentence in a grace period of about 30 seconds after time expires.',
    'Points of information are answered in about 15 to 30 seconds; the first and last minute of each constructive are protected.',
  ],
};

export const FORMATS: Readonly<Record<TFormatId, TFormatRules>> = {
  ld: LINCOLN_DOUGLAS,
  pf: PUBLIC_FORUM,
  parli: PARLIAMENTARY,
};

export const FORMAT_IDS: readonly TFormatId[] = ['ld', 'pf', 'parli'];

const conFirst = new Map<TFormatId, readonly TSpeech[]>();

/**
 * A round's speeches in the order they are given. `a` first is the format's own order. `b` first (a Public Forum coin
 * flip that put Con first) swaps each side-`a` speech with the side-`b` speech right after it, so Con Constructive
 * comes before Pro Constructive and so on; crossfires stay where they are. Every reader of a round's speech list (its
 * clock, rules, flows, replay) reads it through this, with the round's `firstSide`.
 */
export function speechesOf(formatId: TFormatId, firstSide: TSideKey): readonly TSpeech[] {
  const speeches = FORMATS[formatId].speeches;
  if (firstSide !== 'b') return speeches;
  let swapped = conFirst.get(formatId);
  if (!swapped) {
    const order = [...speeches];
    for (let i = 0; i + 1 < order.length; i++) {
      if (order[i]!.speaker === 'a' && order[i + 1]!.speaker === 'b') {
        [order[i], order[i + 1]] = [order[i + 1]!, order[i]!];
        i++;
      }
    }
    swapped = order;
    conFirst.set(formatId, swapped);
  }
  return swapped;
}

/** Total speaking time of a round in minutes (prep excluded). */
export function totalSpeechMinutes(format: TFormatRules): number {
  return format.speeches.reduce((sum, speech) => sum + speech.minutes, 0);
}

/** Who a speech belongs to, in the format's own words: "Affirmative", "Both", … */
export function speakerLabel(format: TFormatRules, speech: TSpeech): string {
  return speech.speaker === 'both' ? 'Both' : format.sides[speech.speaker];
}

/**
 * A speech as a heading names it: its name, with whose it is only when the name does not say so already
 * ("Prime Minister Constructive (Government)", but "Affirmative Constructive", not "… (Affirmative)").
 */
export function speechTitle(format: TFormatRules, speech: TSpeech): string {
  const who = speakerLabel(format, speech);
  const isNamed = speech.speaker === 'both' || speech.name.toLowerCase().includes(who.toLowerCase());
  return isNamed ? speech.name : `${speech.name} (${who})`;
}
