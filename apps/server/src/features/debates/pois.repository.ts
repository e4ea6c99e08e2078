/** POIs SQL: the points of information and of order offered in a round. */
import type { Kysely, Insertable } from 'kysely';
import type { DB } from '../../db/schema';
import type { DebatePoisTable } from './debates.tables';

type TDb = Kysely<DB>;

export async function listPoisOfDebate(db: TDb, debateId: number) {
  return db.selectFrom('debatePois').selectAll().where('debateId', '=', debateId).orderBy('id', 'asc').execute();
}

/** Marks as lapsed the round's offers still waiting that were made before `lapseBefore`. */
export async function lapseOffersBefore(db: TDb, debateId: number, lapseBefore: string): Promise<void> {
  await db
    .updateTable('debatePois')
    .set({ status: 'lapsed' })
    .where('debateId', '=', debateId)
    .where('status', '=', 'offered')
    .where('offeredAt', '<', lapseBefore)
    .execute();
}

export async function findWaitingOffer(db: TDb, debateId: number) {
  return db
    .selectFrom('debatePois')
    .select('id')
    .where('debateId', '=', debateId)
    .where('status', '=', 'offered')
    .executeTakeFirst();
}

export async function insertPoi(db: TDb, values: Insertable<DebatePoisTable>): Promise<number | string> {
  const inserted = await db.insertInto('debatePois').values(values).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findPoi(db: TDb, debateId: number, poiId: number) {
  return db
    .selectFrom('debatePois')
    .selectAll()
    .where('id', '=', poiId)
    .where('debateId', '=', debateId)
    .executeTakeFirst();
}

/** Moves an offer still waiting to `changes`; false when it was no longer waiting. */
export async function answerOffer(
  db: TDb,
  poiId: number,
  changes: { status: 'lapsed' } | { status: 'accepted' | 'declined'; answeredAt: string },
): Promise<boolean> {
  const moved = await db
    .updateTable('debatePois')
    .set(changes)
    .where('id', '=', poiId)
    .where('status', '=', 'offered')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
