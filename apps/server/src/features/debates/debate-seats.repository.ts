/**
 * A round's debaters' seats (migration 0056, `debateSeats`): written with the round, read by every rule that reads a
 * debater's seat, and each debater's own arrival and choices (recording consent, "let spectators watch").
 */
import { sql } from 'kysely';
import type { TDebaterSeatInput, TSeatSide } from '@resolved/shared';
import { chunks } from '../../db/batches';
import type { TDebatesDb } from './debates.repository';

/** A seat as stored, a side's seats in order (its first seat first). */
export interface TSeatRow {
  debateId: number;
  side: TSeatSide;
  seat: number;
  position: string | null;
  userId: string;
  joinedAt: string | null;
  recordConsent: number;
  spectatorWatch: number | null;
}

/**
 * The seats of a new round: as given, or one seat a side (`debaterAId` on side A, `debaterBId` on side B). Given seats
 * must have those two as the first seats of their sides, so the columns and the table agree.
 */
export function seatsOfNewRound(values: {
  debaterAId: string;
  debaterBId: string;
  seats?: readonly TDebaterSeatInput[] | undefined;
}): TDebaterSeatInput[] {
  if (!values.seats) {
    return [
      { userId: values.debaterAId, side: 'a', position: null },
      { userId: values.debaterBId, side: 'b', position: null },
    ];
  }
  const first = (side: string) => values.seats!.find((s) => s.side === side)?.userId;
  if (first('a') !== values.debaterAId || first('b') !== values.debaterBId) {
    throw new Error('A round’s first seat of each side must be its debaterAId / debaterBId.');
  }
  return [...values.seats];
}

export async function insertSeats(
  db: TDebatesDb,
  rows: readonly (TDebaterSeatInput & { debateId: number })[],
): Promise<void> {
  // Each side's seats are numbered in the order given.
  const seatNumbers = new Map<string, number>();
  const values = rows.map((r) => {
    const key = `${r.debateId}:${r.side}`;
    const seat = (seatNumbers.get(key) ?? 0) + 1;
    seatNumbers.set(key, seat);
    return { debateId: r.debateId, side: r.side, seat, position: r.position, userId: r.userId };
  });
  for (const chunk of chunks(values)) await db.insertInto('debateSeats').values(chunk).execute();
}

/** Every seat of these rounds, each side's seats in the order they were written. */
export async function listSeats(db: TDebatesDb, debateIds: readonly number[]): Promise<TSeatRow[]> {
  const rows: TSeatRow[] = [];
  for (const chunk of chunks(debateIds)) {
    const found = await db
      .selectFrom('debateSeats')
      .selectAll()
      .where('debateId', 'in', chunk)
      .orderBy('debateId')
      .orderBy('side')
      .orderBy('seat')
      .execute();
    for (const r of found) {
      rows.push({
        ...r,
        debateId: Number(r.debateId),
        seat: Number(r.seat),
        recordConsent: Number(r.recordConsent),
        spectatorWatch: r.spectatorWatch === null ? null : Number(r.spectatorWatch),
      });
    }
  }
  return rows;
}

/** Notes a debater's first arrival in the room (once). */
export async function markSeatJoined(db: TDebatesDb, debateId: number, userId: string, now: string): Promise<void> {
  await db
    .updateTable('debateSeats')
    .set({ joinedAt: now })
    .where('debateId', '=', debateId)
    .where('userId', '=', userId)
    .where('joinedAt', 'is', null)
    .execute();
}

/** A debater's own choice: recording consent or "let spectators watch". */
export async function setSeatChoice(
  db: TDebatesDb,
  debateId: number,
  userId: string,
  choice: { recordConsent: number } | { spectatorWatch: number },
): Promise<void> {
  await db
    .updateTable('debateSeats')
    .set(choice)
    .where('debateId', '=', debateId)
    .where('userId', '=', userId)
    .execute();
}

/**
 * Side A's seats become side B's and the reverse (a host's swap, a coin flip's side choice), in two statements: one
 * statement would hold two seats of one side and position between its rows on PostgreSQL. A team's partner chat and
 * team flow are kept by side, so they move with the team in the same transaction: after a swap each team still reads
 * its own, never the other team's.
 */
export async function swapSeatSides(db: TDebatesDb, debateId: number): Promise<void> {
  const marked = sql<string>`case "side" when 'a' then '~b' when 'b' then '~a' else "side" end`;
  const unmarked = sql<string>`substr("side", 2)`;
  await db.updateTable('debateSeats').set({ side: marked }).where('debateId', '=', debateId).execute();
  await db
    .updateTable('debateSeats')
    .set({ side: unmarked })
    .where('debateId', '=', debateId)
    .where('side', 'like', '~%')
    .execute();
  await db.updateTable('debatePartnerMessages').set({ side: marked }).where('debateId', '=', debateId).execute();
  await db
    .updateTable('debatePartnerMessages')
    .set({ side: unmarked })
    .where('debateId', '=', debateId)
    .where('side', 'like', '~%')
    .execute();
  await db.updateTable('debateTeamFlowCells').set({ side: marked }).where('debateId', '=', debateId).execute();
  await db
    .updateTable('debateTeamFlowCells')
    .set({ side: unmarked })
    .where('debateId', '=', debateId)
    .where('side', 'like', '~%')
    .execute();
}
