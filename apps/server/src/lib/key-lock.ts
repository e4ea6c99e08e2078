import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { TDatabase } from '../db/database';

/**
 * Takes locks named by `keys` in the transaction `trx`, held until it ends: on PostgreSQL transaction-scoped advisory
 * locks, shared by every instance on the database, taken in one statement in one fixed order (by hash) so that two
 * transactions locking overlapping keys never deadlock. `withKeyLock` takes its key in the same lock space (two 32-bit
 * keys), apart from the matching lock's (one 64-bit key). SQLite has one writer: its transactions already take
 * turns. Keys name what is locked: `team:<id>`, `user:<id>`.
 */
export async function lockKeys(
  trx: Transaction<DB> | Kysely<DB>,
  engine: TDatabase['engine'],
  keys: readonly string[],
): Promise<void> {
  if (engine !== 'postgres' || keys.length === 0) return;
  await sql`select pg_advisory_xact_lock(1, "hash") from (
      select distinct hashtext("key") as "hash" from unnest(${[...new Set(keys)]}::text[]) as "key"
    ) as "keys" order by "hash"`.execute(trx);
}

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
  // The same lock space as `lockKeys`: a step under `withKeyLock('team:1')` and a pairing locking `team:1` take turns.
  return (database.db as Kysely<DB>).transaction().execute(async (trx) => {
    await lockKeys(trx, database.engine, [key]);
    return work(trx);
  });
}
