/** Debaters' ratings as the round, the team pages and the pairing read them (results writes them). */
import type { Kysely } from 'kysely';
import type { TFormatId } from '@resolved/shared';
import type { DB } from '../../db/schema';
import type { TRating } from '../../lib/ratings/ratings';
import * as repo from './ratings.repository';

/** The ratings of these users in a format (a user who has none is absent); `db` may be a transaction. */
export async function ratingsOf(db: Kysely<DB>, formatId: TFormatId, userIds: string[]): Promise<Map<string, TRating>> {
  return repo.findRatings(db, formatId, userIds);
}

/** Every format's rating of these users. */
export async function allRatingsOf(
  db: Kysely<DB>,
  userIds: string[],
): Promise<Map<string, { formatId: TFormatId; rating: TRating }[]>> {
  return repo.findAllRatings(db, userIds);
}
