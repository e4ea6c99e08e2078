/**
 * The one module that writes `users.score` and `scoreLedger`: an admin's change and a round's awards. Every change
 * of a score leaves its ledger row.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Adds points to a user's score and writes the score-ledger entry, in the caller's transaction. */
/**
 * Adds `amount` to a user's score and writes the ledger entry with its reason and debate. An amount of 0 still
 * writes the entry: the ledger says why a round earned nothing.
 */
export async function awardPoints(
  db: Kysely<DB>,
  award: { userId: string; amount: number; reason: string; debateId: number },
  now: string,
) {
  // One statement reads and adds, so concurrent awards never lose an increment.
  const row = await db
    .updateTable('users')
    .set({ score: sql<number>`coalesce(score, 0) + ${award.amount}` })
    .where('id', '=', award.userId)
    .returning('score')
    .executeTakeFirst();
  if (!row) return;
  const newScore = Number(row.score);
  const oldScore = newScore - award.amount;
  await db
    .insertInto('scoreLedger')
    .values({
      userId: award.userId,
      changedBy: null,
      oldScore,
      newScore,
      reason: award.reason,
      createdAt: now,
      debateId: award.debateId,
    })
    .execute();
}

/** The ledger entries a debate wrote (what it earned, and why not), oldest first. */
export async function listDebateAwards(db: Kysely<DB>, debateId: number) {
  return db
    .selectFrom('scoreLedger')
    .select(['userId', 'oldScore', 'newScore', 'reason'])
    .where('debateId', '=', debateId)
    .orderBy('id', 'asc')
    .execute();
}

/** Sets a score and writes the ledger entry in one transaction; returns the old score, or null if no such user. */
export async function updateScoreWithLedger(
  db: Kysely<DB>,
  change: { userId: string; score: number; changedBy: string; reason: string; at: string },
): Promise<{ oldScore: number } | null> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('users').select('score').where('id', '=', change.userId).executeTakeFirst();
    if (!current) return null;
    const oldScore = Number(current.score);
    await trx.updateTable('users').set({ score: change.score }).where('id', '=', change.userId).execute();
    await trx
      .insertInto('scoreLedger')
      .values({
        userId: change.userId,
        changedBy: change.changedBy,
        oldScore,
        newScore: change.score,
        reason: change.reason,
        createdAt: change.at,
      })
      .execute();
    return { oldScore };
  });
}
