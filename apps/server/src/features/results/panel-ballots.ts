/**
 * A panel judge's ballot: each judge of the panel submits their own from their seat; the round is decided once a
 * majority of the seated panel agree (`panelDecision`), and then settled exactly as a judged round (awards, points,
 * ratings) with the decision written as the round's ballot. A ballot after the decision is kept and shown; it never
 * changes the result. A judge scores every debater (a round of teams: each partner), validated as a single judge's
 * ballot; the decision's points per debater are the mean of the majority's. The rules are in
 * `packages/shared/src/debate/panel.ts`.
 */
import {
  BALLOT_DEADLINE_MS,
  ballotPointsOf,
  panelBallotRefusal,
  panelDebaterPoints,
  panelDecision,
  panelVotes,
  type TDebate,
  type TSessionUser,
  type TSubmitBallotRequest,
} from '@resolved/shared';
import { nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { lockKeys } from '../../lib/key-lock';
import { AppError, refuse, refused } from '../../lib/errors';
import type { TDebatesDeps } from '../../context';
import * as rounds from '../debates/rounds.service';
import { settleRound } from '../debates/awards';
import { emitDebateUpdated } from '../debates/debates.service';
import { panelBallotsOf, panelDebaterVotesOf } from '../debates/panels.service';
import { debaterSeatsOf, nowMs, requireDebate } from '../debates/round-row';
import * as resultsRepo from './results.repository';
import { insertPanelBallot, insertPanelDebaterPoints } from './panel-ballots.repository';
import { rateDecidedRound } from './round-ratings';

const tenths = (points: number) => Math.round(points * 10);

/** Takes `user`'s ballot for the round judged by `panelJudgeIds` (in seat order), and decides it when a majority agree. */
export async function submitPanelBallot(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  panelJudgeIds: readonly string[],
  ballot: TSubmitBallotRequest,
): Promise<TDebate> {
  await inTransaction(deps.database, async (trx) => {
    // One ballot of the round at a time across instances: two judges agreeing at once must see each other's ballot.
    await lockKeys(trx, deps.database.engine, [`debate:${debateId}`]);
    const tx = rounds.debatesDb(trx);
    const row = await requireDebate(deps, debateId, tx);
    const ballots = await panelBallotsOf(tx, debateId);
    const isPastDeadline = row.endedAt !== null && nowMs(deps) - Date.parse(row.endedAt) > BALLOT_DEADLINE_MS;
    refuse(
      panelBallotRefusal(user, {
        status: row.status,
        panelJudgeIds,
        submittedJudgeIds: ballots.map((b) => b.judgeId),
        isPastDeadline,
      }),
    );
    // Points for every debater of the round (a one-on-one form's two map to its two seats), or a 400.
    const points = ballotPointsOf(row.formatId, await debaterSeatsOf(deps, row, tx), ballot);
    if (typeof points === 'string') throw new AppError('validation_failed', points);
    const now = nowIso();
    const mine = {
      debateId,
      judgeId: user.id,
      winnerSide: ballot.winnerSide,
      speakerPointsA: tenths(points.sides.a),
      speakerPointsB: tenths(points.sides.b),
      reason: ballot.reason,
      createdAt: now,
    };
    if (!(await insertPanelBallot(tx, mine))) throw refused('ballot_submitted');
    // Every debater's own points from this judge (a round of teams: each partner's), kept beside the ballot.
    await insertPanelDebaterPoints(
      tx,
      points.debaters.map((d) => ({ ...d, debateId, judgeId: user.id, points: tenths(d.points) })),
    );
    if (row.status !== 'awaiting_ballot') return;
    const votes = [...ballots, mine].map((b) => ({
      judgeId: b.judgeId,
      winnerSide: b.winnerSide,
      speakerPoints: { a: Number(b.speakerPointsA), b: Number(b.speakerPointsB) },
    }));
    const decision = panelDecision(votes, panelJudgeIds.length);
    if (!decision) return;
    const moved = await rounds.transitionStatus(tx, debateId, ['awaiting_ballot'], {
      status: 'judged',
      winnerSide: decision.winnerSide,
    });
    if (!moved) return;
    const count = panelVotes(votes);
    // The decision as the round's one ballot: the tab, records and replays read it as a single judge's.
    await resultsRepo.insertBallot(tx, {
      debateId,
      judgeId: null,
      winnerSide: decision.winnerSide,
      speakerPointsA: decision.speakerPoints.a,
      speakerPointsB: decision.speakerPoints.b,
      reason: `Panel decision ${Math.max(count.a, count.b)}–${Math.min(count.a, count.b)}.`,
      createdAt: now,
    });
    // Each debater's points as the decision gives them: the mean of the majority's, as its side points are.
    const byDebater = panelDebaterPoints(decision.majorityJudgeIds, await panelDebaterVotesOf(tx, debateId));
    await resultsRepo.insertDebaterPoints(
      tx,
      byDebater.map((d) => ({ ...d, debateId })),
    );
    // Judging points go to each judge whose ballot decided or stood beside the decision when it was made.
    const settled = await settleRound(tx, row, 'judged', {
      winnerSide: decision.winnerSide,
      spokenMs: Number(row.spokenMs),
      now,
      judgeIds: votes.map((v) => v.judgeId),
    });
    if (settled.isRated) await rateDecidedRound(tx, row, decision.winnerSide, now);
  });
  return emitDebateUpdated(deps, debateId);
}
