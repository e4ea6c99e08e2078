import { defineFormat, spokenBy, type TFormatRules, type TSideKey, type TSpeechSpec } from './types.js';

/**
 * British Parliamentary (issue 41), the format of the World Universities Debating Championship: four teams of two in
 * one room. Opening Government and Closing Government sit on one bench (`a`), Opening and Closing Opposition on the
 * other (`b`); points of information come from the other bench, never from the other Government or Opposition team.
 * Two views of one format: `bpFormat` names the four teams (the guide, the ballot, standings); `bpRoundFormat` is what
 * a round's seats, clock and points of information read, its sides the two benches (`a` Government, `b` Opposition,
 * four positions each), a seat's team following from its position (`BP_SIDE_OF`).
 */
export type TBpFormatId = 'bp';

/** The four teams of a room, in the order they are listed: Opening Government, Opening Opposition, Closing … */
export const BP_SIDES = ['og', 'oo', 'cg', 'co'] as const;
export type TBpSide = (typeof BP_SIDES)[number];

/** The speech lengths a host or a room may choose: seven minutes (universities, WUDC), five (schools). */
export const BP_SPEECH_MINUTES = [7, 5] as const;
export type TBpSpeechMinutes = (typeof BP_SPEECH_MINUTES)[number];

/** Every speaker position of a room, in speaking order: PM, LO, DPM, DLO, MG, MO, GW, OW. Ids unique in the room. */
export const BP_POSITIONS = ['pm', 'lo', 'dpm', 'dlo', 'mg', 'mo', 'gw', 'ow'] as const;
export type TBpPosition = (typeof BP_POSITIONS)[number];

/** The side each position belongs to. */
export const BP_SIDE_OF: Readonly<Record<TBpPosition, TBpSide>> = {
  pm: 'og',
  dpm: 'og',
  lo: 'oo',
  dlo: 'oo',
  mg: 'cg',
  gw: 'cg',
  mo: 'co',
  ow: 'co',
};

const SIDE_LIST = [
  {
    key: 'og',
    name: 'Opening Government',
    bench: 'a',
    positions: [
      { id: 'pm', short: 'PM', name: 'Prime Minister' },
      { id: 'dpm', short: 'DPM', name: 'Deputy Prime Minister' },
    ],
  },
  {
    key: 'oo',
    name: 'Opening Opposition',
    bench: 'b',
    positions: [
      { id: 'lo', short: 'LO', name: 'Leader of the Opposition' },
      { id: 'dlo', short: 'DLO', name: 'Deputy Leader of the Opposition' },
    ],
  },
  {
    key: 'cg',
    name: 'Closing Government',
    bench: 'a',
    positions: [
      { id: 'mg', short: 'MG', name: 'Member of the Government' },
      { id: 'gw', short: 'GW', name: 'Government Whip' },
    ],
  },
  {
    key: 'co',
    name: 'Closing Opposition',
    bench: 'b',
    positions: [
      { id: 'mo', short: 'MO', name: 'Member of the Opposition' },
      { id: 'ow', short: 'OW', name: 'Opposition Whip' },
    ],
  },
] as const;

/** Each speech as written once; `bpSpeeches` gives it its length. */
const SPEECHES: readonly (Omit<TSpeechSpec<TBpSide>, 'minutes' | 'by'> & { position: TBpPosition })[] = [
  {
    id: 'pm',
    short: 'PM',
    name: 'Prime Minister',
    position: 'pm',
    kind: 'constructive',
    purpose: 'Defines the motion, sets out the Government’s case and gives its first arguments.',
  },
  {
    id: 'lo',
    short: 'LO',
    name: 'Leader of the Opposition',
    position: 'lo',
    kind: 'constructive',
    purpose: 'Answers the Prime Minister and opens the Opposition’s case with its own arguments.',
  },
  {
    id: 'dpm',
    short: 'DPM',
    name: 'Deputy Prime Minister',
    position: 'dpm',
    kind: 'constructive',
    purpose: 'Rebuilds the opening Government case against the Opposition and adds to it.',
  },
  {
    id: 'dlo',
    short: 'DLO',
    name: 'Deputy Leader of the Opposition',
    position: 'dlo',
    kind: 'constructive',
    purpose: 'Defends the opening Opposition case and completes it: the last speech of the opening half.',
  },
  {
    id: 'mg',
    short: 'MG',
    name: 'Member of the Government',
    position: 'mg',
    kind: 'constructive',
    purpose: 'Brings the closing Government team’s extension: new material that sets it apart from its own opening.',
  },
  {
    id: 'mo',
    short: 'MO',
    name: 'Member of the Opposition',
    position: 'mo',
    kind: 'constructive',
    purpose: 'Answers the Government’s extension and brings the closing Opposition’s own.',
  },
  {
    id: 'gw',
    short: 'GW',
    name: 'Government Whip',
    position: 'gw',
    kind: 'rebuttal',
    purpose: 'Sums up the debate for the Government around its main clashes, showing why its extension mattered most.',
  },
  {
    id: 'ow',
    short: 'OW',
    name: 'Opposition Whip',
    position: 'ow',
    kind: 'rebuttal',
    purpose: 'The last speech: sums up for the Opposition, weighing the clashes. No new arguments.',
  },
];

/** The eight speeches of a room, each `minutes` long (7, or 5 for schools), every one taking points of information. */
export function bpSpeeches(minutes: TBpSpeechMinutes): readonly TSpeechSpec<TBpSide>[] {
  return SPEECHES.map(({ position, ...speech }) => ({
    ...speech,
    by: spokenBy(BP_SIDE_OF[position], position),
    minutes,
    allowsPoi: true,
  }));
}

/** British Parliamentary with speeches of `minutes`: seven by default, five as schools often run it. */
export function bpFormat(minutes: TBpSpeechMinutes = 7): TFormatRules<TBpFormatId, TBpSide> {
  return defineFormat<TBpFormatId, TBpSide>({
    id: 'bp',
    name: 'British Parliamentary',
    guidePath: '/british-parliamentary',
    sideList: SIDE_LIST,
    canPractiseOneOnOne: false,
    speeches: bpSpeeches(minutes),
    speechMinutesChoices: BP_SPEECH_MINUTES,
    prep: { kind: 'before-round', defaultMinutes: 15, minMinutes: 15, maxMinutes: 15 },
    poi: { protectedFirstSeconds: 60, protectedLastSeconds: 60, answerSecondsMin: 10, answerSecondsMax: 15 },
    notes: [
      'Schools often run five-minute speeches: the host or the room chooses seven or five minutes, and the first and last minute stay protected.',
      'The motion is shown fifteen minutes before the first speech; each team prepares apart, the two members of a team together.',
      'Points of information come from the other bench only: the Government teams do not offer them to each other, nor the Opposition teams.',
    ],
  });
}

/** British Parliamentary as universities run it: seven-minute speeches. */
export const BRITISH_PARLIAMENTARY: TFormatRules<TBpFormatId, TBpSide> = bpFormat(7);

/** The bench each team sits on: the Government teams on `a`, the Opposition teams on `b`. */
export const BP_BENCH_OF: Readonly<Record<TBpSide, TSideKey>> = { og: 'a', oo: 'b', cg: 'a', co: 'b' };

/** Whether `position` is one of a British Parliamentary room's eight. */
export function isBpPosition(position: string | null | undefined): position is TBpPosition {
  return (BP_POSITIONS as readonly (string | null | undefined)[]).includes(position);
}

/**
 * British Parliamentary as a round seats it: two benches of four positions (Government: PM, DPM, MG, GW; Opposition:
 * LO, DLO, MO, OW), each speech given by its own position on its bench. The same speeches, lengths, prep and points of
 * information as `bpFormat(minutes)`; a seat's team is `BP_SIDE_OF[position]`.
 */
export function bpRoundFormat(minutes: TBpSpeechMinutes = 7): TFormatRules<TBpFormatId> {
  const four = bpFormat(minutes);
  const benchPositions = (bench: TSideKey) =>
    four.sideList.filter((side) => side.bench === bench).flatMap((side) => side.positions);
  return defineFormat<TBpFormatId, TSideKey>({
    ...four,
    sideList: [
      { key: 'a', name: 'Government', bench: 'a', positions: benchPositions('a') },
      { key: 'b', name: 'Opposition', bench: 'b', positions: benchPositions('b') },
    ],
    speeches: SPEECHES.map(({ position, ...speech }) => ({
      ...speech,
      by: spokenBy(BP_BENCH_OF[BP_SIDE_OF[position]], position),
      minutes,
      allowsPoi: true,
    })),
  });
}

/** The round's view of British Parliamentary with seven-minute speeches (`FORMATS.bp`). */
export const BRITISH_PARLIAMENTARY_ROUND: TFormatRules<TBpFormatId> = bpRoundFormat(7);
