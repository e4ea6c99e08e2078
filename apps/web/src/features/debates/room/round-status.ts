import { BALLOT_DEADLINE_MS, FORMATS, type TDebate } from '@resolved/shared';
import { CANCELLED_TEXT, ENDED_EARLY_MESSAGE } from '../history-text';
import { isUpcoming, startTimeText } from '../start-time';

/** The room's one-line status of the round: upcoming or live, waiting for the ballot, or how it ended. */
export function statusText(debate: TDebate, nowMs: number): string {
  const format = FORMATS[debate.formatId];
  switch (debate.status) {
    case 'live':
      // A practice round paired for later is upcoming until its start.
      return isUpcoming(debate, nowMs) ? `Upcoming · starts ${startTimeText(debate.startsAt!)}` : 'Live';
    case 'awaiting_ballot':
      return `Round over: waiting for the judge’s ballot (up to ${BALLOT_DEADLINE_MS / 60_000} minutes)`;
    case 'completed':
      return 'Completed without a decision';
    case 'judged':
      return `Decided: ${debate.winnerSide ? format.sides[debate.winnerSide] : ''} wins`;
    case 'forfeited': {
      const loser = debate.forfeitedBy === debate.debaters.a.userId ? 'a' : 'b';
      // Said the same whether they resigned (the Forfeit button) or stayed away: the snapshot does not tell them apart.
      return `${debate.debaters[loser].displayName} forfeited: ${format.sides[loser === 'a' ? 'b' : 'a']} wins`;
    }
    case 'abandoned':
      // A practice round also ends this way when its coach cancels it, marked so since migration 0025.
      if (debate.isCancelled) return `${CANCELLED_TEXT}. Nobody wins and no points are given.`;
      if (debate.isEndedEarly) return ENDED_EARLY_MESSAGE;
      return 'Round abandoned: both debaters left. Nobody wins and no points are given.';
  }
}
