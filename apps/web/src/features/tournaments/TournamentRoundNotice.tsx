import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trophy, X } from 'lucide-react';
import { inSentence, type TTournamentRoundReleased } from '@resolved/shared';
import { useSocketEvent } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { noticeMatch } from '../debates/queue/match-notice';
import { leftOutMessage, releasedMessage } from './tournament-view';
import { refreshTournament } from './tournaments-queries';

/**
 * The tournaments' live updates, on every page of a signed-in user: any `tournament.changed` refreshes the
 * tournaments' queries (their pages and lists); a round released for this user (`tournament.round_released`) also
 * toasts, chimes in a background tab, and shows a notice with the way into their room until they open it. A host is
 * told by a toast when a round was released without entrants who cannot take part in rounds right now.
 */
export function TournamentRoundNotice() {
  const { pathname } = useLocation();
  const client = useQueryClient();
  const [released, setReleased] = useState<TTournamentRoundReleased | null>(null);
  useSocketEvent('tournament.changed', ({ tournamentId }) => {
    void refreshTournament(client, tournamentId);
  });
  useSocketEvent('tournament.round_released', (payload) => {
    void refreshTournament(client, payload.tournamentId);
    setReleased(payload);
    toast.info(releasedMessage(payload));
    if (payload.debateId !== null) noticeMatch();
  });
  // To hosts: a round was released without entrants who cannot take part in rounds right now.
  useSocketEvent('tournament.entrants_left_out', (payload) => {
    void refreshTournament(client, payload.tournamentId);
    toast.info(leftOutMessage(payload));
  });
  if (!released || released.debateId === null || pathname === `/debates/${released.debateId}`) return null;
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 text-brand-950"
      data-testid="tournament-round-notice"
    >
      <p className="flex min-w-0 items-center gap-2 font-semibold">
        <Trophy className="h-5 w-5 shrink-0" aria-hidden="true" />
        <span className="break-words">
          {released.tournamentName}: {inSentence(released.roundName)} is out
        </span>
      </p>
      <div className="flex items-center gap-2">
        <Link
          to={`/debates/${released.debateId}`}
          className="rounded-xl bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Go to your room
        </Link>
        <button
          type="button"
          className="rounded-lg p-2 hover:bg-brand-100"
          aria-label="Dismiss"
          onClick={() => setReleased(null)}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
