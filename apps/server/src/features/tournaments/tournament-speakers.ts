/**
 * The speaker tab of a tournament of teams (issue 40, item 6): each debater's points over the preliminary rounds,
 * ranked by the pure `computeSpeakerTab` (the high-low drop, then the average), beside the team tab.
 *
 * Who spoke is read from each round's seats (`debateSeats`), so a member replaced by the host keeps the rounds they
 * spoke in and their replacement only their own. A debater's points in a round are what the ballot gives them
 * (`debaterPointsOf`: a round of teams scores each debater; a one-on-one ballot scores the side, its one debater).
 * A bye, or a win without points (a forfeit), scores the debater's own average; a loss without points scores 0.
 */
import { computeSpeakerTab, type TSpeakerScore, type TTournamentSpeakerRow } from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { seatsOfRounds } from '../debates/rounds.service';
import type { TRoundOutcome } from '../results/results.service';
import { findUserNames } from '../users/users.service';

interface TPairingRead {
  affEntrantId: number;
  negEntrantId: number | null;
  isBye: boolean | number;
  debateId: number | null;
}

interface TEntrantRead {
  id: number;
  userId: string;
}

/**
 * The speaker tab of one division from its preliminary pairings, the confirmed outcomes and the entrants (each
 * named by their accounts); `membersOf` an entrant's members, for its byes.
 */
export async function speakerTabOf(
  db: Kysely<DB>,
  input: {
    pairings: readonly TPairingRead[];
    outcomes: ReadonlyMap<number, TRoundOutcome>;
    entrantsById: ReadonlyMap<number, TEntrantRead>;
    membersOf: (entrant: TEntrantRead) => readonly string[];
  },
): Promise<TTournamentSpeakerRow[]> {
  const { pairings, outcomes, entrantsById } = input;
  const seats = await seatsOfRounds(
    db,
    pairings.flatMap((p) => (p.isBye || p.debateId === null ? [] : [p.debateId])),
  );
  const scores: TSpeakerScore[] = [];
  for (const p of pairings) {
    const aff = entrantsById.get(p.affEntrantId);
    if (!aff) continue;
    if (p.isBye) {
      for (const userId of input.membersOf(aff))
        scores.push({ speakerId: userId, entrantId: String(aff.id), score: 'average' });
      continue;
    }
    const neg = p.negEntrantId === null ? undefined : entrantsById.get(p.negEntrantId);
    const outcome = p.debateId === null ? undefined : outcomes.get(p.debateId);
    if (!neg || !outcome?.isConfirmed) continue;
    const own = seats.filter((s) => s.debateId === p.debateId);
    for (const team of [aff, neg]) {
      const side = own.find((s) => s.userId === team.userId)?.side;
      const isWinner = outcome.winnerId === team.userId;
      for (const seat of own.filter((s) => s.side === side)) {
        // Their own points on a ballot of a round of teams (`debaterPointsOf`), else their side's.
        const points = outcome.debaterPointsOf(seat.userId);
        scores.push({
          speakerId: seat.userId,
          entrantId: String(team.id),
          score: points === null ? (isWinner ? 'average' : 0) : points,
        });
      }
    }
  }
  const tab = computeSpeakerTab(scores);
  const names = await findUserNames(
    db,
    tab.map((row) => row.speakerId),
  );
  return tab.map((row) => ({
    rank: row.rank,
    userId: row.speakerId,
    displayName: names.get(row.speakerId) ?? 'Someone',
    entrantId: Number(row.entrantId),
    // Ballot points are stored in tenths (as the team tab reads them).
    speakerPoints: Math.round(row.speakerPoints) / 10,
    isHighLowDropped: row.isHighLowDropped,
    averagePoints: Math.round(row.averagePoints * 10) / 100,
    rounds: row.rounds,
  }));
}
