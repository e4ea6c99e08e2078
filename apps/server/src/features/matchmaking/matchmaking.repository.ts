/** Matchmaking SQL: the matching lock, the queue and challenge links (partner links: `partner-links.repository.ts`). */
import { sql, type Kysely } from 'kysely';
import type { TChallengeMode, TFormatId, TQueueMode } from '@resolved/shared';
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

/** A join as the sweep writes it: the person, when they joined, how they queue and (in a team) their partners. */
export interface TQueueJoinRow {
  userId: string;
  createdAt: string;
  mode: TQueueMode;
  partnerIds: readonly string[];
  /** British Parliamentary: the speech length chosen (7 or 5); absent: none (another format). */
  speechMinutes?: number | undefined;
}

/**
 * `partnerIds` as stored: each id between commas (`,a,b,`), so a partner is found by `like '%,id,%'`; null if none.
 * A queue entry's are sorted (one team reads the same whoever named it); a challenge's keep the challenger's order,
 * which is the order of their team's positions (`isOrdered`).
 */
export function encodePartnerIds(partnerIds: readonly string[], isOrdered = false): string | null {
  if (partnerIds.length === 0) return null;
  return `,${(isOrdered ? [...partnerIds] : [...partnerIds].sort()).join(',')},`;
}

export function decodePartnerIds(stored: string | null): string[] {
  return stored ? stored.split(',').filter((id) => id.length > 0) : [];
}

/**
 * Queue users for a format, in a few statements. Someone waiting in another format, or in this one in another way
 * (another mode, other partners), gets a new place; someone already waiting in this format the same way keeps theirs.
 */
export async function upsertQueueEntries(
  db: TDebatesDb,
  formatId: TFormatId,
  joins: readonly TQueueJoinRow[],
): Promise<void> {
  for (const chunk of chunks(joins)) {
    const values = chunk.map((j) => ({
      userId: j.userId,
      formatId,
      createdAt: j.createdAt,
      mode: j.mode,
      partnerIds: encodePartnerIds(j.partnerIds),
      speechMinutes: j.speechMinutes ?? null,
    }));
    const wanted = new Map(values.map((v) => [v.userId, v]));
    const current = await db
      .selectFrom('debateQueue')
      .select(['id', 'userId', 'formatId', 'mode', 'partnerIds', 'speechMinutes'])
      .where(
        'userId',
        'in',
        values.map((v) => v.userId),
      )
      .execute();
    const moved = current.filter((row) => {
      const v = wanted.get(row.userId)!;
      return (
        row.formatId !== v.formatId ||
        row.mode !== v.mode ||
        row.partnerIds !== v.partnerIds ||
        // Another speech length is another lane: a new place in it.
        (row.speechMinutes === null ? null : Number(row.speechMinutes)) !== v.speechMinutes
      );
    });
    if (moved.length > 0) {
      await db
        .deleteFrom('debateQueue')
        .where(
          'id',
          'in',
          moved.map((row) => row.id),
        )
        .execute();
    }
    await db
      .insertInto('debateQueue')
      .values(values)
      .onConflict((oc) => oc.column('userId').doNothing())
      .execute();
  }
}

/** The queue rows of these users (each has one at most). */
export async function listQueueEntriesOf(db: TDebatesDb, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('debateQueue')
    .selectAll()
    .where('userId', 'in', [...userIds])
    .execute();
}

/** The team rows that name `userId` as a partner (in any format). */
export async function listTeamEntriesNaming(db: TDebatesDb, userId: string) {
  const rows = await db
    .selectFrom('debateQueue')
    .selectAll()
    .where('mode', '=', 'team')
    .where('partnerIds', 'like', `%,${userId},%`)
    .execute();
  // `_` in an id is LIKE's one-character wildcard: the exact check is here.
  return rows.filter((row) => decodePartnerIds(row.partnerIds).includes(userId));
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
  values: {
    token: string;
    userId: string;
    formatId: TFormatId;
    prepMinutes: number | null;
    now: string;
    mode: TChallengeMode;
    partnerIds: readonly string[];
  },
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
      mode: values.mode,
      partnerIds: encodePartnerIds(values.partnerIds, true),
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
