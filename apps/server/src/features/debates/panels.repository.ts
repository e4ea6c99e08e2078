/** A panel's seats (migration 0045), and its judges' ballots as the round's snapshot reads them. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { chunks } from '../../db/batches';

/** Seats panels: for each round, its judges in seat order (seat 1 first). */
export async function insertPanelSeats(
  db: Kysely<DB>,
  panels: readonly { debateId: number; judgeIds: readonly string[] }[],
  seatedAt: string,
): Promise<void> {
  const rows = panels.flatMap((p) =>
    p.judgeIds.map((userId, index) => ({ debateId: p.debateId, userId, seat: index + 1, seatedAt })),
  );
  for (const chunk of chunks(rows)) await db.insertInto('debatePanelJudges').values(chunk).execute();
}

/** The round's panel, in seat order (empty: one judge). */
export async function listPanelSeats(db: Kysely<DB>, debateId: number) {
  return db
    .selectFrom('debatePanelJudges')
    .select(['userId', 'seat', 'seatedAt'])
    .where('debateId', '=', debateId)
    .orderBy('seat', 'asc')
    .execute();
}

/** The panels of these rounds, in seat order. */
export async function listPanelSeatsOf(db: Kysely<DB>, debateIds: readonly number[]) {
  const rows = [];
  for (const chunk of chunks(debateIds)) {
    rows.push(
      ...(await db
        .selectFrom('debatePanelJudges')
        .select(['debateId', 'userId', 'seat'])
        .where('debateId', 'in', chunk)
        .orderBy('debateId')
        .orderBy('seat')
        .execute()),
    );
  }
  return rows;
}

/** The panels' seats of these rounds with their judges' first arrival (null: not yet), in seat order. */
export async function listPanelArrivalsOf(db: Kysely<DB>, debateIds: readonly number[]) {
  const rows = [];
  for (const chunk of chunks(debateIds)) {
    rows.push(
      ...(await db
        .selectFrom('debatePanelJudges')
        .select(['debateId', 'userId', 'seat', 'joinedAt', 'seatedAt'])
        .where('debateId', 'in', chunk)
        .orderBy('debateId')
        .orderBy('seat')
        .execute()),
    );
  }
  return rows;
}

/** The panel judges' ballots of the round, oldest first (the snapshot shows them once the panel decided). */
export async function listPanelBallots(db: Kysely<DB>, debateId: number) {
  return db
    .selectFrom('debatePanelBallots')
    .selectAll()
    .where('debateId', '=', debateId)
    .orderBy('createdAt', 'asc')
    .execute();
}

/** The panel judges' points per debater of the round (migration 0063), each judge's in the order they were written. */
export async function listPanelDebaterPoints(db: Kysely<DB>, debateId: number) {
  return db
    .selectFrom('panelBallotDebaterPoints')
    .select(['judgeId', 'userId', 'side', 'points', 'rank'])
    .where('debateId', '=', debateId)
    .execute();
}

/** Seats `userId` on the round's panel after its last seat (the chair's seat 1 first when the panel had none). */
export async function addPanelSeat(
  db: Kysely<DB>,
  input: { debateId: number; chairId: string; userId: string; seatedAt: string },
): Promise<void> {
  const seats = await listPanelSeats(db, input.debateId);
  const rows =
    seats.length === 0
      ? [
          { debateId: input.debateId, userId: input.chairId, seat: 1, seatedAt: input.seatedAt },
          { debateId: input.debateId, userId: input.userId, seat: 2, seatedAt: input.seatedAt },
        ]
      : [{ debateId: input.debateId, userId: input.userId, seat: seats.length + 1, seatedAt: input.seatedAt }];
  await db.insertInto('debatePanelJudges').values(rows).execute();
}
