import { Link } from 'react-router';
import { FORMATS, type TTeamRound } from '@resolved/shared';

/** How a round stands, in words: live, waiting for the ballot, or its result. */
export function roundStatus(round: TTeamRound): string {
  const format = FORMATS[round.formatId];
  switch (round.status) {
    case 'live':
      return round.startsAt && new Date(round.startsAt).getTime() > Date.now()
        ? `Scheduled · starts ${new Date(round.startsAt).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}`
        : 'Live';
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
      return 'Abandoned';
  }
}

/** A list of practice rounds: who debates whom, the judge, how it stands, and the way into the room. */
export function RoundList({ rounds, emptyText }: { rounds: TTeamRound[]; emptyText: string }) {
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
              <Link to={`/debates/${round.debateId}`} className="font-semibold text-brand-700 underline">
                Open the room
              </Link>
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
