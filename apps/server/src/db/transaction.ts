import type { Transaction } from 'kysely';
import type { TDatabase } from './database';
import type { DB } from './schema';

/**
 * Runs `work` in one transaction, committed when it resolves and rolled back when it throws. Services compose
 * repository calls into one step with it; the statements themselves stay in the repositories (they take `trx`).
 */
export async function inTransaction<T>(
  database: Pick<TDatabase, 'db'>,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return database.db.transaction().execute(work);
}
