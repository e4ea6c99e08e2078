/**
 * Blocks: a user blocks someone they never want to meet again. The rules that read blocks live at
 * their doors (the queue sweep, challenge links, the judge's seat, a coach's pairing, watching a round, sharing
 * evidence, the community chat); this service stores the blocks and answers the questions those doors ask. A report
 * for harassment, hate or child safety blocks too. Blocking itself, which ends the pair's live rounds under the
 * matching lock, is the workflow `workflows/block-user.ts`.
 */
import {
  blockGraph,
  blockRefusal,
  REALTIME_ROOMS,
  BLOCKS_MAX,
  type TBlockedUser,
  type TIsBlockedPair,
  type TSessionUser,
} from '@resolved/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { TDebatesDeps } from '../../context';
import * as repo from './blocks.repository';

export type TBlocksDeps = Pick<TDebatesDeps, 'database' | 'events'>;

/** PostgreSQL and SQLite both hand back the ISO text written; normalised all the same. */
const toIso = (value: string) => new Date(value).toISOString();

const toBlocked = (row: { userId: string; displayName: string; createdAt: string }): TBlockedUser => ({
  userId: row.userId,
  displayName: row.displayName,
  blockedAt: toIso(row.createdAt),
});

/**
 * Whether `blockerId` may block `blockedId` (refused with why: themselves, nobody, or past the cap); the existing
 * block when there is one (blocking again changes nothing and answers the same).
 */
export async function checkBlock(deps: TBlocksDeps, blockerId: string, blockedId: string) {
  const { db } = deps.database;
  // An account that does not exist is not found, before any rule is asked.
  const name = await repo.findUserName(db, blockedId);
  if (name === undefined) throw new AppError('not_found', 'That user does not exist.');
  const existing = await repo.findBlock(db, blockerId, blockedId);
  const refusal = blockRefusal(
    { id: blockerId },
    { id: blockedId },
    {
      current: existing ? 0 : await repo.countBlocksOf(db, blockerId),
      max: BLOCKS_MAX,
      isAlreadyBlocked: existing !== undefined,
    },
  );
  if (refusal) throw new AppError(refusal.code, refusal.message, undefined, refusal.reason);
  return { existing };
}

/** Stores the block inside the caller's transaction; false when it was there already. */
export async function insertBlock(tx: Kysely<DB>, blockerId: string, blockedId: string): Promise<boolean> {
  return repo.insertBlock(tx, blockerId, blockedId, nowIso());
}

/** The block as its blocker's list shows it. */
export async function findBlocked(deps: TBlocksDeps, blockerId: string, blockedId: string): Promise<TBlockedUser> {
  const row = await repo.findBlock(deps.database.db, blockerId, blockedId);
  if (!row) throw new AppError('not_found', 'That user does not exist.');
  return toBlocked(row);
}

/** Lifts a block (only its blocker can). Unblocking someone not blocked is a clear 404. */
export async function unblockUser(deps: TBlocksDeps, blockerId: string, blockedId: string): Promise<void> {
  if (!(await repo.deleteBlock(deps.database.db, blockerId, blockedId))) {
    throw new AppError('not_found', 'You have not blocked that user.');
  }
  announceBlock(deps, blockerId, blockedId, false);
}

/** Tells the blocker's tabs and every instance that a block was added or lifted. */
export function announceBlock(deps: TBlocksDeps, blockerId: string, blockedId: string, isBlocked: boolean): void {
  // The blocker's other tabs update their lists; every instance moves the blocker's chat sockets (chat.socket.ts).
  deps.events.emit({
    name: 'block.changed',
    room: REALTIME_ROOMS.user(blockerId),
    payload: { userId: blockedId, isBlocked },
  });
  deps.events.emitServer({ name: 'user.blocks_changed', payload: { blockerId, blockedId, isBlocked } });
}

export async function listBlocks(deps: TBlocksDeps, user: TSessionUser): Promise<TBlockedUser[]> {
  return (await repo.listBlocksOf(deps.database.db, user.id)).map(toBlocked);
}

// ---- What the doors ask ----

/** The users whose community-chat messages `userId` does not see (those they blocked). */
export function hiddenAuthorsFor(deps: TBlocksDeps, userId: string): Promise<string[]> {
  return repo.listBlockedIds(deps.database.db, userId);
}

/** The block graph among the users of one matching sweep (read inside its transaction, `tx`). */
export async function blockGraphAmong(tx: Kysely<DB>, userIds: readonly string[]): Promise<TIsBlockedPair> {
  return blockGraph(await repo.listBlocksAmong(tx, userIds));
}

/** The block graph among some users, outside a transaction (a coach's "pair everyone present"). */
export function blockGraphOf(deps: TBlocksDeps, userIds: readonly string[]): Promise<TIsBlockedPair> {
  return blockGraphAmong(deps.database.db, userIds);
}

/** Whether either of two users blocked the other (challenge links, a coach's pairing). */
export function isEitherBlocked(deps: TBlocksDeps, a: string, b: string, tx: Kysely<DB> = deps.database.db) {
  return repo.isEitherBlocked(tx, a, b);
}

/** Whether `userId` and anyone of `others` have a block between them, either way (the judge's seat). */
export function hasBlockWithAny(
  deps: TBlocksDeps,
  userId: string,
  others: readonly string[],
  tx: Kysely<DB> = deps.database.db,
): Promise<boolean> {
  return repo.hasBlockWithAny(tx, userId, others);
}

/**
 * Since when `userId` and each of `others` have had a block between them, either way (the earlier of the two
 * directions): what `userId` does not read of theirs from then on (a round's chat).
 */
export async function blockedSince(
  deps: TBlocksDeps,
  userId: string,
  others: readonly string[],
): Promise<Map<string, string>> {
  const since = new Map<string, string>();
  for (const row of await repo.listBlocksWith(deps.database.db, userId, others)) {
    const other = row.blockerId === userId ? row.blockedId : row.blockerId;
    const earlier = since.get(other);
    if (earlier === undefined || row.createdAt < earlier) since.set(other, row.createdAt);
  }
  return since;
}

/** Whether any of `blockerIds` (a round's people) blocked `userId` (watching it, sharing evidence into it). */
export function isBlockedByAny(deps: TBlocksDeps, blockerIds: readonly string[], userId: string): Promise<boolean> {
  return repo.isBlockedByAny(deps.database.db, blockerIds, userId);
}
