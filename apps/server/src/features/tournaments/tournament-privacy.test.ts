/** The per-viewer filters of a tournament's minors, on plain values (`tournament-privacy.ts`). */
import { describe, expect, it } from 'vitest';
import {
  tournamentAccess,
  type TTournamentBrackets,
  type TTournamentStandingRow,
  type TTournamentViewerFacts,
} from '@resolved/shared';
import { bracketsFor, hostsFor, rankedAmongShown } from './tournament-privacy';

const facts: TTournamentViewerFacts = {
  isSignedIn: true,
  isAdmin: false,
  isHost: false,
  isCohost: false,
  isEntrant: false,
  isJudge: false,
  isCoachOfEntrant: false,
  isPublished: true,
};

const brackets: TTournamentBrackets = {
  tournamentId: 1,
  firstEliminationRound: 3,
  divisions: [
    {
      divisionId: 1,
      name: 'Open',
      seeds: [
        { seed: 1, entrantId: 10, displayName: 'Mina Young' },
        { seed: 2, entrantId: 11, displayName: 'Ada Adult' },
        { seed: 3, entrantId: 12, displayName: 'Tom & Jerry Lee & Kit Ode' },
      ],
      champion: { entrantId: 10, userId: 'u-mina', displayName: 'Mina Young', memberNames: ['Mina Young'] },
      bracket: {
        stage: [],
        group: [],
        round: [],
        match: [],
        matchGame: [],
        participant: [
          { id: 0, tournament_id: 1, name: 'Mina Young', entrantId: 10, memberNames: ['Mina Young'] },
          { id: 1, tournament_id: 1, name: 'Ada Adult', entrantId: 11, memberNames: ['Ada Adult'] },
          // A team of two minors, one of whom is named "Tom & Jerry Lee".
          {
            id: 2,
            tournament_id: 1,
            name: 'Tom & Jerry Lee & Kit Ode',
            entrantId: 12,
            memberNames: ['Tom & Jerry Lee', 'Kit Ode'],
          },
        ],
      },
    },
  ],
};
const privacy = { privateUserIds: new Set(['u-mina', 'u-tom']), privateEntrantIds: new Set([10, 12]) };

describe('bracketsFor', () => {
  it('names a minor by a shortened name, without seed or user id, to an outsider', () => {
    const division = bracketsFor(brackets, privacy, tournamentAccess(facts)).divisions[0]!;
    expect(division.seeds).toEqual([{ seed: 2, entrantId: 11, displayName: 'Ada Adult' }]);
    expect(division.champion).toEqual({
      entrantId: 10,
      userId: null,
      displayName: 'Mina Y.',
      memberNames: ['Mina Y.'],
    });
    expect(division.bracket.participant.map((p) => p.name)).toEqual(['Mina Y.', 'Ada Adult', 'Tom &. J. L. & Kit O.']);
    // Each member shortened from the members' list: a name with " & " in it stays one person's.
    expect(division.bracket.participant[2]!.memberNames).toEqual(['Tom &. J. L.', 'Kit O.']);
    expect(JSON.stringify(division)).not.toContain('Mina Young');
    expect(JSON.stringify(division)).not.toContain('Jerry');
  });

  it('gives the tournament’s own people the bracket as it is', () => {
    expect(bracketsFor(brackets, privacy, tournamentAccess({ ...facts, isCoachOfEntrant: true }))).toBe(brackets);
  });
});

const row = (rank: number, entrantId: number): TTournamentStandingRow => ({
  rank,
  entrantId,
  userId: `u${entrantId}`,
  displayName: `Entrant ${entrantId}`,
  memberNames: [`Entrant ${entrantId}`],
  teamName: null,
  isWithdrawn: false,
  wins: 0,
  losses: 0,
  byes: 0,
  speakerPoints: 0,
  isHighLowDropped: false,
  opponentWins: 0,
  bp: null,
});

describe('rankedAmongShown', () => {
  it('ranks the rows shown among themselves, ties still shared, the tab’s order kept', () => {
    // The tab: 1, 2 (private), 3, 3, 5 (private), 6. Shown: 1, 3, 3, 6.
    const shown = [row(1, 1), row(3, 3), row(3, 4), row(6, 6)];
    expect(rankedAmongShown(shown).map((r) => [r.entrantId, r.rank])).toEqual([
      [1, 1],
      [3, 2],
      [4, 2],
      [6, 4],
    ]);
    expect(rankedAmongShown([])).toEqual([]);
  });
});

describe('hostsFor', () => {
  const tournament = {
    host: { userId: 'u-host', displayName: 'Hal Host' },
    cohosts: [
      { userId: 'u-leo', displayName: 'Leo Minor' },
      { userId: 'u-ada', displayName: 'Ada Adult' },
    ],
  };
  const minors = { privateUserIds: new Set(['u-leo']) };

  it('names a co-host under 18 as a minor entrant to an outsider', () => {
    expect(hostsFor(tournament, minors, tournamentAccess(facts)).cohosts).toEqual([
      { userId: null, displayName: 'Leo M.' },
      { userId: 'u-ada', displayName: 'Ada Adult' },
    ]);
  });

  it('gives the tournament’s own people every name as it is', () => {
    expect(hostsFor(tournament, minors, tournamentAccess({ ...facts, isEntrant: true }))).toBe(tournament);
  });
});
