/** What other features may read and write of the score ledger (`score-ledger.repository.ts` is its one writer). */
import type { TDatabase } from '../../db/database';
import * as ledger from './score-ledger.repository';

/** The points a round moved, in the order they were written. */
export async function listDebateAwards(deps: { database: TDatabase }, debateId: number) {
  return ledger.listDebateAwards(deps.database.db, debateId);
}

/** The ledger's writes other features run: a round's awards (inside its settlement) and an admin's score change. */
export { awardPoints, updateScoreWithLedger } from './score-ledger.repository';
