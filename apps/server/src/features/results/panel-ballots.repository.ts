/** A panel judge's own ballot (migration 0045) and its points per debater (0063). */
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

/** A panel judge's points per debater (migration 0063), written with their ballot. */
export async function insertPanelDebaterPoints(
  db: Kysely<DB>,
  rows: readonly {
    debateId: number;
    judgeId: string;
    userId: string;
    side: string;
    points: number;
    rank: number | null;
  }[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('panelBallotDebaterPoints')
      .values([...rows])
      .execute();
}
