/** Flows SQL: each participant's flow sheet of a round. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export async function findFlow(db: Kysely<DB>, debateId: number, userId: string) {
  return db
    .selectFrom('debateFlows')
    .select(['cells', 'updatedAt'])
    .where('debateId', '=', debateId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function saveFlow(
  db: Kysely<DB>,
  values: { debateId: number; userId: string; cells: string; updatedAt: string },
): Promise<void> {
  const { cells, updatedAt } = values;
  await db
    .insertInto('debateFlows')
    .values(values)
    .onConflict((oc) => oc.columns(['debateId', 'userId']).doUpdateSet({ cells, updatedAt }))
    .execute();
}

/** The user's own flow sheets, for "Download my data" (never anyone else's). */
export async function listFlowsOfUser(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('debateFlows')
    .select(['debateId', 'cells', 'updatedAt'])
    .where('userId', '=', userId)
    .orderBy('debateId')
    .execute();
}
