import { describe, expect, it } from 'vitest';
import type { TDebate, TDebateSeat } from '@resolved/shared';
import { hasSpeakerRanks, isTeamRound, teamBallotRequest } from './team-ballot';

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
