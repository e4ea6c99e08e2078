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
import { debaterSeatsIn, sideKeyOf } from '../debates/round-row';
import * as resultsRepo from './results.repository';

/** A result as a correction reads and writes it: the winner, and each debater's points in tenths (null: none). */
export interface TCorrectableResult {
  winnerId: string | null;
  points: Map<string, number | null>;
}

/**
 * Corrects round `debateId`'s result in the caller's transaction: `winnerId` (any debater of the winning side) wins;
 * `points` (tenths, by debater) replace the ballot's — every debater's own points (a round of teams: each partner's,
 * all of them required) and each side's points as its first seat's. Refuses a round without a result (live, waiting,
 * abandoned, completed without a decision), points for a round without a ballot (a forfeit), points for someone not
 * in the round or missing a debater, and a change that changes nothing. Returns before and after, and the seats.
 */
export async function correctResultIn(
  trx: Kysely<DB>,
  debateId: number,
  change: { winnerId: string; points: Map<string, number> | null },
): Promise<{
  before: TCorrectableResult;
  after: TCorrectableResult;
  /** Every debater's side, side A's first (the order the points are listed in). */
  seats: { userId: string; side: string }[];
}> {
  const tx = rounds.debatesDb(trx);
  const row = await rounds.findDebate(tx, debateId);
  if (!row) throw new AppError('not_found', 'That round does not exist.');
  if (row.status !== 'judged' && row.status !== 'forfeited') {
    throw new AppError('conflict', 'Only a confirmed result (judged or forfeited) can be corrected.');
  }
  const ballot = await resultsRepo.findBallotOf(tx, debateId);
  const seats = await debaterSeatsIn(tx, row);
  const sideOf = (userId: string): TSideKey | null => sideKeyOf(seats.find((s) => s.userId === userId)?.side);
  const winnerSide = sideOf(change.winnerId);
  if (!winnerSide) throw new AppError('validation_failed', 'The winner must be one of the round’s debaters.');
  if (change.points && !ballot) {
    throw new AppError('conflict', 'This round was forfeited: it has no ballot, so no speaker points to correct.');
  }
  if (change.points) {
    if ([...change.points.keys()].some((userId) => !sideOf(userId))) {
      throw new AppError('validation_failed', 'Speaker points go only to the debaters of this round.');
    }
    if (seats.some((seat) => !change.points!.has(seat.userId))) {
      throw new AppError(
        'validation_failed',
        seats.length > 2
          ? 'This round seats teams: give every debater of the round speaker points.'
          : 'Give every debater of the round speaker points.',
      );
    }
  }
  // Each debater's points as read now: their own (migration 0059), else their side's on the ballot.
  const own = new Map(
    (await resultsRepo.listDebaterPoints(tx, [debateId])).map((p) => [p.userId, Number(p.points)] as const),
  );
  const sidePoints = (side: TSideKey | null) =>
    !ballot || side === null ? null : Number(side === 'a' ? ballot.speakerPointsA : ballot.speakerPointsB);
  const before: TCorrectableResult = {
    winnerId: row.winnerSide === 'a' ? row.debaterAId : row.winnerSide === 'b' ? row.debaterBId : null,
    points: new Map(seats.map((seat) => [seat.userId, own.get(seat.userId) ?? sidePoints(sideOf(seat.userId))])),
  };
  const firstSeatOf = (side: TSideKey) => (side === 'a' ? row.debaterAId : row.debaterBId);
  const winnerId = firstSeatOf(winnerSide);
  const after: TCorrectableResult = {
    winnerId,
    points: change.points
      ? new Map(seats.map((seat) => [seat.userId, change.points!.get(seat.userId)!]))
      : before.points,
  };
  const isSame =
    before.winnerId === after.winnerId &&
    seats.every((seat) => before.points.get(seat.userId) === after.points.get(seat.userId));
  if (isSame) throw new AppError('conflict', 'That is the result already: nothing to correct.');
  const loserId = firstSeatOf(winnerSide === 'a' ? 'b' : 'a');
  const points = change.points
    ? { a: change.points.get(row.debaterAId)!, b: change.points.get(row.debaterBId)! }
    : null;
  const debaterPoints = change.points
    ? seats.map((seat) => ({ userId: seat.userId, side: seat.side, points: change.points!.get(seat.userId)! }))
    : undefined;
  if (!(await resultsRepo.correctResult(tx, debateId, { winnerSide, loserId, points, debaterPoints }))) {
    throw new AppError('conflict', 'Only a confirmed result (judged or forfeited) can be corrected.');
  }
  return { before, after, seats: seats.map((seat) => ({ userId: seat.userId, side: seat.side })) };
}
