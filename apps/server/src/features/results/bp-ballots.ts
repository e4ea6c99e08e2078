/**
 * A British Parliamentary room's ranked ballot (issue 41), through `POST /api/debates/:id/bp-ballots`: the judge (or,
 * with a panel, the chair alone for the panel: a wing's ballot is refused, `bpBallotSubmitterRefusal`) ranks the four
 * teams and gives the eight speakers points on the WUDC's 50–100 scale; a ranking the points contradict is refused
 * unless confirmed as a low-point win (`bpBallotResult`). In one transaction: the ballot, each team's place, team
 * points and speaker points, each speaker's points (`bpSpeakerPoints`), the round settled (its awards) and, when it counts, openskill
 * ratings for all eight from the four ranked teams (`rateBpRoom`). Any refusal writes nothing. A team that forfeited
 * (`results/bp-forfeits.ts`) is ranked in its forfeit place with no points, the ballot ranking the teams that stayed
 * above it, and the ratings follow that final ranking.
 */
import {
  ballotRefusal,
  bpBallotResult,
  bpBallotSubmitterRefusal,
  bpTeamsOfSeats,
  BP_SIDES,
  BP_SIDE_OF,
  isBpPosition,
  type TBpBallotRequest,
  type TBpBallotResult,
  type TDebate,
  type TSessionUser,
} from '@resolved/shared';
import type { Insertable } from 'kysely';
import type { TDebatesDeps } from '../../context';
import { nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError, refuse } from '../../lib/errors';
import { rateBpRoom } from '../../lib/ratings/ratings';
import { settleRound } from '../debates/awards';
import { emitDebateUpdated } from '../debates/debates.service';
import { panelJudgeIdsOf } from '../debates/panels.service';
import { debaterSeatsOf, requireDebate, seatsOfRow } from '../debates/round-row';
import * as repo from '../debates/rounds.service';
import { ratingsOf } from '../users/ratings.service';
import * as bpRepo from './bp-ballots.repository';
import * as resultsRepo from './results.repository';
import type { BpSpeakerPointsTable, BpTeamResultsTable } from './results.tables';

/**
 * A ranked result as stored (in tenths, as every ballot's points): each team's place, team points and its speakers'
 * points together, and each seated speaker's points (none for a team that forfeited). The chair's ballot and a host's
 * correction (`bp-result-corrections.ts`) write the same rows.
 */
export function bpResultRows(
  debateId: number,
  result: TBpBallotResult,
  seats: readonly { userId: string; position: string | null }[],
): { teams: Insertable<BpTeamResultsTable>[]; speakers: Insertable<BpSpeakerPointsTable>[] } {
  return {
    teams: BP_SIDES.map((team) => ({
      debateId,
      team,
      rank: result.ranks[team],
      teamPoints: result.teamPoints[team],
      speakerPoints: Math.round(result.teamSpeakerPoints[team] * 10),
    })),
    speakers: seats.flatMap((seat) =>
      isBpPosition(seat.position) && result.speakerPoints[seat.position] !== undefined
        ? [
            {
              debateId,
              userId: seat.userId,
              team: BP_SIDE_OF[seat.position],
              position: seat.position,
              points: Math.round(result.speakerPoints[seat.position]! * 10),
            },
          ]
        : [],
    ),
  };
}

export async function submitBpBallot(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  ballot: TBpBallotRequest,
): Promise<TDebate> {
  await inTransaction(deps.database, async (trx) => {
    const tx = repo.debatesDb(trx);
    const row = await requireDebate(deps, debateId, tx);
    if (row.formatId !== 'bp') {
      throw new AppError('validation_failed', 'This round is not British Parliamentary: give its ballot by sides.');
    }
    // A panel gives one ballot, its chair's (seat 1, the round's judge); a wing is told so.
    const panel = await panelJudgeIdsOf(trx, debateId);
    if (panel.length > 0 && panel.includes(user.id) && user.id !== row.judgeId) {
      const refusal = bpBallotSubmitterRefusal(user.id, { chairId: row.judgeId ?? '', wingIds: panel });
      if (refusal) throw new AppError('forbidden', refusal);
    }
    refuse(ballotRefusal(user, seatsOfRow(row)));
    // Teams that forfeited take their places below the others, with no points (`bpBallotResult`).
    const forfeits = await repo.findBpForfeits(tx, debateId);
    const result = bpBallotResult(ballot, undefined, forfeits);
    if (typeof result === 'string') throw new AppError('validation_failed', result);
    const seats = await debaterSeatsOf(deps, row, tx);
    const teams = bpTeamsOfSeats(seats);
    if (!teams) throw new AppError('conflict', 'This room does not seat four teams of two.');
    const now = nowIso();
    const moved = await repo.transitionStatus(tx, debateId, ['awaiting_ballot'], {
      status: 'judged',
      winnerSide: null,
    });
    if (!moved) throw new AppError('conflict', 'This debate has already been decided.', undefined, 'already_decided');
    await bpRepo.insertBpBallot(tx, {
      ballot: {
        debateId,
        judgeId: user.id,
        isLowPointWin: result.isLowPointWin ? 1 : 0,
        reason: ballot.reason,
        createdAt: now,
      },
      ...bpResultRows(debateId, result, seats),
    });
    const settled = await settleRound(tx, row, 'judged', {
      winnerSide: null,
      spokenMs: Number(row.spokenMs),
      now,
      ...(panel.length > 0 ? { judgeIds: panel } : {}),
    });
    if (settled.isRated) {
      const pairs = {
        og: [teams.og[0]!, teams.og[1]!],
        oo: [teams.oo[0]!, teams.oo[1]!],
        cg: [teams.cg[0]!, teams.cg[1]!],
        co: [teams.co[0]!, teams.co[1]!],
      } as const;
      const current = await ratingsOf(trx, 'bp', Object.values(teams).flat());
      for (const [userId, rating] of rateBpRoom(pairs, result.ranks, current)) {
        await resultsRepo.saveRating(tx, userId, 'bp', rating, now, debateId);
      }
    }
  });
  return emitDebateUpdated(deps, debateId);
}
