/** Matchmaking SQL: the matching lock, the queue and challenge links. */
import { sql, type Kysely } from 'kysely';
import type { TFormatId } from '@resolved/shared';
import type { TEngine } from '../../db/database';
import { chunks } from '../../db/batches';
import { compiledOnce } from '../../db/compiled-query';
import type { DB } from '../../db/schema';

type TDebatesDb = Kysely<DB>;

/**
 * Serialises matching (queue sweeps and challenge acceptance) across every instance. On PostgreSQL a
 * transaction-scoped advisory lock; on SQLite the single writer already serialises transactions. `isShared`: for
 * work that writes the same one-debate guards but is not matching (a coach's pairing): it waits for a sweep and keeps
 * sweeps out while it runs, but runs beside other shared holders (which lock their own keys, `lockKeys`).
 */
export async function lockMatching(db: TDebatesDb, engine: TEngine, options: { isShared?: boolean } = {}) {
  if (engine !== 'postgres') return;
  if (options.isShared)
    await sql`select pg_advisory_xact_lock_shared(hashtext('resolved.debates.matching'))`.execute(db);
  else await sql`select pg_advisory_xact_lock(hashtext('resolved.debates.matching'))`.execute(db);
}

/** Read on every queue status: compiled once. */
const queueEntryQuery = compiledOnce((db, param: <T = string>(name: 'userId') => T) =>
  db.selectFrom('debateQueue').selectAll().where('userId', '=', param('userId')),
);

export async function findQueueEntry(db: TDebatesDb, userId: string) {
  const [row] = await queueEntryQuery(db, { userId });
  return row;
}

/**
 * Queue users for a format, in a few statements. Someone waiting in another format moves to this one (a new
 * place); someone already waiting in this format keeps their place.
 */
export async function upsertQueueEntries(
  db: TDebatesDb,
  formatId: TFormatId,
  joins: readonly { userId: string; createdAt: string }[],
): Promise<void> {
  for (const chunk of chunks(joins)) {
    await db
      .insertInto('debateQueue')
      .values(chunk.map((j) => ({ userId: j.userId, formatId, createdAt: j.createdAt })))
      .onConflict((oc) =>
        oc
          .column('userId')
          .doUpdateSet((eb) => ({ formatId, createdAt: eb.ref('excluded.createdAt') }))
          .where('debateQueue.formatId', '!=', formatId),
      )
      .execute();
  }
}

export async function deleteQueueEntry(db: TDebatesDb, userId: string): Promise<number> {
  const result = await db.deleteFrom('debateQueue').where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteQueueEntries(db: TDebatesDb, ids: number[]): Promise<void> {
  for (const chunk of chunks(ids)) await db.deleteFrom('debateQueue').where('id', 'in', chunk).execute();
}

export async function listQueue(db: TDebatesDb, formatId: TFormatId) {
  return db.selectFrom('debateQueue').selectAll().where('formatId', '=', formatId).orderBy('id').execute();
}

/** The formats these users wait in (each waits in one at most). */
export async function listQueuedFormatsOf(db: TDebatesDb, userIds: readonly string[]): Promise<TFormatId[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('debateQueue')
    .select('formatId')
    .distinct()
    .where('userId', 'in', [...userIds])
    .execute();
  return rows.map((r) => r.formatId);
}

export async function insertChallenge(
  db: TDebatesDb,
  values: { token: string; userId: string; formatId: TFormatId; prepMinutes: number | null; now: string },
) {
  await db
    .insertInto('debateChallenges')
    .values({
      token: values.token,
      userId: values.userId,
      formatId: values.formatId,
      prepMinutes: values.prepMinutes,
      debateId: null,
      createdAt: values.now,
    })
    .execute();
}

export async function findChallenge(db: TDebatesDb, token: string) {
  return db.selectFrom('debateChallenges').selectAll().where('token', '=', token).executeTakeFirst();
}

export async function markChallengeUsed(db: TDebatesDb, token: string, debateId: number): Promise<boolean> {
  const result = await db
    .updateTable('debateChallenges')
    .set({ debateId })
    .where('token', '=', token)
    .where('debateId', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes a user's challenge links that nobody has accepted yet; returns how many. */
export async function deleteOpenChallengesOf(db: TDebatesDb, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('debateChallenges')
    .where('userId', '=', userId)
    .where('debateId', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
