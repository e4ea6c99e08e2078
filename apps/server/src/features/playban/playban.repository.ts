/** Behaviour limits: the only SQL on `playStrikes` and `playbans`. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { compiledOnce } from '../../db/compiled-query';

type TDb = Kysely<DB>;

/** Records a strike for a round; a second strike for the same round changes nothing. True when it is new. */
export async function insertStrike(db: TDb, userId: string, debateId: number, now: string): Promise<boolean> {
  const result = await db
    .insertInto('playStrikes')
    .values({ userId, debateId, createdAt: now })
    .onConflict((oc) => oc.columns(['userId', 'debateId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** How many strikes the user has after `since` (ISO, exclusive). */
export async function countStrikesSince(db: TDb, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('playStrikes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('userId', '=', userId)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's cooldown state (one primary-key read), if they ever had a strike. */
/** Read on every queue join and queue status: compiled once. */
const playbanQuery = compiledOnce((db, param: <T = string>(name: 'userId') => T) =>
  db.selectFrom('playbans').select(['step', 'givenAt', 'until', 'lastStrikeAt']).where('userId', '=', param('userId')),
);

export async function findPlayban(db: TDb, userId: string) {
  const [row] = await playbanQuery(db, { userId });
  return row;
}

/** Writes the user's cooldown state. */
export async function upsertPlayban(
  db: TDb,
  row: { userId: string; step: number; givenAt: string | null; until: string | null; lastStrikeAt: string },
): Promise<void> {
  await db
    .insertInto('playbans')
    .values(row)
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet({
        step: row.step,
        givenAt: row.givenAt,
        until: row.until,
        lastStrikeAt: row.lastStrikeAt,
      }),
    )
    .execute();
}
