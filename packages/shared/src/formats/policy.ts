import { defineFormat, seat, spokenBy, type TFormatRules } from './types.js';

/**
 * Policy (cross-examination) debate, high school (NSDA): two teams of two. Each constructive is followed by three
 * minutes of cross-examination by the opponent who does not speak next: the 2N questions the 1A, the 1A the 1N, the
 * 1N the 2A and the 2A the 2N. The negative's 2NC and 1NR stand back to back (the negative block).
 */
export const POLICY: TFormatRules<'policy'> = defineFormat({
  id: 'policy',
  name: 'Policy',
  guidePath: '/policy',
  sideList: [
    {
      key: 'a',
      name: 'Affirmative',
      bench: 'a',
      positions: [
        { id: '1a', short: '1A', name: 'First Affirmative' },
        { id: '2a', short: '2A', name: 'Second Affirmative' },
      ],
    },
    {
      key: 'b',
      name: 'Negative',
      bench: 'b',
      positions: [
        { id: '1n', short: '1N', name: 'First Negative' },
        { id: '2n', short: '2N', name: 'Second Negative' },
      ],
    },
  ],
  canPractiseOneOnOne: false,
  speeches: [
    {
      id: '1ac',
      short: '1AC',
      name: 'First Affirmative Constructive',
      by: spokenBy('a', '1a'),
      kind: 'constructive',
      minutes: 8,
      purpose:
        'The affirmative presents its plan and the case for it: the harm, why it persists, and how the plan solves it.',
    },
    {
      id: 'cx-1a',
      short: 'CX',
      name: 'Cross-Examination of the 1A',
      by: { type: 'questioning', asker: seat('b', '2n'), answerer: seat('a', '1a') },
      kind: 'cross-examination',
      minutes: 3,
      purpose: 'The 2N questions the 1A while the 1N prepares: clarify the plan and set up the negative’s attacks.',
    },
    {
      id: '1nc',
      short: '1NC',
      name: 'First Negative Constructive',
      by: spokenBy('b', '1n'),
      kind: 'constructive',
      minutes: 8,
      purpose: 'The negative lays out its strategy: attacks on the case, disadvantages, counterplans or critiques.',
    },
    {
      id: 'cx-1n',
      short: 'CX',
      name: 'Cross-Examination of the 1N',
      by: { type: 'questioning', asker: seat('a', '1a'), answerer: seat('b', '1n') },
      kind: 'cross-examination',
      minutes: 3,
      purpose: 'The 1A questions the 1N while the 2A prepares the 2AC.',
    },
    {
      id: '2ac',
      short: '2AC',
      name: 'Second Affirmative Constructive',
      by: spokenBy('a', '2a'),
      kind: 'constructive',
      minutes: 8,
      purpose:
        'The affirmative answers every negative position and rebuilds its case: its last chance for new arguments.',
    },
    {
      id: 'cx-2a',
      short: 'CX',
      name: 'Cross-Examination of the 2A',
      by: { type: 'questioning', asker: seat('b', '1n'), answerer: seat('a', '2a') },
      kind: 'cross-examination',
      minutes: 3,
      purpose: 'The 1N questions the 2A while the 2N prepares the 2NC.',
    },
    {
      id: '2nc',
      short: '2NC',
      name: 'Second Negative Constructive',
      by: spokenBy('b', '2n'),
      kind: 'constructive',
      minutes: 8,
      purpose: 'The first half of the negative block: the 2N extends the positions the negative chose to go for.',
    },
    {
      id: 'cx-2n',
      short: 'CX',
      name: 'Cross-Examination of the 2N',
      by: { type: 'questioning', asker: seat('a', '2a'), answerer: seat('b', '2n') },
      kind: 'cross-examination',
      minutes: 3,
      purpose: 'The 2A questions the 2N while the 1N prepares the 1NR.',
    },
    {
      id: '1nr',
      short: '1NR',
      name: 'First Negative Rebuttal',
      by: spokenBy('b', '1n'),
      kind: 'rebuttal',
      minutes: 5,
      purpose:
        'The second half of the negative block: the 1N covers the positions the 2NC left, with no new arguments.',
    },
    {
      id: '1ar',
      short: '1AR',
      name: 'First Affirmative Rebuttal',
      by: spokenBy('a', '1a'),
      kind: 'rebuttal',
      minutes: 5,
      purpose: 'Five minutes to answer thirteen minutes of the negative block: efficiency decides it.',
    },
    {
      id: '2nr',
      short: '2NR',
      name: 'Second Negative Rebuttal',
      by: spokenBy('b', '2n'),
      kind: 'rebuttal',
      minutes: 5,
      purpose: 'The negative’s last word: collapse to the arguments that win and weigh them against the case.',
    },
    {
      id: '2ar',
      short: '2AR',
      name: 'Second Affirmative Rebuttal',
      by: spokenBy('a', '2a'),
      kind: 'rebuttal',
      minutes: 5,
      purpose: 'The last speech of the round: answer the 2NR and tell the judge why the plan is worth doing.',
    },
  ],
  prep: { kind: 'per-side', defaultMinutes: 8, minMinutes: 8, maxMinutes: 8 },
  notes: [
    'High-school times (NSDA); college rounds run 9-minute constructives and 10 minutes of prep.',
    'Each team has 8 minutes of prep time to share between its two debaters and spend between speeches.',
  ],
});
