/** How a past round reads in the debater's and the judge's history (the Debates page, the dashboard, a profile). */
import { FORMATS, type THistoryEntry, type TJudgedRound } from '@resolved/shared';
import { isUpcoming, startTimeText } from './start-time';

const RESULT_TEXT = { win: 'Win', loss: 'Loss', 'no-decision': 'No decision' } as const;

/** What a coach's cancel reads as, wherever the round is listed. */
export const CANCELLED_TEXT = 'Cancelled by the coach';

/** A round ended because one person in it blocked another: said without naming anyone. */
export const ENDED_EARLY_TEXT = 'Ended early';

/** What the room says of a round ended by a block, to everyone alike: nobody is named. */
export const ENDED_EARLY_MESSAGE = 'This round ended early. Nobody wins and no points are given.';

export function historyResultText(d: THistoryEntry, nowMs = Date.now()): string {
  if (isUpcoming(d, nowMs)) return `Starts ${startTimeText(d.startsAt!)}`;
  if (d.status === 'live') return 'In progress';
  if (d.isCancelled) return CANCELLED_TEXT;
  if (d.isEndedEarly) return ENDED_EARLY_TEXT;
  return RESULT_TEXT[d.result];
}

/** A judged round's result: who won (and whether by forfeit), no decision, or the ballot still to come. */
export function judgedResultText(d: TJudgedRound): string {
  if (d.status === 'awaiting_ballot') return 'Awaiting the ballot';
  if (d.isCancelled) return CANCELLED_TEXT;
  if (d.winnerSide === null) return 'No decision';
  const winner = `${d.debaters[d.winnerSide].displayName} (${FORMATS[d.formatId].sides[d.winnerSide]}) won`;
  return d.status === 'forfeited' ? `${winner} by forfeit` : winner;
}

/** A judged round's ballot: its winner, both speakers' points and the reason; or why there is none. */
export function judgedBallotText(d: TJudgedRound): string {
  if (d.ballot) {
    const { winnerSide, speakerPoints, reason } = d.ballot;
    const points = (['a', 'b'] as const).map(
      (side) => `${d.debaters[side].displayName} ${speakerPoints[side].toFixed(1)}`,
    );
    return `Ballot for ${d.debaters[winnerSide].displayName} · points: ${points.join(', ')} · ${reason}`;
  }
  if (d.status === 'awaiting_ballot') return 'No ballot yet.';
  if (d.status === 'forfeited') return 'No ballot: the round ended by forfeit.';
  if (d.isCancelled) return 'No ballot: the coach cancelled the round.';
  if (d.isEndedEarly) return 'No ballot: the round ended early.';
  if (d.status === 'abandoned') return 'No ballot: the round was abandoned.';
  return 'No ballot was written.';
}

/** A round of teams: " with <partner>" after the side (empty one-on-one), as a debater's lists show it. */
export function partnersText(d: Pick<THistoryEntry, 'partners'>): string {
  const names = (d.partners ?? []).map((p) => p.displayName);
  return names.length === 0 ? '' : ` with ${names.join(' and ')}`;
}
