import { Link } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Medal } from 'lucide-react';
import { inSentence } from '@resolved/shared';
import { openTournamentRounds } from './tournament-view';
import { listMyTournaments, listRounds, tournamentKeys } from './tournaments-queries';

/**
 * The dashboard's "Your tournament round": each tournament debate of the signed-in entrant that is live now, with the
 * way into its room. Nothing when there is none. Kept fresh by the tournaments' socket events (`TournamentRoundNotice`).
 */
export function YourTournamentRound() {
  const tournaments = useQuery({ queryKey: tournamentKeys.mine, queryFn: listMyTournaments });
  const entered = (tournaments.data ?? []).filter((t) => t.viewer.entrantId !== null && t.status === 'running');
  const rounds = useQueries({
    queries: entered.map((t) => ({ queryKey: tournamentKeys.rounds(t.id), queryFn: () => listRounds(t.id) })),
  });
  const open = openTournamentRounds(entered, (id) => rounds[entered.findIndex((t) => t.id === id)]?.data);
  if (open.length === 0) return null;
  return (
    <section
      aria-labelledby="your-tournament-round"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-6 shadow-sm"
      data-testid="your-tournament-round"
    >
      <h2 id="your-tournament-round" className="flex items-center gap-2 text-lg font-bold text-brand-950">
        <Medal className="h-5 w-5" aria-hidden="true" /> Your tournament round
      </h2>
      <ul className="mt-3 space-y-3">
        {open.map((round) => (
          <li key={round.debateId} className="flex flex-wrap items-center justify-between gap-3">
            <p className="min-w-0 break-words text-brand-950">
              <Link to={`/tournaments/${round.tournamentId}`} className="font-semibold underline">
                {round.tournamentName}
              </Link>
              , {inSentence(round.roundName)}: {round.sideName}
              {round.opponentName ? ` against ${round.opponentName}` : ''}
            </p>
            <Link
              to={`/debates/${round.debateId}`}
              className="rounded-xl bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Go to your room
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
