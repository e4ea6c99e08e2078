/**
 * Correcting a judged British Parliamentary room's result after the fact (a tournament's host, audited by the
 * tournament): the four teams ranked again and the eight speakers' points, checked by the rule the chair's ballot
 * passes (`bpBallotResult`, with the room's forfeits) and written as the ballot writes them (`bpResultRows`). Only the
 * result of record changes — what the tab, the break, records and exports read; ratings and awards already given stay,
 * as a two-sided correction leaves them (`result-corrections.ts`, docs/decisions.md).
 */
import { BP_SIDES, bpBallotResult, type TBpBallotRequest, type TBpRank, type TBpSide } from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as rounds from '../debates/rounds.service';
import { debaterSeatsIn } from '../debates/round-row';
import { bpResultRows } from './bp-ballots';
import * as bpRepo from './bp-ballots.repository';

/** A room's result as a correction reads it: each team's place and speakers' points (tenths), each speaker's. */
export interface TBpCorrectableResult {
  ranks: Record<TBpSide, TBpRank>;
  teamSpeakerPoints: Record<TBpSide, number>;
  /** Each seated speaker's points in tenths; null for a speaker of a team that forfeited. */
  points: Map<string, number | null>;
  isLowPointWin: boolean;
}

/**
 * Corrects BP room `debateId`'s result in the caller's transaction. Refuses (writing nothing) a room that is not BP,
 * one without a judged ballot (live, waiting, abandoned, decided by forfeits), a ballot the rule refuses (a tie, a
 * team missing, points off the scale, an unconfirmed low-point win), and a change that changes nothing. Returns
 * before and after, and the seats (each speaker's position).
 */
export async function correctBpResultIn(
  trx: Kysely<DB>,
  debateId: number,
  ballot: Pick<TBpBallotRequest, 'ranks' | 'speakerPoints' | 'isLowPointWinConfirmed'>,
): Promise<{
  before: TBpCorrectableResult;
  after: TBpCorrectableResult;
  seats: { userId: string; position: string | null }[];
}> {
  const tx = rounds.debatesDb(trx);
  const row = await rounds.findDebate(tx, debateId);
  if (!row) throw new AppError('not_found', 'That round does not exist.');
  if (row.formatId !== 'bp') {
    throw new AppError('validation_failed', 'This round is not British Parliamentary: correct its result by sides.');
  }
  const stored = row.status === 'judged' ? await bpRepo.findBpResultRows(trx, debateId) : null;
  if (!stored || stored.teams.length !== BP_SIDES.length) {
    throw new AppError('conflict', 'Only a judged room (its ranked ballot in) can be corrected.');
  }
  // Teams that forfeited keep their places below the others, with no points, as on the chair's ballot.
  const result = bpBallotResult(ballot, undefined, await rounds.findBpForfeits(tx, debateId));
  if (typeof result === 'string') throw new AppError('validation_failed', result);
  const seats = (await debaterSeatsIn(tx, row)).map((seat) => ({ userId: seat.userId, position: seat.position }));
  const rows = bpResultRows(debateId, result, seats);
  const teamRow = (side: TBpSide) => stored.teams.find((team) => team.team === side)!;
  const before: TBpCorrectableResult = {
    ranks: mapSides((side) => Number(teamRow(side).rank) as TBpRank),
    teamSpeakerPoints: mapSides((side) => Number(teamRow(side).speakerPoints)),
    points: new Map(
      seats.map((seat) => {
        const own = stored.speakers.find((s) => s.userId === seat.userId);
        return [seat.userId, own ? Number(own.points) : null] as const;
      }),
    ),
    isLowPointWin: stored.isLowPointWin,
  };
  const after: TBpCorrectableResult = {
    ranks: mapSides((side) => result.ranks[side]),
    teamSpeakerPoints: mapSides((side) => rows.teams.find((team) => team.team === side)!.speakerPoints),
    points: new Map(
      seats.map((seat) => [seat.userId, rows.speakers.find((s) => s.userId === seat.userId)?.points ?? null] as const),
    ),
    isLowPointWin: result.isLowPointWin,
  };
  const isSame =
    BP_SIDES.every((side) => before.ranks[side] === after.ranks[side]) &&
    seats.every((seat) => before.points.get(seat.userId) === after.points.get(seat.userId));
  if (isSame) throw new AppError('conflict', 'That is the result already: nothing to correct.');
  await bpRepo.replaceBpResult(trx, debateId, { isLowPointWin: result.isLowPointWin, ...rows });
  return { before, after, seats };
}

const mapSides = <T>(f: (side: TBpSide) => T): Record<TBpSide, T> => ({
  og: f('og'),
  oo: f('oo'),
  cg: f('cg'),
  co: f('co'),
});
