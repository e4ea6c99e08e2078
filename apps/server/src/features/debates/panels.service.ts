/**
 * A round judged by a panel: its seats, as the features above read and write them (a tournament seats panels in its
 * release's transaction; results reads them to take each judge's ballot). Seat 1, the chair, is also the round's
 * `judgeId`, so everything that reads the one judge (the end of the speeches, the mesh, the ballot deadline) still
 * works; the other seats are only here. A British Parliamentary practice room seats its panel as judges join it
 * (`joinBpPanel`).
 */
import type { Kysely } from 'kysely';
import type { TPanelDebaterVote } from '@resolved/shared';
import { nowIso, type TDatabase } from '../../db/database';
import type { DB } from '../../db/schema';
import { withKeyLock } from '../../lib/key-lock';
import * as repo from './panels.repository';

/** Seats each round's panel (a round given one judge gets no panel rows). */
export async function seatPanels(
  db: Kysely<DB>,
  panels: readonly { debateId: number; judgeIds: readonly string[] }[],
  seatedAt: string,
): Promise<void> {
  await repo.insertPanelSeats(
    db,
    panels.filter((p) => p.judgeIds.length > 1),
    seatedAt,
  );
}

/** The user ids of the round's panel in seat order; empty: the round has one judge. */
export async function panelJudgeIdsOf(db: Kysely<DB>, debateId: number): Promise<string[]> {
  return (await repo.listPanelSeats(db, debateId)).map((s) => s.userId);
}

/** Each of these rounds' panel, in seat order (rounds with one judge are absent). */
export async function panelsOf(db: Kysely<DB>, debateIds: readonly number[]): Promise<Map<number, string[]>> {
  const panels = new Map<number, string[]>();
  for (const row of await repo.listPanelSeatsOf(db, debateIds)) {
    const id = Number(row.debateId);
    panels.set(id, [...(panels.get(id) ?? []), row.userId]);
  }
  return panels;
}

/** The seats of these rounds' panels, each with whether its judge has opened the room yet (rounds with one judge are absent). */
export async function panelArrivalsOf(db: Kysely<DB>, debateIds: readonly number[]) {
  return (await repo.listPanelArrivalsOf(db, debateIds)).map((row) => ({
    debateId: Number(row.debateId),
    userId: row.userId,
    seat: Number(row.seat),
    hasJoined: row.joinedAt !== null,
    seatedAt: row.seatedAt,
  }));
}

/** The panel judges' own ballots of the round, oldest first. */
export async function panelBallotsOf(db: Kysely<DB>, debateId: number) {
  return repo.listPanelBallots(db, debateId);
}

/** Every panel judge's points per debater of the round (tenths), as the decision and the snapshot read them. */
export async function panelDebaterVotesOf(db: Kysely<DB>, debateId: number): Promise<TPanelDebaterVote[]> {
  return (await repo.listPanelDebaterPoints(db, debateId)).map((r) => ({
    judgeId: r.judgeId,
    userId: r.userId,
    side: r.side,
    points: Number(r.points),
    rank: r.rank === null ? null : Number(r.rank),
  }));
}

/**
 * A British Parliamentary practice room's wing joins its panel (`bpWingRefusal` checked first by the caller), under the
 * round's panel lock so two wings joining at once take seats 2 and 3 (and a third finds the panel full). Returns false
 * when the panel is full or the chair changed.
 */
export async function joinBpPanel(
  database: TDatabase,
  input: { debateId: number; chairId: string; userId: string; wingsMax: number },
): Promise<boolean> {
  return withKeyLock(database, `panel:${input.debateId}`, async (trx) => {
    const seats = await repo.listPanelSeats(trx, input.debateId);
    if (seats.some((s) => s.userId === input.userId)) return true;
    if (seats.length > 0 && seats[0]!.userId !== input.chairId) return false;
    if (Math.max(0, seats.length - 1) >= input.wingsMax) return false;
    await repo.addPanelSeat(trx, { ...input, seatedAt: nowIso() });
    return true;
  });
}
