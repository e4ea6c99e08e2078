/** Notices (migration 0031): what a person is told of a report's outcome, an action on them, an appeal's decision. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema';
import type { NoticesTable } from './moderation.tables';

type TDb = Kysely<DB>;
export type TNoticeRow = Selectable<NoticesTable>;

export async function insertNotice(
  db: TDb,
  values: Omit<Insertable<NoticesTable>, 'id' | 'readAt'>,
): Promise<TNoticeRow> {
  return db
    .insertInto('notices')
    .values({ ...values, readAt: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listNotices(db: TDb, userId: string, limit: number): Promise<TNoticeRow[]> {
  return db.selectFrom('notices').selectAll().where('userId', '=', userId).orderBy('id', 'desc').limit(limit).execute();
}

export async function findNotice(db: TDb, id: number, userId: string): Promise<TNoticeRow | undefined> {
  return db.selectFrom('notices').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
}

export async function markNoticesRead(db: TDb, userId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('notices')
    .set({ readAt: nowIso })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .execute();
}
