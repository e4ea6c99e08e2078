import { describe, expect, it } from 'vitest';
import type { TDebate } from '@resolved/shared';
import { judgesOfRound, peopleOfRound } from './round-people';

const person = (userId: string) => ({ userId, displayName: userId.toUpperCase() });
const debater = (userId: string) => ({ ...person(userId), rating: { rating: 1500, isProvisional: true } });

function round(judge: string | null, panel: string[] | null): Pick<TDebate, 'debaters' | 'judge' | 'panel'> {
  return {
    debaters: { a: debater('a'), b: debater('b') } as TDebate['debaters'],
    judge: judge ? person(judge) : null,
    panel: panel
      ? { judges: panel.map((id) => ({ ...person(id), hasSubmitted: false })), ballots: [], votes: null }
      : null,
  } as Pick<TDebate, 'debaters' | 'judge' | 'panel'>;
}

describe('the people of a round', () => {
  it('names the one judge, or every judge of a panel once, the chair first', () => {
    expect(judgesOfRound(round(null, null))).toEqual([]);
    expect(judgesOfRound(round('j1', null))).toEqual([person('j1')]);
    expect(judgesOfRound(round('j1', ['j1', 'j2', 'j3']))).toEqual([person('j1'), person('j2'), person('j3')]);
  });

  it('lists the debaters and then the judges, as plain participants', () => {
    expect(peopleOfRound(round('j1', ['j1', 'j2', 'j3'])).map((p) => p.userId)).toEqual(['a', 'b', 'j1', 'j2', 'j3']);
    expect(peopleOfRound(round('j1', null))[0]).toEqual(person('a'));
  });
});
