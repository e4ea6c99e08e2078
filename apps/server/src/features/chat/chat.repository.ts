import type { Kysely, Selectable } from 'kysely';
import type { TChatMessage, TRole } from '@resolved/shared';
import type { DB } from '../../db/schema';
import type { MessagesTable } from './chat.tables';

export type TMessageRow = Selectable<MessagesTable>;

export function toChatMessage(row: TMessageRow): TChatMessage {
  return {
    id: row.id,
    clientId: row.clientId,
    userId: row.userId,
    text: row.text,
    displayName: row.displayName,
    role: row.role as TRole,
    timestamp: row.timestamp,
  };
}

/** The author as the user record says now (role, name and ban are read at send time, spec §6). */
export async function findAuthor(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'displayName', 'role', 'banned', 'banExpires', 'mutedUntil', 'createdAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function findMessageById(db: Kysely<DB>, id: number): Promise<TMessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findMessageByClientId(
  db: Kysely<DB>,
  userId: string,
  clientId: string,
): Promise<TMessageRow | undefined> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('userId', '=', userId)
    .where('clientId', '=', clientId)
    .executeTakeFirst();
}

/**
 * Stores a message unless this user already stored one with the same client id (a retry), and returns the
 * stored row either way, with whether it was new.
 */
export async function insertMessageOnce(
  db: Kysely<DB>,
  values: Omit<MessagesTable, 'id' | 'deletedAt' | 'deletedBy'>,
): Promise<{ row: TMessageRow; isNew: boolean }> {
  const inserted = await db
    .insertInto('messages')
    .values({ ...values, deletedAt: null, deletedBy: null })
    .onConflict((oc) => oc.columns(['userId', 'clientId']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, isNew: true };
  const existing = await findMessageByClientId(db, values.userId, values.clientId);
  if (!existing) throw new Error('message conflict without a stored message');
  return { row: existing, isNew: false };
}

/** How many messages the user stored at or after `sinceIso` (deleted ones count too). */
export async function countRecentMessages(db: Kysely<DB>, userId: string, sinceIso: string): Promise<number> {
  const { count } = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .where('timestamp', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * The times of the user's newest `limit` messages at or after `sinceIso`, newest first (deleted ones count too): how
 * many the window holds, and when its oldest leaves it.
 */
export async function listRecentMessageTimes(
  db: Kysely<DB>,
  userId: string,
  sinceIso: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('messages')
    .select('timestamp')
    .where('userId', '=', userId)
    .where('timestamp', '>=', sinceIso)
    .orderBy('timestamp', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.timestamp);
}

/** The chat lock as stored (the one settings row; off if it were missing). */
export async function findChatLock(db: Kysely<DB>): Promise<{ isLocked: boolean; changedAt: string | null }> {
  const row = await db
    .selectFrom('chatSettings')
    .select(['isLocked', 'changedAt'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return {
    isLocked: row ? Number(row.isLocked) === 1 || row.isLocked === true : false,
    changedAt: row?.changedAt ?? null,
  };
}

/** Sets the chat lock; false when it already held that value (nothing changed, nothing to announce or log). */
export async function updateChatLock(
  db: Kysely<DB>,
  values: { isLocked: boolean; changedAt: string; changedBy: string },
): Promise<boolean> {
  const result = await db
    .updateTable('chatSettings')
    .set({ isLocked: values.isLocked ? 1 : 0, changedAt: values.changedAt, changedBy: values.changedBy })
    .where('id', '=', 1)
    .where('isLocked', '=', values.isLocked ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Visible messages with id < beforeId (or the newest), newest first, at most `limit`; none by `hiddenAuthors` (those
 * the reader blocked).
 */
export async function listMessagesBefore(
  db: Kysely<DB>,
  beforeId: number | undefined,
  limit: number,
  hiddenAuthors: readonly string[] = [],
): Promise<TMessageRow[]> {
  let query = db.selectFrom('messages').selectAll().where('deletedAt', 'is', null);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  if (hiddenAuthors.length > 0) query = query.where('userId', 'not in', hiddenAuthors);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** Visible messages with id > afterId, oldest first, at most `limit`; none by `hiddenAuthors`. */
export async function listMessagesAfter(
  db: Kysely<DB>,
  afterId: number,
  limit: number,
  hiddenAuthors: readonly string[] = [],
): Promise<TMessageRow[]> {
  let query = db.selectFrom('messages').selectAll().where('deletedAt', 'is', null).where('id', '>', afterId);
  if (hiddenAuthors.length > 0) query = query.where('userId', 'not in', hiddenAuthors);
  return query.orderBy('id', 'asc').limit(limit).execute();
}

/** Ids of messages deleted at or after `sinceIso` (bounded: a client away longer reloads the newest page). */
export async function listDeletedIdsSince(db: Kysely<DB>, sinceIso: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('messages')
    .select('id')
    .where('deletedAt', '>=', sinceIso)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Marks a message deleted; false when it was already deleted (or does not exist). */
export async function softDeleteMessage(db: Kysely<DB>, id: number, deletedBy: string, atIso: string) {
  const result = await db
    .updateTable('messages')
    .set({ deletedAt: atIso, deletedBy })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A deleted account's chat messages (they carry its e-mail): removed with the account. */
export async function deleteMessagesOfUser(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('messages').where('userId', '=', userId).execute();
}

/** The user's own community chat messages (deleted ones too, marked), for "Download my data". */
export async function listMessagesOfUser(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('messages')
    .select(['text', 'timestamp as createdAt', 'deletedAt'])
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
}

/**
 * Whether the user debated at least one round to its end (`completed` or `judged`; not forfeited or abandoned), in
 * any seat (a partner's too). Led by the user's seats (`debateSeats`' user index), so it reads their rounds only.
 */
export async function hasCompletedRoundAsDebater(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('debateSeats as s')
    .innerJoin('debates as d', 'd.id', 's.debateId')
    .select('d.id')
    .where('s.userId', '=', userId)
    .where('d.status', 'in', ['completed', 'judged'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
