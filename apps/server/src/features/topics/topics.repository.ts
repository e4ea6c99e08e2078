import type { Kysely, Selectable, Transaction } from 'kysely';
import type { TTopic, TUpdateTopicRequest } from '@resolved/shared';
import type { DB } from '../../db/schema';
import type { TopicsTable } from './topics.tables';
import type { TEngine } from '../../db/database';
import { withKeyLock } from '../../lib/key-lock';

function toTopic(row: Selectable<TopicsTable>): TTopic {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    description: row.description,
    isCurrent: row.isCurrent === 1,
    createdAt: row.createdAt,
  };
}

export async function findCurrentTopic(db: Kysely<DB>): Promise<TTopic | undefined> {
  const row = await db
    .selectFrom('topics')
    .selectAll()
    .where('isCurrent', '=', 1)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? toTopic(row) : undefined;
}

/**
 * History, most recently current first. `updatedAt` is the moment a topic last became current (it is set
 * on insert and again when an admin makes a past topic current), so a re-activated topic moves to the top.
 */
export async function listTopics(db: Kysely<DB>, limit: number): Promise<TTopic[]> {
  const rows = await db
    .selectFrom('topics')
    .selectAll()
    .orderBy('isCurrent', 'desc')
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toTopic);
}

/**
 * Runs `change` with the current-topic slot locked (`withKeyLock`): on PostgreSQL an advisory lock, so two
 * admins saving at once are applied one after the other; SQLite serialises write transactions by itself.
 * The partial unique index `topics_one_current` (migration 0004) backs the invariant either way.
 */
export async function withCurrentTopicLock<T>(
  db: Kysely<DB>,
  engine: TEngine,
  change: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return withKeyLock({ db, engine }, 'resolved.topics.current', change);
}

async function clearCurrent(trx: Transaction<DB>): Promise<void> {
  await trx.updateTable('topics').set({ isCurrent: 0 }).where('isCurrent', '=', 1).execute();
}

/** Stores a new topic and makes it the current one; the previous current topic joins the history. */
export async function insertCurrentTopic(
  trx: Transaction<DB>,
  input: TUpdateTopicRequest,
  createdBy: string,
  now: string,
): Promise<TTopic> {
  await clearCurrent(trx);
  const row = await trx
    .insertInto('topics')
    .values({ ...input, isCurrent: 1, createdBy, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTopic(row);
}

/** Makes an existing topic current again (same row, no copy) and moves it to the top of the history. */
export async function makeTopicCurrent(trx: Transaction<DB>, id: number, now: string): Promise<TTopic | undefined> {
  const existing = await trx.selectFrom('topics').select('id').where('id', '=', id).executeTakeFirst();
  if (!existing) return undefined;
  await clearCurrent(trx);
  const row = await trx
    .updateTable('topics')
    .set({ isCurrent: 1, updatedAt: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTopic(row);
}
