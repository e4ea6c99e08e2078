import { describe, expect, it } from 'vitest';
import { GUIDE_FORMATS, speechTitle, totalSpeechMinutes } from '../formats.js';
import {
  BP_POSITIONS,
  BP_SIDE_OF,
  BP_SIDES,
  bpFormat,
  BRITISH_PARLIAMENTARY,
  type TBpSide,
} from './british-parliamentary.js';
import { mayOfferPoi, mayRunSpeech, poiPositionRefusal, speakerOf, type TSeating } from './positions.js';

const bp = BRITISH_PARLIAMENTARY;

describe('British Parliamentary as data', () => {
  it('has four teams of two, the Government teams on one bench and the Opposition teams on the other', () => {
    expect(bp.sideList.map((side) => [side.key, side.name, side.bench])).toEqual([
      ['og', 'Opening Government', 'a'],
      ['oo', 'Opening Opposition', 'b'],
      ['cg', 'Closing Government', 'a'],
      ['co', 'Closing Opposition', 'b'],
    ]);
    expect(bp.sideList.map((side) => side.key)).toEqual([...BP_SIDES]);
    expect(bp.teamSize).toBe(2);
    expect(bp.canPractiseOneOnOne).toBe(false);
    expect(bp.sideList.flatMap((side) => side.positions.map((position) => position.name))).toEqual([
      'Prime Minister',
      'Deputy Prime Minister',
      'Leader of the Opposition',
      'Deputy Leader of the Opposition',
      'Member of the Government',
      'Government Whip',
      'Member of the Opposition',
      'Opposition Whip',
    ]);
    expect(GUIDE_FORMATS.bp).toBe(bp);
  });

  it('speaks PM, LO, DPM, DLO, MG, MO, GW, OW, seven minutes each, every speech by its own position', () => {
    expect(bp.speeches.map((speech) => speech.short)).toEqual(['PM', 'LO', 'DPM', 'DLO', 'MG', 'MO', 'GW', 'OW']);
    expect(bp.speeches.map((speech) => speech.speaker)).toEqual(['og', 'oo', 'og', 'oo', 'cg', 'co', 'cg', 'co']);
    expect(bp.speeches.every((speech) => speech.minutes === 7 && speech.allowsPoi)).toBe(true);
    expect(totalSpeechMinutes(bp)).toBe(56);
    expect(bp.speeches.map((speech) => speech.by)).toEqual(
      BP_POSITIONS.map((position) => ({ type: 'speaker', speaker: { side: BP_SIDE_OF[position], position } })),
    );
    expect(speechTitle(bp, bp.speeches[0]!)).toBe('Prime Minister (Opening Government)');
  });

  it('gives schools five-minute speeches on choice, with the same protected first and last minute', () => {
    const schools = bpFormat(5);
    expect(schools.speeches.map((speech) => speech.minutes)).toEqual([5, 5, 5, 5, 5, 5, 5, 5]);
    expect(bp.speechMinutesChoices).toEqual([7, 5]);
    expect(schools.poi).toEqual(bp.poi);
    expect(poiPositionRefusal(schools, 'mg', { side: 'oo', position: 'lo' }, 4 * 60 + 1)).toBe(
      'Protected time: points of information are not allowed now.',
    );
    expect(mayOfferPoi(schools, 'mg', { side: 'oo', position: 'lo' }, 3 * 60 + 59)).toBe(true);
    expect(mayOfferPoi(bp, 'mg', { side: 'oo', position: 'lo' }, 4 * 60 + 1)).toBe(true);
  });

  it('prepares fifteen minutes after the motion, before the round, each team apart', () => {
    expect(bp.prep).toEqual({ kind: 'before-round', defaultMinutes: 15, minMinutes: 15, maxMinutes: 15 });
    expect(bp.poi).toEqual({
      protectedFirstSeconds: 60,
      protectedLastSeconds: 60,
      answerSecondsMin: 10,
      answerSecondsMax: 15,
    });
  });

  it('takes points only from the other bench, outside the first and last minute', () => {
    const at = (side: TBpSide, position: string, seconds: number) =>
      poiPositionRefusal(bp, 'dpm', { side, position }, seconds);
    expect(at('oo', 'dlo', 90)).toBeNull();
    expect(at('co', 'ow', 90)).toBeNull();
    expect(at('cg', 'mg', 90)).toBe('Only the other side offers a point.');
    expect(at('og', 'pm', 90)).toBe('Only the other side offers a point.');
    expect(at('oo', 'lo', 30)).toBe('Protected time: points of information are not allowed now.');
    expect(at('oo', 'lo', 6 * 60 + 30)).toBe('Protected time: points of information are not allowed now.');
  });

  it('lets only a speech’s own speaker run it', () => {
    const seating: TSeating<TBpSide> = {
      seats: BP_POSITIONS.map((position) => ({ userId: `u-${position}`, side: BP_SIDE_OF[position], position })),
    };
    expect(bp.speeches.map((speech) => speakerOf(bp, speech, seating))).toEqual(
      BP_POSITIONS.map((position) => [`u-${position}`]),
    );
    expect(mayRunSpeech(bp, 'gw', { side: 'cg', position: 'gw' })).toBe(true);
    expect(mayRunSpeech(bp, 'gw', { side: 'cg', position: 'mg' })).toBe(false);
    expect(mayRunSpeech(bp, 'gw', { side: 'og', position: 'dpm' })).toBe(false);
  });
});
