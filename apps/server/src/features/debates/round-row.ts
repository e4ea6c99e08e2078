/**
 * The round's row and what is read straight off it: its seats as the shared round rules read them, a debater's side,
 * the server's time. No other feature's imports, so every part of the rounds feature (and the features above) can
 * use it without a cycle.
 */
import { AppError } from '../../lib/errors';
import { teamSeatsOf, type TClockState, type TCoinFlip, type TRoundSeats, type TSideKey } from '@resolved/shared';
import type { TDebatesDeps } from '../../context';
import * as repo from './debates.repository';
import * as panelsRepo from './panels.repository';
import * as seatsRepo from './debate-seats.repository';
import type { TSeatRow } from './debate-seats.repository';
import type { TDebateRow } from './debates.tables';

/** The app's Kysely instance, typed for the rounds' statements. */
export const db = (deps: Pick<TDebatesDeps, 'database'>) => repo.debatesDb(deps.database.db);

/** Server time in ms (tests inject a clock). */
export const nowMs = (deps: Pick<TDebatesDeps, 'now'>) => (deps.now ? deps.now() : Date.now());

/** The side `userId` debates on in the row's first seats, or null (a partner's: `seatSideOf`). */
export function sideOf(row: Pick<TDebateRow, 'debaterAId' | 'debaterBId'>, userId: string): TSideKey | null {
  if (row.debaterAId === userId) return 'a';
  if (row.debaterBId === userId) return 'b';
  return null;
}

/** A seat's side as a side key (`'a'`/`'b'`), or null for none (or a side the round's columns do not name). */
export function sideKeyOf(side: string | undefined): TSideKey | null {
  return side === 'a' || side === 'b' ? side : null;
}

export function debateNotFoundError(): AppError {
  return new AppError('not_found', 'That debate does not exist.');
}

/** The round, or a 404. */
export async function requireDebate(
  deps: Pick<TDebatesDeps, 'database'>,
  id: number,
  tx = db(deps),
): Promise<TDebateRow> {
  const row = await repo.findDebate(tx, id);
  if (!row) throw debateNotFoundError();
  return row;
}

/** The seats of a round as the shared round rules (`judgeRefusal`, `ballotRefusal`, `roundChatRefusal`) read them. */
export function seatsOfRow(row: TDebateRow, teamJudgeIds?: string[]): TRoundSeats {
  return {
    status: row.status,
    debaterAId: row.debaterAId,
    debaterBId: row.debaterBId,
    judgeId: row.judgeId,
    hasJudgeInvite: row.judgeInviteToken !== null,
    teamJudgeIds,
    isTournamentRound: row.kind === 'tournament',
  };
}

/**
 * The round's debaters' seats (`debateSeats`), side A's first and each side's in seat order. A round whose seats were
 * never written (rows copied by hand, as a benchmark does) reads as its two first seats.
 */
export async function debaterSeatsOf(
  deps: Pick<TDebatesDeps, 'database'>,
  row: TDebateRow,
  tx = db(deps),
): Promise<TSeatRow[]> {
  return debaterSeatsIn(tx, row);
}

/**
 * The round's seats as its teams (`teamSeatsOf`): in British Parliamentary each seat's side is its team (`og`…`co`),
 * not its bench. What the partner chat, the team flow, the prep huddle and a live round's recordings read.
 */
export async function teamSeatsOfRow(deps: Pick<TDebatesDeps, 'database'>, row: TDebateRow): Promise<TSeatRow[]> {
  return teamSeatsOf(row.formatId, await debaterSeatsOf(deps, row));
}

/** `debaterSeatsOf` read in `tx` (a transaction of any feature that writes the round's results). */
export async function debaterSeatsIn(
  tx: repo.TDebatesDb,
  row: Pick<
    TDebateRow,
    | 'id'
    | 'debaterAId'
    | 'debaterBId'
    | 'debaterAJoinedAt'
    | 'debaterBJoinedAt'
    | 'recordConsentA'
    | 'recordConsentB'
    | 'spectatorWatchA'
    | 'spectatorWatchB'
  >,
): Promise<TSeatRow[]> {
  const seats = await seatsRepo.listSeats(tx, [row.id]);
  if (seats.length > 0) return seats;
  const first = (side: TSideKey, userId: string): TSeatRow => ({
    debateId: row.id,
    side,
    seat: 1,
    position: null,
    userId,
    joinedAt: side === 'a' ? row.debaterAJoinedAt : row.debaterBJoinedAt,
    recordConsent: Number(side === 'a' ? row.recordConsentA : row.recordConsentB),
    spectatorWatch: side === 'a' ? row.spectatorWatchA : row.spectatorWatchB,
  });
  return [first('a', row.debaterAId), first('b', row.debaterBId)];
}

/**
 * `userId`'s debater seat in the round (any seat of any side): their side and speaker position (null on a side of
 * one), or null when they debate in no seat of it.
 */
export async function seatOfDebater(
  deps: Pick<TDebatesDeps, 'database'>,
  row: TDebateRow,
  userId: string,
  tx = db(deps),
): Promise<{ side: TSideKey; position: string | null } | null> {
  const seats = await debaterSeatsOf({ database: deps.database }, row, tx);
  const seat = seats.find((s) => s.userId === userId);
  const side = sideKeyOf(seat?.side);
  return seat && side ? { side, position: seat.position } : null;
}

/** The seats of many rounds at once, by round (a round without seat rows is missing: its two first seats are all). */
export async function seatsOfRounds(
  deps: Pick<TDebatesDeps, 'database'>,
  debateIds: readonly number[],
): Promise<Map<number, TSeatRow[]>> {
  const byRound = new Map<number, TSeatRow[]>();
  for (const seat of await seatsRepo.listSeats(db(deps), debateIds)) {
    byRound.set(seat.debateId, [...(byRound.get(seat.debateId) ?? []), seat]);
  }
  return byRound;
}

/** Every debater of the round, side A's first (`debaterSeatsOf`). */
export async function debaterIdsOf(deps: Pick<TDebatesDeps, 'database'>, row: TDebateRow): Promise<string[]> {
  return (await debaterSeatsOf(deps, row)).map((s) => s.userId);
}

/**
 * The seats of a round with every debater of every side (`debaterIds`, from `debateSeats`) and its panel's judges
 * (`panelJudgeIds`), so that every door that admits a debater admits each partner, and every door that admits the
 * judge (the round chat, flows, evidence, the call) admits each judge of a panel. Only a tournament and a British
 * Parliamentary practice room seat panels.
 */
export async function roundSeatsOf(
  deps: Pick<TDebatesDeps, 'database'>,
  row: TDebateRow,
  teamJudgeIds?: string[],
): Promise<TRoundSeats> {
  const seats = { ...seatsOfRow(row, teamJudgeIds), debaterIds: await debaterIdsOf(deps, row) };
  // A tournament seats panels at its release; a British Parliamentary practice room as judges join it.
  if (row.kind !== 'tournament' && row.formatId !== 'bp') return seats;
  const panel = await panelsRepo.listPanelSeats(deps.database.db, row.id);
  return panel.length > 0 ? { ...seats, panelJudgeIds: panel.map((s) => s.userId) } : seats;
}

/** A Public Forum tournament round's coin flip as the shared rules read it (null: the round has none). */
export function coinFlipOfRow(row: TDebateRow): TCoinFlip | null {
  if (row.coinFlipWinnerId === null) return null;
  return {
    winnerId: row.coinFlipWinnerId,
    winnerChoice: row.coinFlipWinnerChoice,
    loserChoice: row.coinFlipLoserChoice,
  };
}

/** The round's clock as the shared clock rules read it. */
export function clockFromRow(row: TDebateRow): TClockState {
  return {
    formatId: row.formatId,
    firstSide: row.firstSide === 'b' ? 'b' : 'a',
    phase: row.clockPhase,
    speechIndex: Number(row.clockSpeechIndex),
    prepTaker: row.clockPrepTaker,
    startedAt: row.clockStartedAt === null ? null : Date.parse(row.clockStartedAt),
    isPaused: Number(row.clockIsPaused) === 1,
    elapsedBeforeMs: Number(row.clockElapsedBeforeMs),
    prepRemainingMs: { a: Number(row.prepRemainingAMs), b: Number(row.prepRemainingBMs) },
    ...(row.speechMinutes === null || row.speechMinutes === undefined
      ? {}
      : { speechMinutes: Number(row.speechMinutes) }),
  };
}
