import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Gavel } from 'lucide-react';
import { judgesOwedText } from './tournament-view';
import { judgingKeys, listJudgesOwed } from './tournaments-queries';
import { useTournamentRoom } from './useTournamentRoom';

/** Keeps the card live: it reads again when a tournament it names changes (a host took out a judge the team brought). */
function WatchOwed({ tournamentId }: { tournamentId: number }) {
  const client = useQueryClient();
  // What a team owes follows the entrants and the judge pool (and the record: a tournament over owes nothing).
  useTournamentRoom(tournamentId, (parts) => {
    const isOwedChanged =
      parts.length === 0 || parts.some((p) => p === 'entrants' || p === 'judges' || p === 'tournament');
    if (isOwedChanged) void client.invalidateQueries({ queryKey: judgingKeys.owed });
  });
  return null;
}

/**
 * The dashboard's card for a coach whose team still owes judges to a tournament that is not over: "Bring 1 more judge
 * to <tournament>", linking to the tournament, where the coach adds their team's members to the pool. Gone once met.
 */
export function JudgesOwedCard() {
  const owed = useQuery({ queryKey: judgingKeys.owed, queryFn: listJudgesOwed, staleTime: 0 });
  if (!owed.data || owed.data.length === 0) return null;
  return (
    <section
      aria-labelledby="judges-owed"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950 shadow-sm"
      data-testid="judges-owed"
    >
      <h2 id="judges-owed" className="flex items-center gap-2 text-lg font-bold">
        <Gavel className="h-5 w-5" aria-hidden="true" /> Judges your team owes
      </h2>
      <ul className="mt-3 space-y-2">
        {owed.data.map((line) => (
          <li key={`${line.tournamentId}:${line.teamId}`} className="min-w-0 break-words">
            <WatchOwed tournamentId={line.tournamentId} />
            <Link to={`/tournaments/${line.tournamentId}`} className="font-semibold underline">
              {judgesOwedText(line)}
            </Link>
            <span className="text-sm">
              {' '}
              · {line.teamName}: {line.brought} of {line.owed} brought
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
