/** The moderation log (migration 0031): append-only, so there is no update and no delete here. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { TModerationAction } from '@resolved/shared';
import type { DB } from '../../db/schema';
import type { ModerationLogTable } from './moderation.tables';

type TDb = Kysely<DB>;
export type TLogRow = Selectable<ModerationLogTable>;

export async function insertLog(db: TDb, values: Omit<Insertable<ModerationLogTable>, 'id'>): Promise<TLogRow> {
  return db.insertInto('moderationLog').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findLog(db: TDb, id: number): Promise<TLogRow | undefined> {
  return db.selectFrom('moderationLog').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest logged action of this kind on a user (the ban a banned person appeals). */
export async function findLatestActionOn(
  db: TDb,
  targetId: string,
  action: TModerationAction,
): Promise<TLogRow | undefined> {
  return db
    .selectFrom('moderationLog')
    .selectAll()
    .where('targetId', '=', targetId)
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function listLog(
  db: TDb,
  filter: {
    actorId?: string | undefined;
    targetId?: string | undefined;
    action?: string | undefined;
    beforeId?: number | undefined;
  },
  limit: number,
): Promise<TLogRow[]> {
  let query = db.selectFrom('moderationLog').selectAll();
  if (filter.actorId) query = query.where('actorId', '=', filter.actorId);
  if (filter.targetId) query = query.where('targetId', '=', filter.targetId);
  if (filter.action) query = query.where('action', '=', filter.action as TModerationAction);
  if (filter.beforeId) query = query.where('id', '<', filter.beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** The moderation log's entries against the user (without the moderator), for "Download my data". */
export async function listActionsAgainst(db: TDb, userId: string) {
  return db
    .selectFrom('moderationLog')
    .select(['action', 'reason', 'until', 'createdAt'])
    .where('targetId', '=', userId)
    .orderBy('id')
    .execute();
}
