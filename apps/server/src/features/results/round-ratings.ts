/**
 * The ratings step of a decided round, the single judge's and a panel's alike: its sides as teams ranked by the result
 * (the winner's first, the loser's second; each a team of every debater seated on the side), rated with `rateRound`, and each person's new rating
 * saved with a point in their rating history. A room of more teams (British Parliamentary) passes its own ranks to
 * `rateRound` the same way.
 */
import type { TSideKey } from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { rateRound } from '../../lib/ratings/ratings';
import type { TDebateRow } from '../debates/debates.tables';
import { debatesDb } from '../debates/rounds.service';
import { debaterSeatsIn } from '../debates/round-row';
import { ratingsOf } from '../users/ratings.service';
import * as resultsRepo from './results.repository';

export async function rateDecidedRound(
  tx: Kysely<DB>,
  row: TDebateRow,
  winnerSide: TSideKey,
  now: string,
): Promise<void> {
  // Each side as a team of every debater seated on it (one in a one-on-one round).
  const seats = await debaterSeatsIn(debatesDb(tx), row);
  const sides = {
    a: seats.filter((s) => s.side === 'a').map((s) => s.userId),
    b: seats.filter((s) => s.side === 'b').map((s) => s.userId),
  };
  const teams = winnerSide === 'a' ? [sides.a, sides.b] : [sides.b, sides.a];
  const current = await ratingsOf(tx, row.formatId, teams.flat());
  const rated = rateRound(teams, [1, 2], current);
  for (const [userId, rating] of rated) {
    await resultsRepo.saveRating(tx, userId, row.formatId, rating, now, Number(row.id));
  }
}
