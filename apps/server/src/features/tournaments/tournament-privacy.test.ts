/** The per-viewer filters of a tournament's minors, on plain values (`tournament-privacy.ts`). */
import { describe, expect, it } from 'vitest';
import { tournamentAccess, type TTournamentBrackets, type TTournamentViewerFacts } from '@resolved/shared';
import { bracketsFor } from './tournament-privacy';

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
      ],
      champion: { entrantId: 10, userId: 'u-mina', displayName: 'Mina Young' },
      bracket: {
        stage: [],
        group: [],
        round: [],
        match: [],
        matchGame: [],
        participant: [
          { id: 0, tournament_id: 1, name: 'Mina Young', entrantId: 10 },
          { id: 1, tournament_id: 1, name: 'Ada Adult', entrantId: 11 },
        ],
      },
    },
  ],
};
const privacy = { privateUserIds: new Set(['u-mina']), privateEntrantIds: new Set([10]) };

describe('bracketsFor', () => {
  it('names a minor by a shortened name, without seed or user id, to an outsider', () => {
    const division = bracketsFor(brackets, privacy, tournamentAccess(facts)).divisions[0]!;
    expect(division.seeds).toEqual([{ seed: 2, entrantId: 11, displayName: 'Ada Adult' }]);
    expect(division.champion).toEqual({ entrantId: 10, userId: null, displayName: 'Mina Y.' });
    expect(division.bracket.participant.map((p) => p.name)).toEqual(['Mina Y.', 'Ada Adult']);
    expect(JSON.stringify(division)).not.toContain('Mina Young');
  });

  it('gives the tournament’s own people the bracket as it is', () => {
    expect(bracketsFor(brackets, privacy, tournamentAccess({ ...facts, isCoachOfEntrant: true }))).toBe(brackets);
  });
});
