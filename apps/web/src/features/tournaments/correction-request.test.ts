import { describe, expect, it } from 'vitest';
import type { TTournamentPairingDebater } from '@resolved/shared';
import {
  correctionDebaterPoints,
  correctionPoints,
  correctionRequest,
  debaterLabel,
  isTeamPairing,
  startingPoints,
  type TCorrectionValues,
} from './correction-request';

const debater = (
  userId: string,
  displayName: string,
  side: 'aff' | 'neg',
  position: string | null,
  points: number | null,
): TTournamentPairingDebater => ({ userId, displayName, side, position, points });

/** A Public Forum round of teams of two, with the judge's points. */
const teams = [
  debater('a1', 'Ann', 'aff', 'first', 28),
  debater('a2', 'Bo', 'aff', 'second', 27.5),
  debater('n1', 'Cy', 'neg', 'first', 27),
  debater('n2', 'Di', 'neg', 'second', 26.5),
];
const values = (overrides: Partial<TCorrectionValues>): TCorrectionValues => ({
  winner: 'neg',
  affPoints: '',
  negPoints: '',
  debaterPoints: {},
  reason: ' The judge marked the wrong side. ',
  ...overrides,
});

describe('correctionRequest', () => {
  it('sends every debater’s points of a judged round of teams, side A’s first, from the fields as typed', () => {
    const pairing = { debateStatus: 'judged' as const, debaters: teams };
    const typed = { ...startingPoints(teams), a2: '26', n2: ' 29.5 ' };
    expect(correctionRequest(pairing, values({ debaterPoints: typed }))).toEqual({
      request: {
        winner: 'neg',
        reason: 'The judge marked the wrong side.',
        debaterPoints: [
          { userId: 'a1', points: 28 },
          { userId: 'a2', points: 26 },
          { userId: 'n1', points: 27 },
          { userId: 'n2', points: 29.5 },
        ],
      },
    });
  });

  it('keeps a team round’s points when every field is emptied, and sends the winner alone for a forfeit', () => {
    const emptied = Object.fromEntries(teams.map((d) => [d.userId, '']));
    expect(correctionRequest({ debateStatus: 'judged', debaters: teams }, values({ debaterPoints: emptied }))).toEqual({
      request: { winner: 'neg', reason: 'The judge marked the wrong side.' },
    });
    expect(
      correctionRequest({ debateStatus: 'forfeited', debaters: teams }, values({ debaterPoints: { a1: 'x' } })),
    ).toEqual({ request: { winner: 'neg', reason: 'The judge marked the wrong side.' } });
  });

  it('sends both sides’ points in a one-on-one round (no positions), never every debater’s', () => {
    const ld = [debater('a1', 'Ann', 'aff', null, 28), debater('n1', 'Cy', 'neg', null, 27)];
    for (const debaters of [ld, []]) {
      expect(
        correctionRequest(
          { debateStatus: 'judged', debaters },
          values({ affPoints: '27', negPoints: '29', debaterPoints: startingPoints(ld) }),
        ),
      ).toEqual({
        request: { winner: 'neg', reason: 'The judge marked the wrong side.', speakerPoints: { aff: 27, neg: 29 } },
      });
    }
  });

  it('says what is missing or wrong instead of sending', () => {
    const pairing = { debateStatus: 'judged' as const, debaters: teams };
    expect(
      correctionRequest(pairing, values({ winner: '', reason: ' ', debaterPoints: startingPoints(teams) })),
    ).toEqual({ errors: { winner: 'Choose who won.', reason: 'Say why the result is corrected.' } });
    expect(correctionRequest(pairing, values({ debaterPoints: { ...startingPoints(teams), n1: '31' } }))).toEqual({
      errors: { points: 'Cy: Speaker points must be between 26 and 30.' },
    });
  });
});

describe('correctionDebaterPoints', () => {
  it('names the debaters left without points, and refuses points not in tenths', () => {
    expect(correctionDebaterPoints(teams, { a1: '28', n1: '27' })).toBe(
      'Give every debater’s points, or none: Bo, Di have none.',
    );
    expect(correctionDebaterPoints(teams, { a1: '28', a2: '28', n1: '27' })).toBe(
      'Give every debater’s points, or none: Di has none.',
    );
    expect(correctionDebaterPoints(teams, { a1: '28', a2: '28.25', n1: '27', n2: '27' })).toBe(
      'Bo: Speaker points go in tenths (for example 28.5).',
    );
  });
});

describe('the form’s start and labels', () => {
  it('starts each field from the points of record, empty without any', () => {
    expect(startingPoints([...teams.slice(0, 3), debater('n2', 'Di', 'neg', 'second', null)])).toEqual({
      a1: '28.0',
      a2: '27.5',
      n1: '27.0',
      n2: '',
    });
  });

  it('labels a debater with name, side and position, and reads a round as of teams by its positions', () => {
    expect(debaterLabel('pf', teams[1]!)).toBe('Bo (Aff, Second speaker)');
    expect(debaterLabel('pf', teams[2]!)).toBe('Cy (Neg, First speaker)');
    expect(debaterLabel('ld', debater('a1', 'Ann', 'aff', null, 28))).toBe('Ann (Aff)');
    expect(isTeamPairing({ debaters: teams })).toBe(true);
    expect(isTeamPairing({ debaters: [debater('a1', 'Ann', 'aff', null, 28)] })).toBe(false);
  });
});

describe('correctionPoints', () => {
  it('keeps the ballot’s points when both fields are empty, and reads both when both are given', () => {
    expect(correctionPoints('', ' ')).toBeNull();
    expect(correctionPoints('28.5', '27')).toEqual({ aff: 28.5, neg: 27 });
  });

  it('says what is wrong otherwise', () => {
    expect(correctionPoints('28', '')).toBe('Give both sides’ points, or neither.');
    expect(correctionPoints('31', '28')).toBe('Speaker points must be between 26 and 30.');
    expect(correctionPoints('abc', '28')).toBe('Speaker points must be between 26 and 30.');
    expect(correctionPoints('28.55', '28')).toBe('Speaker points go in tenths (for example 28.5).');
  });
});
