import { defineFormat, spokenBy, type TFormatRules } from './types.js';

/**
 * NPDA Parliamentary (spec §9): two teams of two. The Prime Minister gives the PMC and the PMR, the Member of the
 * Government the MGC, the Leader of the Opposition the LOC and the LOR, the Member of the Opposition the MOC.
 */
export const PARLIAMENTARY: TFormatRules<'parli'> = defineFormat({
  id: 'parli',
  name: 'Parliamentary',
  guidePath: '/parli',
  sideList: [
    {
      key: 'a',
      name: 'Government',
      bench: 'a',
      positions: [
        { id: 'pm', short: 'PM', name: 'Prime Minister' },
        { id: 'mg', short: 'MG', name: 'Member of the Government' },
      ],
    },
    {
      key: 'b',
      name: 'Opposition',
      bench: 'b',
      positions: [
        { id: 'lo', short: 'LO', name: 'Leader of the Opposition' },
        { id: 'mo', short: 'MO', name: 'Member of the Opposition' },
      ],
    },
  ],
  canPractiseOneOnOne: true,
  speeches: [
    {
      id: 'pmc',
      short: 'PMC',
      name: 'Prime Minister Constructive',
      by: spokenBy('a', 'pm'),
      kind: 'constructive',
      minutes: 7,
      purpose: 'Defines the motion, sets the framework and presents the Government case.',
      allowsPoi: true,
    },
    {
      id: 'loc',
      short: 'LOC',
      name: 'Leader of the Opposition Constructive',
      by: spokenBy('b', 'lo'),
      kind: 'constructive',
      minutes: 8,
      purpose: 'Accepts or challenges the definitions, refutes the PMC and presents the Opposition case.',
      allowsPoi: true,
    },
    {
      id: 'mgc',
      short: 'MGC',
      name: 'Member of the Government Constructive',
      by: spokenBy('a', 'mg'),
      kind: 'constructive',
      minutes: 8,
      purpose: 'Rebuilds the Government case, answers the LOC and may add new arguments.',
      allowsPoi: true,
    },
    {
      id: 'moc',
      short: 'MOC',
      name: 'Member of the Opposition Constructive',
      by: spokenBy('b', 'mo'),
      kind: 'constructive',
      minutes: 8,
      purpose: 'The last constructive: extends the Opposition case and answers the MGC. New arguments end here.',
      allowsPoi: true,
    },
    {
      id: 'lor',
      short: 'LOR',
      name: 'Leader of the Opposition Rebuttal',
      by: spokenBy('b', 'lo'),
      kind: 'rebuttal',
      minutes: 4,
      purpose: 'Summarises the round from the Opposition’s view. No new arguments.',
      allowsPointOfOrder: true,
    },
    {
      id: 'pmr',
      short: 'PMR',
      name: 'Prime Minister Rebuttal',
      by: spokenBy('a', 'pm'),
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
});
