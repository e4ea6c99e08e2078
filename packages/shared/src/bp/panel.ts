/**
 * A British Parliamentary panel (issue 41, item 3). As at the WUDC and in Tabbycat's BP ballots, a panel gives one
 * ballot, the chair's, after the judges confer: a wing's ballot is refused. When the judges do not agree, each ranks
 * the four teams and the panel's ranking orders the teams by the sum of their places (lowest first); teams level on
 * that sum keep the order the chair gave them, so the chair decides a tie as in BP practice.
 */
import { BP_SIDES } from '../formats/british-parliamentary.js';
import type { TBpRank, TBpSide } from './types.js';

export interface TBpPanel {
  chairId: string;
  wingIds: readonly string[];
}

/** One judge's ranking of the four teams. */
export interface TBpJudgeRanking {
  judgeId: string;
  ranks: Readonly<Record<TBpSide, TBpRank>>;
}

/** Why `judgeId` may not give the room's ballot, or null for the chair. */
export function bpBallotSubmitterRefusal(judgeId: string, panel: TBpPanel): string | null {
  if (judgeId === panel.chairId) return null;
  if (panel.wingIds.includes(judgeId)) {
    return 'The chair gives the panel’s ballot after the judges confer: a wing’s ballot is not taken.';
  }
  return 'Only a judge of this room gives its ballot.';
}

/**
 * The panel's ranking from its judges' rankings: by the sum of each team's places, ties kept in the chair's order.
 * Throws when the chair's ranking is not among them or a judge ranks twice: the caller checks both first.
 */
export function bpPanelRanking(rankings: readonly TBpJudgeRanking[], chairId: string): Record<TBpSide, TBpRank> {
  const chair = rankings.find((ranking) => ranking.judgeId === chairId);
  if (!chair) throw new RangeError('The chair’s ranking decides a tie: it must be among the rankings.');
  if (new Set(rankings.map((ranking) => ranking.judgeId)).size !== rankings.length) {
    throw new RangeError('Each judge ranks the teams once.');
  }
  const sum = (side: TBpSide) => rankings.reduce((total, ranking) => total + ranking.ranks[side], 0);
  const order = [...BP_SIDES].sort((a, b) => sum(a) - sum(b) || chair.ranks[a] - chair.ranks[b]);
  const ranks = { og: 1, oo: 1, cg: 1, co: 1 } as Record<TBpSide, TBpRank>;
  order.forEach((side, i) => {
    ranks[side] = (i + 1) as TBpRank;
  });
  return ranks;
}
