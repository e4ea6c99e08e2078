/** Blocks: the only SQL on `userBlocks`. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

/** Stores a block; blocking someone already blocked changes nothing. True when the block is new. */
export async function insertBlock(db: TDb, blockerId: string, blockedId: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('userBlocks')
    .values({ blockerId, blockedId, createdAt: now })
    .onConflict((oc) => oc.columns(['blockerId', 'blockedId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes a block; true when there was one. */
export async function deleteBlock(db: TDb, blockerId: string, blockedId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('userBlocks')
    .where('blockerId', '=', blockerId)
    .where('blockedId', '=', blockedId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The user's blocks with the blocked users' names, newest first. */
export async function listBlocksOf(db: TDb, blockerId: string) {
  return db
    .selectFrom('userBlocks')
    .innerJoin('users', 'users.id', 'userBlocks.blockedId')
    .select(['userBlocks.blockedId as userId', 'users.displayName', 'userBlocks.createdAt'])
    .where('userBlocks.blockerId', '=', blockerId)
    .orderBy('userBlocks.createdAt', 'desc')
    .orderBy('userBlocks.blockedId')
    .execute();
}

/** One block, if `blockerId` blocked `blockedId`. */
export async function findBlock(db: TDb, blockerId: string, blockedId: string) {
  return db
    .selectFrom('userBlocks')
    .innerJoin('users', 'users.id', 'userBlocks.blockedId')
    .select(['userBlocks.blockedId as userId', 'users.displayName', 'userBlocks.createdAt'])
    .where('userBlocks.blockerId', '=', blockerId)
    .where('userBlocks.blockedId', '=', blockedId)
    .executeTakeFirst();
}

export async function countBlocksOf(db: TDb, blockerId: string): Promise<number> {
  const row = await db
    .selectFrom('userBlocks')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('blockerId', '=', blockerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids of the users `blockerId` blocked. */
export async function listBlockedIds(db: TDb, blockerId: string): Promise<string[]> {
  const rows = await db.selectFrom('userBlocks').select('blockedId').where('blockerId', '=', blockerId).execute();
  return rows.map((r) => r.blockedId);
}

/** Rows per `in (…)` list: well under SQLite's 32,766 bound parameters with two lists in one statement. */
const CHUNK = 5000;

/**
 * Every block between two of `userIds` (either direction). The block list of the users waiting in one sweep: read
 * by the blockers among them, keeping only those whose blocked user is among them too.
 */
export async function listBlocksAmong(
  db: TDb,
  userIds: readonly string[],
): Promise<{ blockerId: string; blockedId: string }[]> {
  if (userIds.length < 2) return [];
  const among = new Set(userIds);
  const found: { blockerId: string; blockedId: string }[] = [];
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('userBlocks')
      .select(['blockerId', 'blockedId'])
      .where('blockerId', 'in', userIds.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) if (among.has(row.blockedId)) found.push(row);
  }
  return found;
}

/** Whether either of the two blocked the other. */
export async function isEitherBlocked(db: TDb, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('userBlocks')
    .select('blockerId')
    .where((eb) =>
      eb.or([
        eb.and([eb('blockerId', '=', a), eb('blockedId', '=', b)]),
        eb.and([eb('blockerId', '=', b), eb('blockedId', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any of `blockerIds` blocked `blockedId` (someone reaching into a round whose people may have blocked them). */
export async function isBlockedByAny(db: TDb, blockerIds: readonly string[], blockedId: string): Promise<boolean> {
  if (blockerIds.length === 0) return false;
  const row = await db
    .selectFrom('userBlocks')
    .select('blockerId')
    .where('blockerId', 'in', blockerIds)
    .where('blockedId', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The blocks between `userId` and any of `others`, either way, with when each was made. */
export function listBlocksWith(db: TDb, userId: string, others: readonly string[]) {
  if (others.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('userBlocks')
    .select(['blockerId', 'blockedId', 'createdAt'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blockerId', '=', userId), eb('blockedId', 'in', others)]),
        eb.and([eb('blockedId', '=', userId), eb('blockerId', 'in', others)]),
      ]),
    )
    .execute();
}

/** Whether `userId` and any of `others` have a block between them, either way. */
export async function hasBlockWithAny(db: TDb, userId: string, others: readonly string[]): Promise<boolean> {
  // `others` is a round's few people: reading their blocks whole costs what a first-row read does.
  return (await listBlocksWith(db, userId, others)).length > 0;
}

/** Whether the user exists (a block's target), with their display name. */
export async function findUserName(db: TDb, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('displayName').where('id', '=', id).executeTakeFirst();
  return row?.displayName;
}
