import { describe, expect, it } from 'vitest';
import { GUIDE_FORMATS } from '../formats.js';
import {
  findSpeech,
  mayOfferPoi,
  mayRunSpeech,
  poiPositionRefusal,
  replySpeakerRefusal,
  speakerOf,
  type TSeating,
} from './positions.js';
import { defineFormat, spokenBy, type TGuideFormatId, type TGuideFormatRules } from './types.js';

const { ld, pf, parli, policy, ws } = GUIDE_FORMATS;

/** The speeches a position runs, in order. */
const runBy = (format: TGuideFormatRules, side: 'a' | 'b', position: string | null) =>
  format.speeches.filter((speech) => mayRunSpeech(format, speech.id, { side, position })).map((speech) => speech.id);

const speech = (format: TGuideFormatRules, id: string) => findSpeech(format, id)!;

const PF_TEAMS: TSeating<'a' | 'b'> = {
  seats: [
    { userId: 'pro-1', side: 'a', position: 'first' },
    { userId: 'pro-2', side: 'a', position: 'second' },
    { userId: 'con-1', side: 'b', position: 'first' },
    { userId: 'con-2', side: 'b', position: 'second' },
  ],
};

describe('who runs a speech', () => {
  it('gives each Public Forum speech to its speaker: constructive and summary first, rebuttal and final focus second', () => {
    expect(runBy(pf, 'a', 'first')).toEqual(['pro-constructive', 'crossfire-1', 'pro-summary', 'grand-crossfire']);
    expect(runBy(pf, 'b', 'second')).toEqual(['con-rebuttal', 'crossfire-2', 'grand-crossfire', 'con-final-focus']);
    expect(mayRunSpeech(pf, 'pro-rebuttal', { side: 'a', position: 'first' })).toBe(false);
  });

  it('runs the first crossfire by the first speakers, the second by the second and the grand crossfire by all four', () => {
    expect(speakerOf(pf, speech(pf, 'crossfire-1'), PF_TEAMS)).toEqual(['pro-1', 'con-1']);
    expect(speakerOf(pf, speech(pf, 'crossfire-2'), PF_TEAMS)).toEqual(['pro-2', 'con-2']);
    expect(speakerOf(pf, speech(pf, 'grand-crossfire'), PF_TEAMS)).toEqual(['pro-1', 'pro-2', 'con-1', 'con-2']);
    expect(speakerOf(pf, speech(pf, 'con-summary'), PF_TEAMS)).toEqual(['con-1']);
  });

  it('has the NPDA Prime Minister give the PMC and the PMR, and each other member their own speeches', () => {
    expect(runBy(parli, 'a', 'pm')).toEqual(['pmc', 'pmr']);
    expect(runBy(parli, 'a', 'mg')).toEqual(['mgc']);
    expect(runBy(parli, 'b', 'lo')).toEqual(['loc', 'lor']);
    expect(runBy(parli, 'b', 'mo')).toEqual(['moc']);
  });

  it('pairs each Policy cross-examination with the opponent who does not speak next', () => {
    const pairs = policy.speeches.flatMap((cx, index) =>
      cx.by.type === 'questioning'
        ? [[policy.speeches[index - 1]!.short, cx.by.asker.position, cx.by.answerer.position]]
        : [],
    );
    expect(pairs).toEqual([
      ['1AC', '2n', '1a'],
      ['1NC', '1a', '1n'],
      ['2AC', '1n', '2a'],
      ['2NC', '2a', '2n'],
    ]);
    const seating: TSeating<'a' | 'b'> = {
      seats: ['1a', '2a', '1n', '2n'].map((position) => ({
        userId: `u-${position}`,
        side: position.endsWith('a') ? 'a' : 'b',
        position,
      })),
    };
    expect(speakerOf(policy, speech(policy, 'cx-1a'), seating)).toEqual(['u-1a', 'u-2n']);
    expect(runBy(policy, 'b', '1n')).toEqual(['1nc', 'cx-1n', 'cx-2a', '1nr']);
    expect(runBy(policy, 'a', '2a')).toEqual(['2ac', 'cx-2a', 'cx-2n', '2ar']);
  });

  it('lets a one-on-one debater run every speech and crossfire of their side, and none of the other’s', () => {
    expect(runBy(pf, 'a', null)).toEqual(
      pf.speeches.filter((s) => s.speaker === 'a' || s.speaker === 'both').map((s) => s.id),
    );
    const oneOnOne: TSeating<'a' | 'b'> = {
      seats: [
        { userId: 'pro', side: 'a', position: null },
        { userId: 'con', side: 'b', position: null },
      ],
    };
    expect(speakerOf(pf, speech(pf, 'grand-crossfire'), oneOnOne)).toEqual(['pro', 'con']);
    expect(speakerOf(pf, speech(pf, 'pro-final-focus'), oneOnOne)).toEqual(['pro']);
    expect(runBy(ld, 'b', 'debater')).toEqual(['cx1', 'nc', 'cx2', 'nr']);
  });

  it('refuses a speech the format does not have', () => {
    expect(mayRunSpeech(pf, 'pmc', { side: 'a', position: null })).toBe(false);
  });
});

describe('the World Schools reply', () => {
  it('is refused to the third speaker and open to the first and the second', () => {
    expect(replySpeakerRefusal(ws, 'a', 'third')).toBe(
      'The reply is given by the first speaker or second speaker, never the third speaker.',
    );
    expect(replySpeakerRefusal(ws, 'b', 'first')).toBeNull();
    expect(replySpeakerRefusal(ws, 'b', 'second')).toBeNull();
    expect(replySpeakerRefusal(ws, 'b', 'fourth')).toBe('World Schools has no such position.');
    expect(replySpeakerRefusal(pf, 'a', 'first')).toBe('Public Forum has no reply speech.');
    expect(mayRunSpeech(ws, 'prop-reply', { side: 'a', position: 'third' })).toBe(false);
    expect(mayRunSpeech(ws, 'prop-reply', { side: 'a', position: 'first' })).toBe(true);
  });

  it('goes to the speaker the team named, and to nobody when it named its third', () => {
    const seats = ['a', 'b'].flatMap((side) =>
      ['first', 'second', 'third'].map((position) => ({ userId: `${side}-${position}`, side, position })),
    ) as TSeating<'a' | 'b'>['seats'];
    const reply = speech(ws, 'opp-reply');
    expect(speakerOf(ws, reply, { seats })).toEqual(['b-first', 'b-second']);
    expect(speakerOf(ws, reply, { seats, replyBy: { b: 'second' } })).toEqual(['b-second']);
    expect(speakerOf(ws, reply, { seats, replyBy: { b: 'third' } })).toEqual([]);
    expect(mayRunSpeech(ws, 'opp-reply', { side: 'b', position: 'first' }, { b: 'second' })).toBe(false);
    expect(ws.speeches.slice(-2).map((s) => s.id)).toEqual(['opp-reply', 'prop-reply']);
  });
});

describe('points of information', () => {
  const opp = { side: 'b', position: 'second' } as const;

  it('come from any member of the other side between the first and the last minute of an eight-minute speech', () => {
    expect(mayOfferPoi(ws, 'prop-first', opp, 60)).toBe(true);
    expect(mayOfferPoi(ws, 'prop-first', { side: 'b', position: 'third' }, 419)).toBe(true);
    expect(poiPositionRefusal(ws, 'prop-first', opp, 59)).toBe(
      'Protected time: points of information are not allowed now.',
    );
    expect(poiPositionRefusal(ws, 'prop-first', opp, 420)).toBe(
      'Protected time: points of information are not allowed now.',
    );
    expect(poiPositionRefusal(ws, 'prop-first', opp, 480)).toBe(
      'The speech’s time is up: no more points of information.',
    );
  });

  it('never come from the speaker’s own side, in a reply, or in a format without them', () => {
    expect(poiPositionRefusal(ws, 'prop-first', { side: 'a', position: 'second' }, 120)).toBe(
      'Only the other side offers a point.',
    );
    expect(poiPositionRefusal(ws, 'opp-reply', { side: 'a', position: 'first' }, 120)).toBe(
      'Points of information are not taken in this speech.',
    );
    expect(mayOfferPoi(policy, '1ac', { side: 'b', position: '1n' }, 120)).toBe(false);
    expect(mayOfferPoi(parli, 'pmc', { side: 'b', position: null }, 120)).toBe(true);
    expect(mayOfferPoi(parli, 'lor', { side: 'a', position: 'pm' }, 120)).toBe(false);
  });

  it('come from the other bench in a four-sided format, not from the team that shares a bench', () => {
    type TBp = 'og' | 'oo' | 'cg' | 'co';
    const two = (prefix: string) => [
      { id: `${prefix}1`, short: `${prefix}1`, name: `${prefix} one` },
      { id: `${prefix}2`, short: `${prefix}2`, name: `${prefix} two` },
    ];
    const fourSides = defineFormat<TGuideFormatId, TBp>({
      id: 'parli',
      name: 'Four sides',
      guidePath: '/parli',
      canPractiseOneOnOne: false,
      sideList: [
        { key: 'og', name: 'Opening Government', bench: 'a', positions: two('og') },
        { key: 'oo', name: 'Opening Opposition', bench: 'b', positions: two('oo') },
        { key: 'cg', name: 'Closing Government', bench: 'a', positions: two('cg') },
        { key: 'co', name: 'Closing Opposition', bench: 'b', positions: two('co') },
      ],
      speeches: [
        {
          id: 'pm',
          short: 'PM',
          name: 'Prime Minister',
          by: spokenBy('og', 'og1'),
          kind: 'constructive',
          minutes: 7,
          purpose: 'Opens the debate.',
          allowsPoi: true,
        },
      ],
      prep: { kind: 'before-round', defaultMinutes: 15, minMinutes: 15, maxMinutes: 15 },
      poi: { protectedFirstSeconds: 60, protectedLastSeconds: 60, answerSecondsMin: 10, answerSecondsMax: 15 },
      notes: [],
    });
    expect(fourSides.teamSize).toBe(2);
    expect(fourSides.speeches[0]!.speaker).toBe('og');
    expect(mayOfferPoi(fourSides, 'pm', { side: 'co', position: 'co2' }, 120)).toBe(true);
    expect(mayOfferPoi(fourSides, 'pm', { side: 'cg', position: 'cg1' }, 120)).toBe(false);
  });
});
