import { describe, expect, it } from 'vitest';
import { createClock, type TDebate, type TDebateSeat } from '@resolved/shared';
import { currentSpeakersText, namesOf, seatChoices, teamOf, viewerSeat } from './round-seats';
import { callPeople, mediaRoleOf, shownCallState } from '../video/call-people';

const rating = { rating: 1500, deviation: 350, isProvisional: true, games: 0 };
const seat = (userId: string, side: 'a' | 'b', position: string | null): TDebateSeat => ({
  userId,
  displayName: userId.toUpperCase(),
  rating,
  side,
  position,
});

function round(seats: TDebateSeat[], speechIndex = 0) {
  return {
    id: 1,
    formatId: 'pf',
    debaters: { a: seats.find((s) => s.side === 'a')!, b: seats.find((s) => s.side === 'b')! },
    seats,
    judge: null,
    panel: null,
    clock: { ...createClock('pf'), speechIndex },
  } as unknown as TDebate;
}

const teams = [
  seat('ann', 'a', 'first'),
  seat('ben', 'a', 'second'),
  seat('cat', 'b', 'first'),
  seat('dan', 'b', 'second'),
];

describe('a round’s seats in the room', () => {
  it('finds a partner’s seat and each side as a team', () => {
    expect(viewerSeat(round(teams), 'ben')).toMatchObject({ side: 'a', position: 'second' });
    expect(viewerSeat(round(teams), 'eve')).toBeNull();
    expect(namesOf(teamOf(round(teams), 'b'))).toBe('CAT and DAN');
  });

  it('says who gives the current speech, by position', () => {
    expect(currentSpeakersText(round(teams, 0))).toBe('Speaking: ANN (Pro, First speaker)');
    expect(currentSpeakersText(round(teams, 5))).toBe(
      'In this crossfire: BEN (Pro, Second speaker), DAN (Con, Second speaker)',
    );
    expect(currentSpeakersText(round(teams, 8))?.match(/speaker\)/g)).toHaveLength(4);
  });

  it('says nothing in a one-on-one round, whose speech names say whose it is', () => {
    expect(currentSpeakersText(round([seat('ann', 'a', null), seat('cat', 'b', null)]))).toBeNull();
  });

  it('puts partners in the call as debaters, each seeing the other three', () => {
    expect(mediaRoleOf(round(teams), 'ben')).toBe('a');
    const people = callPeople(round(teams), 'a', 'ben');
    expect(people.map((p) => [p.userId, p.label])).toEqual([
      ['ann', 'Your partner'],
      ['cat', 'Opponent · First speaker'],
      ['dan', 'Opponent · Second speaker'],
    ]);
  });

  it('says the call is up only once every other debater is connected, for a debater and a judge alike', () => {
    const debaterIds = new Set(teams.map((s) => s.userId));
    const withJudge = { ...round(teams), judge: seat('jo', 'a', null) } as unknown as TDebate;
    const states = (connected: string[]) => (userId: string) =>
      connected.includes(userId) ? ('connected' as const) : userId === 'jo' ? ('connected' as const) : undefined;
    // ben, a partner: ann, cat and dan; the judge's tile shows its own state.
    const benSees = callPeople(withJudge, 'a', 'ben');
    expect(shownCallState(benSees, debaterIds, states(['cat', 'dan']), 'a')).toBe('Waiting for the other debaters');
    expect(shownCallState(benSees, debaterIds, states(['ann', 'cat', 'dan']), 'a')).toBe('connected');
    // The judge: all four debaters.
    const judgeSees = callPeople(withJudge, 'judge', 'jo');
    expect(shownCallState(judgeSees, debaterIds, states(['ann', 'ben', 'cat']), 'judge')).toBe(
      'Waiting for the debaters',
    );
    expect(shownCallState(judgeSees, debaterIds, states(['ann', 'ben', 'cat', 'dan']), 'judge')).toBe('connected');
    // One a side: the one opponent.
    const solo = round([seat('ann', 'a', null), seat('cat', 'b', null)]);
    expect(shownCallState(callPeople(solo, 'a', 'ann'), new Set(['ann', 'cat']), () => undefined, 'a')).toBe(
      'Waiting for your opponent',
    );
  });
});

describe('every debater’s own say on recording and spectators', () => {
  const withChoices = (choices: [boolean, boolean][]) =>
    ({
      ...round(teams.map((s, i) => ({ ...s, recordConsent: choices[i]![0], spectatorWatch: choices[i]![1] }))),
      recordConsent: { a: true, b: true },
      spectatorWatch: { a: true, b: true, isAllowed: false },
    }) as unknown as TDebate;

  it('reads each seat, not the captains’ columns: a partner who has not agreed keeps the count short', () => {
    const debate = withChoices([
      [true, true],
      [false, true],
      [true, false],
      [true, true],
    ]);
    expect(seatChoices(debate, 'recordConsent', 'ben')).toEqual({ mine: false, agreed: 3, total: 4 });
    expect(seatChoices(debate, 'spectatorWatch', 'cat')).toEqual({ mine: false, agreed: 3, total: 4 });
    expect(seatChoices(debate, 'recordConsent', 'judge')).toEqual({ mine: null, agreed: 3, total: 4 });
  });

  it('reads each side’s choice for a snapshot whose seats carry none', () => {
    const debate = { ...round(teams), recordConsent: { a: true, b: false } } as unknown as TDebate;
    expect(seatChoices(debate, 'recordConsent', 'dan')).toEqual({ mine: false, agreed: 2, total: 4 });
  });
});
