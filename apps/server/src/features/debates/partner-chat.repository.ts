/** A team's partner chat's SQL (migration 0060): its messages, a retry's stored message, the rate limit's count. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type TDebatesDb = Kysely<DB>;

/** The partner message this user sent with this client id, if any (a retried send). */
export async function findPartnerMessageByClientId(db: TDebatesDb, userId: string, clientId: string) {
  const row = await db
    .selectFrom('debatePartnerMessages')
    .select(['id', 'side', 'text', 'createdAt'])
    .where('userId', '=', userId)
    .where('clientId', '=', clientId)
    .executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } : undefined;
}

export async function insertPartnerMessage(
  db: TDebatesDb,
  values: { debateId: number; side: string; userId: string; text: string; createdAt: string; clientId: string | null },
): Promise<number> {
  const row = await db.insertInto('debatePartnerMessages').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** How many partner messages the user stored at or after `sinceIso`, in any round. */
export async function countRecentPartnerMessages(db: TDebatesDb, userId: string, sinceIso: string): Promise<number> {
  const { count } = await db
    .selectFrom('debatePartnerMessages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .where('createdAt', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The last `limit` messages of one side's partner chat, oldest first. */
export async function listPartnerMessages(db: TDebatesDb, debateId: number, side: string, limit: number) {
  const rows = await db
    .selectFrom('debatePartnerMessages')
    .innerJoin('users', 'users.id', 'debatePartnerMessages.userId')
    .select([
      'debatePartnerMessages.id',
      'debatePartnerMessages.debateId',
      'debatePartnerMessages.side',
      'debatePartnerMessages.userId',
      'debatePartnerMessages.text',
      'debatePartnerMessages.createdAt',
      'users.displayName',
    ])
    .where('debatePartnerMessages.debateId', '=', debateId)
    .where('debatePartnerMessages.side', '=', side)
    .orderBy('debatePartnerMessages.id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** The user's own partner messages (not their partner's), for "Download my data". */
export async function listPartnerMessagesOfUser(db: TDebatesDb, userId: string) {
  return db
    .selectFrom('debatePartnerMessages')
    .select(['debateId', 'side', 'text', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
}
