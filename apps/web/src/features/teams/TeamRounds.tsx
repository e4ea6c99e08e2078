import { Link } from 'react-router';
import { FORMATS, type TTeamRound } from '@resolved/shared';
import { CANCELLED_TEXT } from '../debates/history-text';
import { isUpcoming, startTimeText } from '../debates/start-time';

/** How a round stands, in words: live, waiting for the ballot, or its result. */
export function roundStatus(round: TTeamRound): string {
  const format = FORMATS[round.formatId];
  switch (round.status) {
    case 'live':
      return isUpcoming(round) ? `Scheduled · starts ${startTimeText(round.startsAt!)}` : 'Live';
    case 'awaiting_ballot':
      return 'Waiting for the ballot';
    case 'judged':
      return `${round.winnerSide ? round.debaters[round.winnerSide].displayName : ''} won (${
        round.winnerSide ? format.sides[round.winnerSide] : ''
      })`;
    case 'forfeited':
      return `${round.winnerSide ? round.debaters[round.winnerSide].displayName : ''} won by forfeit`;
    case 'completed':
      return 'Completed without a ballot';
    case 'abandoned':
      return round.isCancelled ? CANCELLED_TEXT : 'Abandoned';
  }
}

/**
 * A list of practice rounds: who debates whom, the judge, how it stands, and the way into the room. With `onCancel`
 * (the team page, for its coaches) each live round can be called off.
 */
export function RoundList({
  rounds,
  emptyText,
  onCancel,
}: {
  rounds: TTeamRound[];
  emptyText: string;
  onCancel?: (round: TTeamRound) => void;
}) {
  if (rounds.length === 0) return <p className="mt-2 text-sm text-slate-600">{emptyText}</p>;
  return (
    <ul className="mt-3 space-y-2">
      {rounds.map((round) => {
        const format = FORMATS[round.formatId];
        return (
          <li
            key={round.debateId}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 p-3 text-sm"
            data-testid="team-round"
          >
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {round.debaters.a.displayName} ({format.sides.a}) vs {round.debaters.b.displayName} ({format.sides.b})
              </p>
              <p className="text-slate-600">
                {format.name} · {round.judge ? `judge: ${round.judge.displayName}` : 'no judge yet'} ·{' '}
                <span data-testid="team-round-status">{roundStatus(round)}</span>
              </p>
            </div>
            {round.status === 'live' ? (
              <div className="flex items-center gap-3">
                <Link to={`/debates/${round.debateId}`} className="font-semibold text-brand-700 underline">
                  Open the room
                </Link>
                {onCancel ? (
                  <button
                    type="button"
                    className="rounded-lg border border-rose-200 bg-white px-2.5 py-1 text-xs font-semibold text-rose-700 hover:bg-rose-50"
                    onClick={() => onCancel(round)}
                  >
                    Cancel round
                  </button>
                ) : null}
              </div>
            ) : (
              <Link to={`/debates/${round.debateId}/replay`} className="font-semibold text-brand-700 underline">
                Replay
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
