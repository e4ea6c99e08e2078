import type { Kysely } from 'kysely';
import type { TFormatId, TMotion } from '@resolved/shared';
import type { DB } from '../../db/schema';

export async function listMotions(db: Kysely<DB>, formatId: TFormatId): Promise<TMotion[]> {
  const rows = await db
    .selectFrom('motions')
    .select(['id', 'formatId', 'text', 'createdAt'])
    .where('formatId', '=', formatId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function insertMotion(
  db: Kysely<DB>,
  values: { formatId: TFormatId; text: string; createdBy: string; createdAt: string },
): Promise<TMotion> {
  const row = await db
    .insertInto('motions')
    .values(values)
    .returning(['id', 'formatId', 'text', 'createdAt'])
    .executeTakeFirstOrThrow();
  return { ...row, id: Number(row.id) };
}

/** False when there was no such motion. */
export async function deleteMotion(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('motions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The texts of a format's bank (what a new round draws from). */
export async function listMotionTexts(db: Kysely<DB>, formatId: TFormatId): Promise<string[]> {
  const rows = await db.selectFrom('motions').select('text').where('formatId', '=', formatId).execute();
  return rows.map((row) => row.text);
}
