import { defineFormat, seat, spokenBy, type TFormatRules } from './types.js';

const SPEAKERS = [
  { id: 'first', short: '1st', name: 'First speaker' },
  { id: 'second', short: '2nd', name: 'Second speaker' },
] as const;

/**
 * Public Forum (spec §9, NSDA): two teams of two. The first speaker gives the constructive and the summary, the
 * second the rebuttal and the final focus; the first crossfire is the first speakers', the second the second
 * speakers', the grand crossfire all four's.
 */
export const PUBLIC_FORUM: TFormatRules<'pf'> = defineFormat({
  id: 'pf',
  name: 'Public Forum',
  guidePath: '/oxford',
  sideList: [
    { key: 'a', name: 'Pro', bench: 'a', positions: SPEAKERS },
    { key: 'b', name: 'Con', bench: 'b', positions: SPEAKERS },
  ],
  canPractiseOneOnOne: true,
  speeches: [
    {
      id: 'pro-constructive',
      short: 'Pro C',
      name: 'Pro Constructive',
      by: spokenBy('a', 'first'),
      kind: 'constructive',
      minutes: 4,
      purpose: 'The first speaker of the Pro team presents the team’s case: framework and contentions.',
    },
    {
      id: 'con-constructive',
      short: 'Con C',
      name: 'Con Constructive',
      by: spokenBy('b', 'first'),
      kind: 'constructive',
      minutes: 4,
      purpose: 'The first speaker of the Con team presents the Con case.',
    },
    {
      id: 'crossfire-1',
      short: 'CF',
      name: 'First Crossfire',
      by: { type: 'crossfire', participants: [seat('a', 'first'), seat('b', 'first')] },
      kind: 'crossfire',
      minutes: 3,
      purpose: 'Both first speakers question each other; either may ask or answer.',
    },
    {
      id: 'pro-rebuttal',
      short: 'Pro R',
      name: 'Pro Rebuttal',
      by: spokenBy('a', 'second'),
      kind: 'rebuttal',
      minutes: 4,
      purpose: 'The second Pro speaker attacks the Con case.',
    },
    {
      id: 'con-rebuttal',
      short: 'Con R',
      name: 'Con Rebuttal',
      by: spokenBy('b', 'second'),
      kind: 'rebuttal',
      minutes: 4,
      purpose: 'The second Con speaker attacks the Pro case and may begin defending its own.',
    },
    {
      id: 'crossfire-2',
      short: 'CF',
      name: 'Second Crossfire',
      by: { type: 'crossfire', participants: [seat('a', 'second'), seat('b', 'second')] },
      kind: 'crossfire',
      minutes: 3,
      purpose: 'The two second speakers question each other.',
    },
    {
      id: 'pro-summary',
      short: 'Pro S',
      name: 'Pro Summary',
      by: spokenBy('a', 'first'),
      kind: 'summary',
      minutes: 3,
      purpose: 'Narrow the round to the arguments the Pro team is winning; extend defence and offence.',
    },
    {
      id: 'con-summary',
      short: 'Con S',
      name: 'Con Summary',
      by: spokenBy('b', 'first'),
      kind: 'summary',
      minutes: 3,
      purpose: 'The Con team narrows the round the same way.',
    },
    {
      id: 'grand-crossfire',
      short: 'GCF',
      name: 'Grand Crossfire',
      by: {
        type: 'crossfire',
        participants: [seat('a', 'first'), seat('a', 'second'), seat('b', 'first'), seat('b', 'second')],
      },
      kind: 'crossfire',
      minutes: 3,
      purpose: 'All four debaters question each other at once.',
    },
    {
      id: 'pro-final-focus',
      short: 'Pro FF',
      name: 'Pro Final Focus',
      by: spokenBy('a', 'second'),
      kind: 'final-focus',
      minutes: 2,
      purpose: 'Two minutes to tell the judge why Pro wins: the key voting issue and how it outweighs.',
    },
    {
      id: 'con-final-focus',
      short: 'Con FF',
      name: 'Con Final Focus',
      by: spokenBy('b', 'second'),
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
});
