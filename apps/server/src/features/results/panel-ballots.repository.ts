/** A panel judge's own ballot (migration 0045). */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { DebatePanelBallotsTable } from './results.tables';

/** Records the ballot; false when this judge's ballot was already in (the primary key holds one per judge). */
export async function insertPanelBallot(db: Kysely<DB>, values: DebatePanelBallotsTable): Promise<boolean> {
  const result = await db
    .insertInto('debatePanelBallots')
    .values(values)
    .onConflict((oc) => oc.columns(['debateId', 'judgeId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
