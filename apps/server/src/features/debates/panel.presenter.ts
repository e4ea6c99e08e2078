/** How a panel's seats and ballots become what clients see (`TDebate.panel`). */
import { panelVotes, type TDebatePanel, type TDebateStatus, type TPanelDebaterVote } from '@resolved/shared';
import type { TPanelBallotRow } from '../results/results.tables';
import { presentParticipant } from './debate.presenter';

/**
 * The panel in seat order with whose ballot is in; every ballot and the votes only once the round is over, so that
 * no judge reads another's ballot before writing their own. Null for a round with one judge.
 */
export function presentPanel(
  status: TDebateStatus,
  judgeIds: readonly string[],
  ballots: readonly TPanelBallotRow[],
  names: Map<string, string>,
  /** Each judge's points per debater (tenths); shown in `seatOrder` (the round's seats, side A's first). */
  debaterVotes: readonly TPanelDebaterVote[] = [],
  seatOrder: readonly string[] = [],
): TDebatePanel | null {
  if (judgeIds.length === 0) return null;
  const submitted = new Set(ballots.map((b) => b.judgeId));
  const isOver = status !== 'live' && status !== 'awaiting_ballot';
  return {
    judges: judgeIds.map((id) => ({ ...presentParticipant(id, names), hasSubmitted: submitted.has(id) })),
    ballots: isOver
      ? ballots.map((b) => ({
          judge: presentParticipant(b.judgeId, names),
          winnerSide: b.winnerSide,
          speakerPoints: { a: Number(b.speakerPointsA) / 10, b: Number(b.speakerPointsB) / 10 },
          debaterPoints: debaterVotes
            .filter((v) => v.judgeId === b.judgeId)
            .sort((x, y) => seatOrder.indexOf(x.userId) - seatOrder.indexOf(y.userId))
            .map((v) => ({
              userId: v.userId,
              side: v.side === 'b' ? ('b' as const) : ('a' as const),
              points: v.points / 10,
              rank: v.rank,
            })),
          reason: b.reason,
          createdAt: b.createdAt,
        }))
      : [],
    votes: isOver ? panelVotes(ballots) : null,
  };
}
