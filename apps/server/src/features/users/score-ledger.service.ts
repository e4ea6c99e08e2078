/** What other features may read and write of the score ledger (`score-ledger.repository.ts` is its one writer). */
import type { TDatabase } from '../../db/database';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as ledger from './score-ledger.repository';
import * as repo from './score-ledger.repository';

/** The points a round moved, in the order they were written. */
export async function listDebateAwards(deps: { database: TDatabase }, debateId: number) {
  return ledger.listDebateAwards(deps.database.db, debateId);
}

/** The ledger's writes other features run: a round's awards (inside its settlement) and an admin's score change. */
/**
 * Adds `amount` to a user's score and writes the ledger entry with its reason and debate. An amount of 0 still
 * writes the entry: the ledger says why a round earned nothing.
 */
export async function awardPoints(
  db: Kysely<DB>,
  award: { userId: string; amount: number; reason: string; debateId: number },
  now: string,
) {
  return repo.awardPoints(db, award, now);
}

/** Sets a score and writes the ledger entry in one transaction; returns the old score, or null if no such user. */
export async function updateScoreWithLedger(
  db: Kysely<DB>,
  change: { userId: string; score: number; changedBy: string; reason: string; at: string },
): Promise<{ oldScore: number } | null> {
  return repo.updateScoreWithLedger(db, change);
}
