import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { TDatabase } from '../db/database';

/**
 * Runs `work` in a transaction that holds a lock named by `key` until it commits: on PostgreSQL a
 * transaction-scoped advisory lock (so instances sharing the database take turns per key); SQLite has one writer
 * and Kysely runs one transaction at a time on its connection. Used where a count and a write must be one step,
 * such as "at most 5 messages per 5 seconds".
 */
export async function withKeyLock<T>(
  database: Pick<TDatabase, 'db' | 'engine'>,
  key: string,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return (database.db as Kysely<DB>).transaction().execute(async (trx) => {
    if (database.engine === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    return work(trx);
  });
}
