/** The in-round chat's SQL: its messages, a retry's stored message, and the count the rate limit reads. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type TDebatesDb = Kysely<DB>;

/** The round message this user sent with this client id, if any (a retried send). */
export async function findMessageByClientId(db: TDebatesDb, userId: string, clientId: string) {
  const row = await db
    .selectFrom('debateMessages')
    .select(['id', 'text', 'createdAt'])
    .where('userId', '=', userId)
    .where('clientId', '=', clientId)
    .executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } : undefined;
}

export async function insertMessage(
  db: TDebatesDb,
  values: { debateId: number; userId: string; text: string; createdAt: string; clientId: string | null },
): Promise<number> {
  const row = await db.insertInto('debateMessages').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** How many round messages the user stored at or after `sinceIso`, in any round. */
export async function countRecentMessages(db: TDebatesDb, userId: string, sinceIso: string): Promise<number> {
  const { count } = await db
    .selectFrom('debateMessages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .where('createdAt', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function listMessages(db: TDebatesDb, debateId: number, limit: number) {
  const rows = await db
    .selectFrom('debateMessages')
    .innerJoin('users', 'users.id', 'debateMessages.userId')
    .select([
      'debateMessages.id',
      'debateMessages.debateId',
      'debateMessages.userId',
      'debateMessages.text',
      'debateMessages.createdAt',
      'users.displayName',
    ])
    .where('debateMessages.debateId', '=', debateId)
    .orderBy('debateMessages.id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** The user's own round chat messages (not the others' in the same rounds), for "Download my data". */
export async function listRoundMessagesOfUser(db: TDebatesDb, userId: string) {
  return db
    .selectFrom('debateMessages')
    .select(['debateId', 'text', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
}
