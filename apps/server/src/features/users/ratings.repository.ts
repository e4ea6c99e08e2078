/** Ratings SQL as everyone reads them: a format's ratings of some users, and every format's of others. */
import type { Kysely } from 'kysely';
import type { TFormatId } from '@resolved/shared';
import type { DB } from '../../db/schema';
import type { TRating } from '../../lib/ratings/ratings';

type TDb = Kysely<DB>;

/** A stored rating as the rating module reads it. */
function ratingOfRow(row: { mu: number; sigma: number; games: number }): TRating {
  return { mu: Number(row.mu), sigma: Number(row.sigma), games: Number(row.games) };
}

export async function findRatings(db: TDb, formatId: TFormatId, userIds: string[]): Promise<Map<string, TRating>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('debateRatings')
    .selectAll()
    .where('formatId', '=', formatId)
    .where('userId', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.userId, ratingOfRow(r)]));
}

/** Every format's rating of these users. */
export async function findAllRatings(
  db: TDb,
  userIds: string[],
): Promise<Map<string, { formatId: TFormatId; rating: TRating }[]>> {
  const byUser = new Map<string, { formatId: TFormatId; rating: TRating }[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db.selectFrom('debateRatings').selectAll().where('userId', 'in', userIds).execute();
  for (const r of rows) {
    const list = byUser.get(r.userId) ?? [];
    list.push({
      formatId: r.formatId,
      rating: ratingOfRow(r),
    });
    byUser.set(r.userId, list);
  }
  return byUser;
}
