/**
 * Correcting a confirmed result after the fact (a tournament's host, audited by the tournament): the winner and, for
 * a judged round, the ballot's speaker points. Only the result of record changes — what the tab, records and exports
 * read. Ratings and points already given are left as they are: both are ledgers built round on round (every later
 * rated round of both debaters started from the rating this one gave), so re-rating one round would silently move
 * others' results; the correction's audit keeps what changed.
 */
import type { Kysely } from 'kysely';
import type { TSideKey } from '@resolved/shared';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as rounds from '../debates/rounds.service';
import * as resultsRepo from './results.repository';

/** A result as a correction reads and writes it: the winner, and each debater's points in tenths (null: none). */
export interface TCorrectableResult {
  winnerId: string | null;
  points: Map<string, number | null>;
}

/**
 * Corrects round `debateId`'s result in the caller's transaction: `winnerId` wins; `points` (tenths, by debater)
 * replace the ballot's — the side's and its first seat's own (a round of teams' other debaters keep theirs). Refuses a round without a result (live, waiting, abandoned, completed without a decision),
 * points for a round without a ballot (a forfeit), and a change that changes nothing. Returns before and after.
 */
export async function correctResultIn(
  trx: Kysely<DB>,
  debateId: number,
  change: { winnerId: string; points: Map<string, number> | null },
): Promise<{ before: TCorrectableResult; after: TCorrectableResult }> {
  const tx = rounds.debatesDb(trx);
  const row = await rounds.findDebate(tx, debateId);
  if (!row) throw new AppError('not_found', 'That round does not exist.');
  if (row.status !== 'judged' && row.status !== 'forfeited') {
    throw new AppError('conflict', 'Only a confirmed result (judged or forfeited) can be corrected.');
  }
  const ballot = await resultsRepo.findBallotOf(tx, debateId);
  const sideOf = (userId: string): TSideKey | null =>
    userId === row.debaterAId ? 'a' : userId === row.debaterBId ? 'b' : null;
  const winnerSide = sideOf(change.winnerId);
  if (!winnerSide) throw new AppError('validation_failed', 'The winner must be one of the round’s debaters.');
  if (change.points && !ballot) {
    throw new AppError('conflict', 'This round was forfeited: it has no ballot, so no speaker points to correct.');
  }
  const pointsOf = (a: number | null, b: number | null) =>
    new Map<string, number | null>([
      [row.debaterAId, a],
      [row.debaterBId, b],
    ]);
  const before: TCorrectableResult = {
    winnerId: row.winnerSide === 'a' ? row.debaterAId : row.winnerSide === 'b' ? row.debaterBId : null,
    points: pointsOf(ballot ? Number(ballot.speakerPointsA) : null, ballot ? Number(ballot.speakerPointsB) : null),
  };
  const points = change.points
    ? { a: change.points.get(row.debaterAId)!, b: change.points.get(row.debaterBId)! }
    : null;
  const after: TCorrectableResult = {
    winnerId: change.winnerId,
    points: points ? pointsOf(points.a, points.b) : before.points,
  };
  const isSame =
    before.winnerId === after.winnerId &&
    [row.debaterAId, row.debaterBId].every((id) => before.points.get(id) === after.points.get(id));
  if (isSame) throw new AppError('conflict', 'That is the result already: nothing to correct.');
  const loserId = winnerSide === 'a' ? row.debaterBId : row.debaterAId;
  const firstSeats = { a: row.debaterAId, b: row.debaterBId };
  if (!(await resultsRepo.correctResult(tx, debateId, { winnerSide, loserId, points, firstSeats }))) {
    throw new AppError('conflict', 'Only a confirmed result (judged or forfeited) can be corrected.');
  }
  return { before, after };
}
