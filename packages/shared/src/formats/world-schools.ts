import { defineFormat, spokenBy, type TFormatRules, type TSpeechSpec } from './types.js';

const SPEAKERS = [
  { id: 'first', short: '1st', name: 'First speaker' },
  { id: 'second', short: '2nd', name: 'Second speaker' },
  { id: 'third', short: '3rd', name: 'Third speaker' },
] as const;

/** The reply is given by the first or the second speaker, never the third (NSDA, WSDC). */
export const WORLD_SCHOOLS_REPLY_FROM = ['first', 'second'] as const;

const substantive = (side: 'a' | 'b', position: (typeof SPEAKERS)[number]['id'], purpose: string): TSpeechSpec => {
  const sideName = side === 'a' ? 'Proposition' : 'Opposition';
  const ordinal = SPEAKERS.find((speaker) => speaker.id === position)!;
  return {
    id: `${side === 'a' ? 'prop' : 'opp'}-${position}`,
    short: `${ordinal.short} ${side === 'a' ? 'Prop' : 'Opp'}`,
    name: `${ordinal.name.replace(' speaker', '')} ${sideName}`,
    by: spokenBy(side, position),
    kind: position === 'third' ? 'rebuttal' : 'constructive',
    minutes: 8,
    purpose,
    allowsPoi: true,
  };
};

/**
 * World Schools (NSDA, WSDC): two teams of three. Six eight-minute speeches alternate Proposition and Opposition, with
 * points of information from the other side between the first and the last minute; then the Opposition's reply and
 * the Proposition's, four minutes each, by the first or second speaker. No prep time during the round: the host sets
 * the preparation before it (none for a prepared motion).
 */
export const WORLD_SCHOOLS: TFormatRules<'ws'> = defineFormat({
  id: 'ws',
  name: 'World Schools',
  guidePath: '/world-schools',
  sideList: [
    { key: 'a', name: 'Proposition', bench: 'a', positions: SPEAKERS },
    { key: 'b', name: 'Opposition', bench: 'b', positions: SPEAKERS },
  ],
  canPractiseOneOnOne: false,
  speeches: [
    substantive('a', 'first', 'Defines the motion, sets out the Proposition’s case and the first of its arguments.'),
    substantive(
      'b',
      'first',
      'Answers the definition if it must, rebuts the first Proposition and opens the Opposition case.',
    ),
    substantive('a', 'second', 'Rebuilds the Proposition’s case against the attacks and adds its further arguments.'),
    substantive('b', 'second', 'Rebuts the Proposition’s extension and completes the Opposition’s arguments.'),
    substantive(
      'a',
      'third',
      'Rebuttal: answers the Opposition case and restates the clash. No new arguments of substance.',
    ),
    substantive(
      'b',
      'third',
      'The Opposition’s rebuttal of the Proposition case, framed around the round’s main clashes.',
    ),
    {
      id: 'opp-reply',
      short: 'Opp Reply',
      name: 'Opposition Reply',
      by: { type: 'reply', side: 'b', from: WORLD_SCHOOLS_REPLY_FROM },
      kind: 'reply',
      minutes: 4,
      purpose:
        'A biased summary of the round: the issues that decided it and why the Opposition won them. Nothing new.',
    },
    {
      id: 'prop-reply',
      short: 'Prop Reply',
      name: 'Proposition Reply',
      by: { type: 'reply', side: 'a', from: WORLD_SCHOOLS_REPLY_FROM },
      kind: 'reply',
      minutes: 4,
      purpose: 'The last word: the Proposition’s view of the round’s key issues and why it won them.',
    },
  ],
  prep: { kind: 'before-round', defaultMinutes: 30, minMinutes: 0, maxMinutes: 60, isHostSet: true },
  poi: { protectedFirstSeconds: 60, protectedLastSeconds: 60, answerSecondsMin: 10, answerSecondsMax: 15 },
  notes: [
    'The host sets the preparation: none for a motion released in advance, up to an hour for an impromptu one (the world championships give an hour).',
    'Each team names its three speakers and its reply speaker, the first or second, before the round.',
    'Points of information last about 10 to 15 seconds; the first and last minute of each eight-minute speech are protected.',
  ],
});
