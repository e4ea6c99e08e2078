/**
 * Rounds SQL: who sits where. The judge's seat claimed, invited to, and handed to a standby when its judge never
 * came; a tournament host's changes to a round that has not started (sides swapped, the coin flip's choices, another
 * judge, the round called off).
 */
import { swapSeatSides } from './debate-seats.repository';
import { sql, type ExpressionBuilder } from 'kysely';
import type { TCoinFlipPick, TSideKey } from '@resolved/shared';
import type { DB } from '../../db/schema';
import type { TDebatesDb } from './debates.repository';

/**
 * Claims the judge seat if it is free: while live, or after the last speech while the round waits for an invited
 * judge's ballot. With an invitation out, only its token claims the seat (and uses the invitation up).
 */
export async function claimJudge(
  db: TDebatesDb,
  id: number,
  userId: string,
  inviteToken: string | undefined,
): Promise<boolean> {
  let query = db
    .updateTable('debates')
    .set({ judgeId: userId, judgeSeatedAt: new Date().toISOString(), judgeInviteToken: null })
    .where('id', '=', id)
    .where('judgeId', 'is', null)
    .where('status', 'in', ['live', 'awaiting_ballot']);
  query = inviteToken
    ? query.where('judgeInviteToken', '=', inviteToken)
    : query.where('judgeInviteToken', 'is', null).where('status', '=', 'live');
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Opens (or replaces) the round's judge invitation. */
export async function setJudgeInvite(db: TDebatesDb, id: number, token: string): Promise<void> {
  await db.updateTable('debates').set({ judgeInviteToken: token }).where('id', '=', id).execute();
}

/**
 * Seats `toId` (or nobody) in a live round's judge seat in place of `fromId`, who never opened the room (and, for a
 * panel, in its seat 1): false when the seat changed meanwhile or the round is over.
 */
export async function replaceAbsentJudge(
  db: TDebatesDb,
  id: number,
  fromId: string,
  toId: string | null,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('debates')
    .set({ judgeId: toId, judgeSeatedAt: toId === null ? null : now, judgeJoinedAt: null })
    .where('id', '=', id)
    .where('judgeId', '=', fromId)
    .where('judgeJoinedAt', 'is', null)
    .where('status', '=', 'live')
    .executeTakeFirst();
  const isReplaced = Number(result.numUpdatedRows) === 1;
  // A panel's chair is also its seat 1: the standby takes that seat too (and with it the chair's ballot).
  if (isReplaced && toId !== null) {
    await db
      .updateTable('debatePanelJudges')
      .set({ userId: toId, seatedAt: now, joinedAt: null })
      .where('debateId', '=', id)
      .where('seat', '=', 1)
      .where('userId', '=', fromId)
      .execute();
  }
  return isReplaced;
}

/**
 * Seats `toId` in seat 2 or 3 of a live round's panel in place of `fromId`, who never opened the room: false when the
 * seat changed meanwhile, its judge came, or the round is over.
 */
export async function replaceAbsentPanelJudge(
  db: TDebatesDb,
  id: number,
  fromId: string,
  toId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('debatePanelJudges')
    .set({ userId: toId, seatedAt: now, joinedAt: null })
    .where('debateId', '=', id)
    .where('userId', '=', fromId)
    .where('seat', '>', 1)
    .where('joinedAt', 'is', null)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('debates').select('debates.id').where('debates.id', '=', id).where('debates.status', '=', 'live'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The debaters' seats swapped: side A and side B, with what each brought to their seat. */
function swappedSeats(eb: ExpressionBuilder<DB, 'debates'>) {
  return {
    debaterAId: eb.ref('debaterBId'),
    debaterBId: eb.ref('debaterAId'),
    debaterAJoinedAt: eb.ref('debaterBJoinedAt'),
    debaterBJoinedAt: eb.ref('debaterAJoinedAt'),
    recordConsentA: eb.ref('recordConsentB'),
    recordConsentB: eb.ref('recordConsentA'),
    spectatorWatchA: eb.ref('spectatorWatchB'),
    spectatorWatchB: eb.ref('spectatorWatchA'),
    prepRemainingAMs: eb.ref('prepRemainingBMs'),
    prepRemainingBMs: eb.ref('prepRemainingAMs'),
  };
}

/** A live round whose clock has never run (no command yet): what a tournament's host may still change. */
function unstarted(db: TDebatesDb, id: number) {
  return db.updateTable('debates').where('id', '=', id).where('status', '=', 'live').where('clockVersion', '=', 0);
}

/**
 * Swaps the debaters' seats (side A and side B, with what each brought to their seat) of a round that has not
 * started; false once its clock has run or it ended.
 */
export async function swapUnstartedSides(db: TDebatesDb, id: number): Promise<boolean> {
  const result = await unstarted(db, id)
    .set((eb) => ({
      ...swappedSeats(eb),
      // After a coin flip the speaking order moves with the debaters: an order chosen stays with who chose it.
      firstSide: eb
        .case()
        .when('coinFlipWinnerId', 'is', null)
        .then(eb.ref('firstSide'))
        .when('firstSide', '=', 'a')
        .then(sql.lit<TSideKey>('b'))
        .else(sql.lit<TSideKey>('a'))
        .end(),
    }))
    .executeTakeFirst();
  const isSwapped = Number(result.numUpdatedRows) === 1;
  // Every seat changes side with its first seat (partners go with them).
  if (isSwapped) await swapSeatSides(db, id);
  return isSwapped;
}

/**
 * Records a coin flip choice (`column`: whose) in a round that has not started, once: false when that choice is made
 * already or the clock has run. With `isSwap` the debaters change seats in the same statement (`swapUnstartedSides`'
 * columns); with `firstSide` the speaking order is set.
 */
export async function recordCoinFlipChoice(
  db: TDebatesDb,
  id: number,
  change: {
    column: 'coinFlipWinnerChoice' | 'coinFlipLoserChoice';
    pick: TCoinFlipPick;
    isSwap: boolean;
    firstSide: TSideKey | null;
  },
): Promise<boolean> {
  const result = await unstarted(db, id)
    .where(change.column, 'is', null)
    .where('coinFlipWinnerId', 'is not', null)
    .set((eb) => ({
      [change.column]: change.pick,
      ...(change.firstSide ? { firstSide: change.firstSide } : {}),
      ...(change.isSwap ? swappedSeats(eb) : {}),
    }))
    .executeTakeFirst();
  const isRecorded = Number(result.numUpdatedRows) === 1;
  if (isRecorded && change.isSwap) await swapSeatSides(db, id);
  return isRecorded;
}

/**
 * Seats another judge (or none) in a round that has not started (a panel's chair: its seat 1 too); false once its
 * clock has run or it ended.
 */
export async function reseatUnstartedJudge(
  db: TDebatesDb,
  id: number,
  judgeId: string | null,
  now: string,
): Promise<boolean> {
  const result = await unstarted(db, id)
    .set({ judgeId, judgeSeatedAt: judgeId === null ? null : now, judgeInviteToken: null })
    .executeTakeFirst();
  const isReseated = Number(result.numUpdatedRows) === 1;
  // A panel's chair is also its seat 1: the new chair takes that seat too (and with it the chair's ballot).
  if (isReseated && judgeId !== null) {
    await db
      .updateTable('debatePanelJudges')
      .set({ userId: judgeId, seatedAt: now, joinedAt: null })
      .where('debateId', '=', id)
      .where('seat', '=', 1)
      .execute();
  }
  return isReseated;
}

/** Calls off a round that has not started (it ends `abandoned`, marked cancelled); false once its clock has run. */
export async function cancelUnstarted(db: TDebatesDb, id: number, now: string): Promise<boolean> {
  const result = await unstarted(db, id)
    .set({ status: 'abandoned', endedAt: now, cancelledAt: now })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
