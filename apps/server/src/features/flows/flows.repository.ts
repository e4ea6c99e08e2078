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

/** A team's shared flow (migration 0060): every cell saved so far of one side of a round. */
export async function listTeamFlowCells(db: Kysely<DB>, debateId: number, side: string) {
  return db
    .selectFrom('debateTeamFlowCells')
    .select(['columnIndex', 'rowIndex', 'text', 'isExtension', 'updatedAt'])
    .where('debateId', '=', debateId)
    .where('side', '=', side)
    .execute();
}

/** Sets cells of a team flow: each cell's last save wins (an upsert per cell, so partners never undo other cells). */
export async function saveTeamFlowCells(
  db: Kysely<DB>,
  where: { debateId: number; side: string },
  cells: { column: number; row: number; text: string; isExtension: boolean }[],
  by: { updatedBy: string; updatedAt: string },
): Promise<void> {
  const rows = cells.map((cell) => ({
    ...where,
    columnIndex: cell.column,
    rowIndex: cell.row,
    text: cell.text,
    isExtension: cell.isExtension ? 1 : 0,
    ...by,
  }));
  await db
    .insertInto('debateTeamFlowCells')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['debateId', 'side', 'columnIndex', 'rowIndex']).doUpdateSet((eb) => ({
        text: eb.ref('excluded.text'),
        isExtension: eb.ref('excluded.isExtension'),
        updatedBy: eb.ref('excluded.updatedBy'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .execute();
}

/** The team-flow cells a user wrote last, for "Download my data" (their partner's cells are not theirs). */
export async function listTeamFlowCellsOfUser(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('debateTeamFlowCells')
    .select(['debateId', 'side', 'columnIndex', 'rowIndex', 'text', 'isExtension', 'updatedAt'])
    .where('updatedBy', '=', userId)
    .orderBy('debateId')
    .orderBy('columnIndex')
    .orderBy('rowIndex')
    .execute();
}
