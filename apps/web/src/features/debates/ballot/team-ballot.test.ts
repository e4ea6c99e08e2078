import { describe, expect, it } from 'vitest';
import type { TDebate, TDebateSeat } from '@resolved/shared';
import { hasSpeakerRanks, isTeamRound, panelBallotLines, teamBallotRequest } from './team-ballot';

const rating = { rating: 1500, deviation: 350, isProvisional: true, games: 0 };
const seat = (userId: string, side: 'a' | 'b', position: string | null): TDebateSeat => ({
  userId,
  displayName: userId,
  rating,
  side,
  position,
});
const round = (formatId: 'pf' | 'parli', seats: TDebateSeat[]) =>
  ({
    formatId,
    debaters: { a: seats.find((s) => s.side === 'a')!, b: seats.find((s) => s.side === 'b')! },
    seats,
  }) as unknown as TDebate;
const teams = round('pf', [
  seat('ann', 'a', 'first'),
  seat('ben', 'a', 'second'),
  seat('cat', 'b', 'first'),
  seat('dan', 'b', 'second'),
]);
const points = { ann: '28', ben: '28.5', cat: '29', dan: '27.5' };

describe('the ballot form of a round of teams', () => {
  it('scores each debater only when the round seats teams, and ranks speakers in Public Forum', () => {
    expect(isTeamRound(teams)).toBe(true);
    expect(isTeamRound(round('pf', [seat('ann', 'a', null), seat('cat', 'b', null)]))).toBe(false);
    expect(hasSpeakerRanks(teams)).toBe(true);
    expect(hasSpeakerRanks(round('parli', []))).toBe(false);
  });

  it('sends every debater’s points, with ranks when all are given', () => {
    expect(teamBallotRequest(teams, { winnerSide: 'b', points, ranks: {}, reason: 'Why' })).toEqual({
      winnerSide: 'b',
      reason: 'Why',
      debaterPoints: [
        { userId: 'ann', points: 28 },
        { userId: 'ben', points: 28.5 },
        { userId: 'cat', points: 29 },
        { userId: 'dan', points: 27.5 },
      ],
    });
    const ranks = { ann: '3', ben: '2', cat: '1', dan: '4' };
    const ranked = teamBallotRequest(teams, { winnerSide: 'b', points, ranks, reason: 'Why' });
    expect(typeof ranked === 'string' ? ranked : ranked.debaterPoints?.map((p) => p.rank)).toEqual([3, 2, 1, 4]);
  });

  it('says why before sending: a rank twice, or only some ranked', () => {
    expect(
      teamBallotRequest(teams, {
        winnerSide: 'a',
        points,
        ranks: { ann: '1', ben: '1', cat: '2', dan: '3' },
        reason: 'x',
      }),
    ).toBe('Speaker ranks go from 1 to 4, each to one debater.');
    expect(teamBallotRequest(teams, { winnerSide: 'a', points, ranks: { ann: '1' }, reason: 'x' })).toBe(
      'Speaker ranks go from 1 to 4, each to one debater.',
    );
  });
});

describe('a panel judge’s shown ballot', () => {
  const debaterPoints = [
    { userId: 'ann', side: 'a' as const, points: 28, rank: 3 },
    { userId: 'ben', side: 'a' as const, points: 28.5, rank: null },
    { userId: 'cat', side: 'b' as const, points: 29, rank: 1 },
    { userId: 'dan', side: 'b' as const, points: 27.5, rank: null },
  ];

  it('lists every debater of a round of teams with the judge’s points and rank', () => {
    expect(panelBallotLines(teams, { speakerPoints: { a: 28, b: 29 }, debaterPoints }).map((l) => l.text)).toEqual([
      'ann: 28.0 (rank 3)',
      'ben: 28.5',
      'cat: 29.0 (rank 1)',
      'dan: 27.5',
    ]);
  });

  it('lists each side’s debater in a one-on-one round, and a ballot that scored sides only', () => {
    const oneOnOne = round('pf', [seat('ann', 'a', null), seat('cat', 'b', null)]);
    const sides = { speakerPoints: { a: 28, b: 29 }, debaterPoints: [] };
    expect(panelBallotLines(oneOnOne, sides).map((l) => l.text)).toEqual(['ann: 28.0', 'cat: 29.0']);
    expect(panelBallotLines(teams, sides).map((l) => l.text)).toEqual(['ann: 28.0', 'cat: 29.0']);
  });
});
