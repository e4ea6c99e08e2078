/**
 * A forfeit in a British Parliamentary room (issue 41) is per team, never per bench (`bpForfeitOutcome`,
 * docs/decisions.md). In the forfeit's transaction: the team's forfeit and its place (4th for the first to go, then
 * 3rd, then 2nd), a strike for each of its debaters who was away (the forfeit watch; the Forfeit button strikes none),
 * and then either
 * - two or more teams remain: the room goes on. The team's debaters are free for other rounds; the clock ends the
 *   forfeiting speaker's running speech and moves past the team's speeches, finishing the round when none is left;
 *   the chair ranks the remaining teams above the forfeits (`submitBpBallot`);
 * - one team remains: it ranks first (3 team points) and the room is decided now, without a ballot: the forfeits in
 *   their places with no team or speaker points, nobody's rating moved (as a forfeit in any format), no points earned.
 */
import type { Kysely } from 'kysely';
import {
  bpForfeitOutcome,
  BP_SIDES,
  BP_SIDE_OF,
  BP_TEAM_POINTS,
  BRITISH_PARLIAMENTARY,
  endSpeech,
  isBpPosition,
  isForfeitedSpeech,
  nextForfeitPlace,
  skipSpeeches,
  speechesOfClock,
  spokenIncrement,
  stopRound,
  type TBpForfeits,
  type TBpSide,
} from '@resolved/shared';
import type { TDebatesDeps } from '../../context';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { settleRound } from '../debates/awards';
import { debaterSeatsOf, nowMs } from '../debates/round-row';
import type { TDebateRow } from '../debates/debates.tables';
import * as repo from '../debates/rounds.service';
import { recordStrike } from '../playban/playban.service';
import * as bpRepo from './bp-ballots.repository';

/** "Opening Government stayed: the other three teams forfeited." */
function decidedReason(winner: TBpSide): string {
  return `Decided by forfeit: ${BRITISH_PARLIAMENTARY.sides[winner]} stayed, the other three teams forfeited.`;
}

/**
 * `userId`'s team forfeits the live BP room `row`, in the caller's transaction `trx`. False when nothing changed (the
 * room is not live, `userId` is not one of its debaters, or their team forfeited already).
 */
export async function forfeitBpTeamIn(
  trx: Kysely<DB>,
  deps: TDebatesDeps,
  row: TDebateRow,
  userId: string,
  options: { absentIds?: readonly string[] },
): Promise<boolean> {
  const tx = repo.debatesDb(trx);
  const debateId = Number(row.id);
  if (row.status !== 'live') return false;
  const seats = await debaterSeatsOf(deps, row, tx);
  const teamOf = (position: string | null) => (isBpPosition(position) ? BP_SIDE_OF[position] : null);
  const team = teamOf(seats.find((seat) => seat.userId === userId)?.position ?? null);
  if (!team) return false;
  const before = await repo.findBpForfeits(tx, debateId);
  if (before[team] !== undefined) return false;
  const forfeits: TBpForfeits = { ...before, [team]: nextForfeitPlace(before) };
  const outcome = bpForfeitOutcome(forfeits);
  if (!outcome) return false;
  const now = nowIso();
  const atMs = nowMs(deps);
  const clock = repo.clockFromRow(row);
  if (outcome.kind === 'decided') {
    const moved = await repo.transitionStatus(tx, debateId, ['live'], {
      status: 'forfeited',
      winnerSide: null,
      forfeitedBy: userId,
      endedAt: now,
      clock: stopRound(clock, atMs),
    });
    if (!moved) return false;
    await repo.releaseActiveDebaters(tx, debateId);
  }
  await bpRepo.insertBpForfeit(trx, { debateId, team, place: forfeits[team]!, forfeitedBy: userId, createdAt: now });
  const teamIds = seats.filter((seat) => teamOf(seat.position) === team).map((seat) => seat.userId);
  for (const id of teamIds) if (options.absentIds?.includes(id)) await recordStrike(trx, id, debateId, atMs);
  if (outcome.kind === 'decided') {
    const winner = BP_SIDES.find((side) => forfeits[side] === undefined)!;
    await bpRepo.insertBpBallot(trx, {
      ballot: { debateId, judgeId: null, isLowPointWin: 0, reason: decidedReason(winner), createdAt: now },
      teams: BP_SIDES.map((side) => ({
        debateId,
        team: side,
        rank: outcome.ranks[side],
        teamPoints: side === winner ? BP_TEAM_POINTS[1] : 0,
        speakerPoints: 0,
      })),
      speakers: [],
    });
    const spokenMs = Number(row.spokenMs) + spokenIncrement(clock, atMs);
    await settleRound(tx, row, 'forfeited', { winnerSide: null, forfeitedBy: userId, spokenMs, now });
    return true;
  }
  // The room goes on: the team is free, and nobody gives its speeches.
  await repo.releaseActiveDebatersOf(tx, debateId, teamIds);
  const isSkipped = (speech: Parameters<typeof isForfeitedSpeech>[0]) => isForfeitedSpeech(speech, forfeits);
  const current = speechesOfClock(clock)[clock.speechIndex];
  const isOwnSpeech = clock.phase === 'speech' && current !== undefined && isSkipped(current);
  const next = skipSpeeches(isOwnSpeech ? endSpeech(clock, atMs) : clock, isSkipped);
  if (next === clock) return true;
  const spokenMs = Number(row.spokenMs) + (isOwnSpeech ? spokenIncrement(clock, atMs) : 0);
  const isFinished = next.phase === 'finished';
  const status = row.judgeId !== null || row.judgeInviteToken !== null ? 'awaiting_ballot' : 'completed';
  const saved = await repo.updateClock(tx, debateId, Number(row.clockVersion), next, {
    spokenMs,
    ...(isFinished ? { status, endedAt: now } : {}),
  });
  if (!saved) throw new AppError('conflict', 'The clock moved meanwhile: try again.', undefined, 'clock_busy');
  if (isFinished) {
    await repo.releaseActiveDebaters(tx, debateId);
    if (status === 'completed') await settleRound(tx, row, 'completed', { winnerSide: null, spokenMs, now });
  }
  return true;
}
