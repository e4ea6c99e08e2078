import { DEFAULT_TOPIC, FIXED_ROOM_COUNT } from '@resolved/shared';
import { nowIso, type TDatabase } from './database';

/** First start: the spec's default topic and the six fixed rooms. Safe to call on every start. */
export async function seedDatabase(database: TDatabase, options: { roomLinks: string[] }): Promise<void> {
  const { db } = database;
  await db.transaction().execute(async (trx) => {
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
