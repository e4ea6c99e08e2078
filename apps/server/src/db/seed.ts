import { DEFAULT_TOPIC, FIXED_ROOM_COUNT } from '@resolved/shared';
import { sql } from 'kysely';
import { nowIso, type TDatabase } from './database';

/** The PostgreSQL advisory lock the seed holds for its transaction (any constant the app uses nowhere else). */
const SEED_LOCK_KEY = 7_305_102;

/**
 * First start: the spec's default topic and the six fixed rooms. Safe to call on every start, and on several
 * instances starting at once on an empty database: each seeds in one transaction holding a lock (PostgreSQL's
 * advisory lock; on SQLite the write lock `begin immediate` takes), so the second waits, then finds the rows.
 * Without it both inserted a current topic, and one instance exited on `topics_one_current`.
 */
export async function seedDatabase(database: TDatabase, options: { roomLinks: string[] }): Promise<void> {
  const { db } = database;
  await db.transaction().execute(async (trx) => {
    if (database.engine === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const topic = await trx.selectFrom('topics').select('id').limit(1).executeTakeFirst();
    if (!topic) {
      const now = nowIso();
      await trx
        .insertInto('topics')
        .values({ ...DEFAULT_TOPIC, isCurrent: 1, createdBy: null, createdAt: now, updatedAt: now })
        .execute();
    }
    const room = await trx.selectFrom('rooms').select('id').limit(1).executeTakeFirst();
    if (!room) {
      const now = nowIso();
      // Inserted one by one, in order, so that the fixed rooms take ids 1–6 and created rooms start at 7.
      for (let n = 1; n <= FIXED_ROOM_COUNT; n++) {
        await trx
          .insertInto('rooms')
          .values({
            name: `Room ${n}`,
            zoomLink: options.roomLinks[n - 1] ?? '',
            isFixed: 1,
            createdBy: null,
            createdAt: now,
          })
          .execute();
      }
    }
  });
}
