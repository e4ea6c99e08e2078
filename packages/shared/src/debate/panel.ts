/**
 * A round judged by a panel: each judge's own ballot, the majority that decides the round, the points the decision
 * carries, and who may submit a ballot. Pure: the server passes the seats and ballots it has read.
 *
 * The decision: the round is decided as soon as a majority of the seated panel agree (2 of 3), so a judge who never
 * submits does not hold it up; until then it waits, and the ballot deadline closes a panel that never reaches a
 * majority without a decision, as it does a single judge who never submits. A ballot that arrives after the decision
 * (the third of a 2–0) is still kept and shown, and never changes the result.
 */
import type { TSideKey } from '../formats.js';
import type { TDebateStatus } from './protocol.js';
import type { TActor } from '../rules/actor.js';
import type { TRefusal } from '../errors.js';
import { refusalOf } from '../rules/refusals.js';

/** Judges per room a tournament may ask for: one judge, or a panel of three. */
export const JUDGES_PER_ROOM = [1, 3] as const;
export type TJudgesPerRoom = (typeof JUDGES_PER_ROOM)[number];

/** A panel judge's ballot as the decision reads it (points in tenths, as stored). */
export interface TPanelVote {
  judgeId: string;
  winnerSide: TSideKey;
  speakerPoints: Record<TSideKey, number>;
}

/** Ballots that agree to decide a panel of `panelSize`: more than half. */
export function panelMajority(panelSize: number): number {
  return Math.floor(panelSize / 2) + 1;
}

/** Each side's votes among the ballots in. */
export function panelVotes(votes: readonly Pick<TPanelVote, 'winnerSide'>[]): Record<TSideKey, number> {
  return {
    a: votes.filter((v) => v.winnerSide === 'a').length,
    b: votes.filter((v) => v.winnerSide === 'b').length,
  };
}

export interface TPanelDecision {
  winnerSide: TSideKey;
  /** The judges whose ballots make the majority (the decision's points are theirs). */
  majorityJudgeIds: string[];
  /** The decision's speaker points in tenths: the mean of the majority's ballots, rounded to a tenth. */
  speakerPoints: Record<TSideKey, number>;
}

/** The panel's decision from the ballots in, or null while no side has a majority of the seated panel. */
export function panelDecision(votes: readonly TPanelVote[], panelSize: number): TPanelDecision | null {
  const counts = panelVotes(votes);
  const needed = panelMajority(panelSize);
  const winnerSide: TSideKey | null = counts.a >= needed ? 'a' : counts.b >= needed ? 'b' : null;
  if (winnerSide === null) return null;
  const majority = votes.filter((v) => v.winnerSide === winnerSide);
  const mean = (side: TSideKey) =>
    Math.round(majority.reduce((sum, v) => sum + v.speakerPoints[side], 0) / majority.length);
  return {
    winnerSide,
    majorityJudgeIds: majority.map((v) => v.judgeId),
    speakerPoints: { a: mean('a'), b: mean('b') },
  };
}

/** What the ballot rule of a panel reads of the round. */
export interface TPanelSeats {
  status: TDebateStatus;
  panelJudgeIds: readonly string[];
  /** Judges whose ballot is in. */
  submittedJudgeIds: readonly string[];
  /** The round's ballot deadline has passed since its last speech. */
  isPastDeadline: boolean;
}

/**
 * A panel judge's ballot: only a judge seated on the panel, once, after the last speech; also after the majority
 * decided (a late ballot is kept and shown) until the ballot deadline, never once the round ended otherwise.
 */
export function panelBallotRefusal(actor: TActor, round: TPanelSeats): TRefusal | null {
  if (!actor || !round.panelJudgeIds.includes(actor.id)) return refusalOf('not_in_round', 'panel_ballot');
  if (round.status === 'live') return refusalOf('ballot_not_open');
  if (round.submittedJudgeIds.includes(actor.id)) return refusalOf('ballot_submitted');
  if (round.status === 'awaiting_ballot') return null;
  if (round.status === 'judged' && !round.isPastDeadline) return null;
  return refusalOf('already_decided');
}

/** One panel judge's points for one debater (tenths, as stored), with the rank the judge gave (null: none). */
export interface TPanelDebaterVote {
  judgeId: string;
  userId: string;
  side: string;
  points: number;
  rank: number | null;
}

/**
 * The decision's points per debater (a round of teams scores each one): for every debater, the mean of the majority's
 * points, rounded to a tenth, as the side points are. The ranks stay each judge's own (a mean of ranks is no rank), so
 * the decision's are null. Empty when a judge of the majority scored no debater (a ballot written before panels
 * scored debaters): readers then fall back to the side points.
 */
export function panelDebaterPoints(
  majorityJudgeIds: readonly string[],
  votes: readonly TPanelDebaterVote[],
): { userId: string; side: string; points: number; rank: null }[] {
  const mine = votes.filter((v) => majorityJudgeIds.includes(v.judgeId));
  if (majorityJudgeIds.length === 0 || majorityJudgeIds.some((id) => !mine.some((v) => v.judgeId === id))) return [];
  const debaters = [...new Map(mine.map((v) => [v.userId, v.side])).entries()];
  return debaters.map(([userId, side]) => {
    const points = mine.filter((v) => v.userId === userId);
    return {
      userId,
      side,
      points: Math.round(points.reduce((sum, v) => sum + v.points, 0) / points.length),
      rank: null,
    };
  });
}
