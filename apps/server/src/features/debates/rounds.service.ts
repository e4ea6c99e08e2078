/**
 * What other features do to rounds inside their own transactions: matching, challenges, a coach's pairing and
 * openings, the judge's seat, ballots, forfeits, and settling a round's awards. The rounds feature decides what is on
 * this list; `db` is the app's Kysely or the caller's transaction.
 */
import type { TBpForfeits, TCoinFlip, TDebateStatus } from '@resolved/shared';
import type { TDebateRow, TNewDebate, TStatusChange } from './debates.tables';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './debates.repository';
import * as guards from './round-guards.repository';
import * as seats from './round-seats.repository';
import * as seatsRepo from './debate-seats.repository';
import * as bpResults from './bp-results.repository';
export { clockFromRow, coinFlipOfRow } from './round-row';

/**
 * The statements of the rounds' repositories (`debates`, `round-guards`, `round-seats`) that other features run, most
 * inside their own transaction (matching, challenges, a coach's pairing and openings, the judge's seat, ballots,
 * forfeits, settling a round's awards). The debates feature decides what is on this list: no other feature imports
 * its repositories.
 */
/**
 * Claims the judge seat if it is free: while live, or after the last speech while the round waits for an invited
 * judge's ballot. With an invitation out, only its token claims the seat (and uses the invitation up).
 */
export async function claimJudge(
  db: TDebatesDb,
  id: number,
  userId: string,
  inviteToken: string | undefined,
): Promise<boolean> {
  return seats.claimJudge(db, id, userId, inviteToken);
}

/** Takes the announcement of a round's opening: true for exactly one caller, on whichever instance. */
export async function claimOpening(db: TDebatesDb, id: number): Promise<boolean> {
  return guards.claimOpening(db, id);
}

/** The app's Kysely instance or a transaction. */
export function debatesDb(db: Kysely<DB>): TDebatesDb {
  return repo.debatesDb(db);
}

export async function findActiveDebateId(db: TDebatesDb, userId: string): Promise<number | null> {
  return guards.findActiveDebateId(db, userId);
}

export async function findActiveUserIds(db: TDebatesDb, userIds: string[]): Promise<Set<string>> {
  return guards.findActiveUserIds(db, userIds);
}

/**
 * Every debater seated in the round (`debateSeats`), side A's first and each side in seat order; a round whose seats
 * were never written (rows copied by hand) reads as its two first seats, as `debaterSeatsOf` does.
 */
export async function debaterIdsOfRound(
  db: TDebatesDb,
  row: Pick<TDebateRow, 'id' | 'debaterAId' | 'debaterBId'>,
): Promise<string[]> {
  const ids = (await seatsRepo.listSeats(db, [Number(row.id)])).map((s) => s.userId);
  return ids.length > 0 ? ids : [row.debaterAId, row.debaterBId];
}

/** Each round's debaters' seats (side, position, person), each side's in seat order: a tournament's speaker tab reads them. */
export async function seatsOfRounds(db: Kysely<DB>, ids: readonly number[]) {
  return seatsRepo.listSeats(debatesDb(db), ids);
}

export async function findDebate(db: TDebatesDb, id: number): Promise<TDebateRow | undefined> {
  return repo.findDebate(db, id);
}

export async function insertActiveDebaters(db: TDebatesDb, debateId: number, userIds: string[]): Promise<void> {
  return guards.insertActiveDebaters(db, debateId, userIds);
}

export async function insertDebate(db: TDebatesDb, values: TNewDebate): Promise<number> {
  return repo.insertDebate(db, values);
}

/**
 * Inserts many debates with one statement per few hundred, and their debaters' active-debate guards; returns
 * each new debate's id keyed by its first debater (unique within a batch: nobody is in two debates). The ids
 * are matched by debater because neither engine promises RETURNING rows in VALUES order.
 */
export async function insertDebates(db: TDebatesDb, debates: readonly TNewDebate[]): Promise<Map<string, number>> {
  return repo.insertDebates(db, debates);
}

/** Scheduled rounds whose start time has come and whose opening nobody has announced yet. */
export async function listDueOpenings(db: TDebatesDb, now: string, limit: number): Promise<number[]> {
  return guards.listDueOpenings(db, now, limit);
}

/** The live practice rounds with a start time that these users debate, started or not, earliest start first. */
export async function listScheduledRoundsOf(db: TDebatesDb, userIds: string[]) {
  return guards.listScheduledRoundsOf(db, userIds);
}

/** Keeps why a settled round did not count (the award rule's `TNotCounted`, as JSON). */
export async function markNotCounted(db: TDebatesDb, id: number, notCounted: string): Promise<void> {
  return repo.markNotCounted(db, id, notCounted);
}

export async function markRewarded(db: TDebatesDb, id: number): Promise<void> {
  return repo.markRewarded(db, id);
}

export async function releaseActiveDebaters(db: TDebatesDb, debateId: number): Promise<void> {
  return guards.releaseActiveDebaters(db, debateId);
}

/** Gives back a claimed announcement (it could not be sent): the round is due again. */
/** Releases these debaters of the round (a BP team that forfeited while the room goes on). */
export async function releaseActiveDebatersOf(db: TDebatesDb, debateId: number, userIds: readonly string[]) {
  return guards.releaseActiveDebatersOf(db, debateId, userIds);
}

/** The clock's move (`updateClock`): false when another command moved it first. */
export async function updateClock(...args: Parameters<typeof repo.updateClock>): Promise<boolean> {
  return repo.updateClock(...args);
}

/** The teams of a BP room that forfeited and the place each takes. */
export async function findBpForfeits(db: TDebatesDb, debateId: number): Promise<TBpForfeits> {
  return bpResults.findBpForfeits(db, debateId);
}

export async function releaseOpening(db: TDebatesDb, id: number): Promise<void> {
  return guards.releaseOpening(db, id);
}

/**
 * A tournament's standby judge (or nobody) takes the seat of a judge who never opened the live round (a panel's chair:
 * its seat 1 too; `db` may be a transaction).
 */
export async function replaceAbsentJudge(
  db: TDebatesDb,
  id: number,
  fromId: string,
  toId: string | null,
  now: string,
): Promise<boolean> {
  return seats.replaceAbsentJudge(db, id, fromId, toId, now);
}

/** A tournament's standby judge takes seat 2 or 3 of a live round's panel from a judge who never opened the room. */
export async function replaceAbsentPanelJudge(
  db: TDebatesDb,
  id: number,
  fromId: string,
  toId: string,
  now: string,
): Promise<boolean> {
  return seats.replaceAbsentPanelJudge(db, id, fromId, toId, now);
}

/** Opens (or replaces) the round's judge invitation. */
export async function setJudgeInvite(db: TDebatesDb, id: number, token: string): Promise<void> {
  return seats.setJudgeInvite(db, id, token);
}

/**
 * A scheduled round's start: its debaters take their guards. One still in another round (it ran long) keeps that
 * round's guard; the scheduled round still counts as theirs (see `listScheduledRoundsOf`).
 */
export async function takeActiveDebaters(db: TDebatesDb, debateId: number, userIds: string[]): Promise<void> {
  return guards.takeActiveDebaters(db, debateId, userIds);
}

/** Moves a debate from one status to another; false if it was no longer in `from` (someone else ended it). */
export async function transitionStatus(
  db: TDebatesDb,
  id: number,
  from: TDebateStatus[],
  values: TStatusChange,
): Promise<boolean> {
  return repo.transitionStatus(db, id, from, values);
}
export type TDebatesDb = repo.TDebatesDb;

/** A tournament host's swap of a round's sides before its clock has run (false once it has, or it ended). */
export async function swapUnstartedSides(db: TDebatesDb, id: number): Promise<boolean> {
  return seats.swapUnstartedSides(db, id);
}

/**
 * A Public Forum tournament round's coin flip choice, recorded once before its clock runs, moving the debaters' seats
 * and setting the speaking order as `coinFlipSeats` says (false: that choice is made already, or the clock has run).
 */
export async function recordCoinFlipChoice(
  db: TDebatesDb,
  id: number,
  change: Parameters<typeof seats.recordCoinFlipChoice>[2],
): Promise<boolean> {
  return seats.recordCoinFlipChoice(db, id, change);
}

/** The coin flips of rounds `ids` (a Public Forum tournament's), by round: the winner and the choices made so far. */
export async function coinFlipsOf(db: TDebatesDb, ids: readonly number[]): Promise<Map<number, TCoinFlip>> {
  const rows = await repo.listCoinFlips(db, ids);
  return new Map(
    rows.map((r) => [
      r.id,
      { winnerId: r.coinFlipWinnerId!, winnerChoice: r.coinFlipWinnerChoice, loserChoice: r.coinFlipLoserChoice },
    ]),
  );
}

/** A tournament host's change of a round's judge before its clock has run (false once it has, or it ended). */
export async function reseatUnstartedJudge(
  db: TDebatesDb,
  id: number,
  judgeId: string | null,
  now: string,
): Promise<boolean> {
  return seats.reseatUnstartedJudge(db, id, judgeId, now);
}

/**
 * A tournament's re-pair calls off a round that has not started: it ends `abandoned` and marked cancelled, nobody
 * blamed and no points (as a coach's cancel); its debaters' guards are let go. False once its clock has run.
 */
export async function cancelUnstarted(db: TDebatesDb, id: number, now: string): Promise<boolean> {
  if (!(await seats.cancelUnstarted(db, id, now))) return false;
  await guards.releaseActiveDebaters(db, id);
  return true;
}
