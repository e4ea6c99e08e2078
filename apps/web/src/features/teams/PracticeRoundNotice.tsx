import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, X } from 'lucide-react';
import type { TTeamRound } from '@resolved/shared';
import { useSocketEvent } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { noticeMatch } from '../debates/queue/match-notice';
import { queueKey } from '../debates/debates-queries';
import { teamKeys } from './teams-queries';
import { useJoinRequestNotice } from './useJoinRequestNotice';

/**
 * When a coach opens a practice round for this user (`team.round_opened`, on every tab): a notice on every page with
 * the way into the room, a toast, and, in a background tab, the title and chime of a match.
 */
export function PracticeRoundNotice() {
  const { pathname } = useLocation();
  const client = useQueryClient();
  // The teams feature's other notice on every page: a coach hears of someone asking to join.
  useJoinRequestNotice();
  const [opened, setOpened] = useState<{ round: TTeamRound; role: 'debater' | 'judge' } | null>(null);
  useSocketEvent('team.round_opened', (payload) => {
    setOpened(payload);
    void client.invalidateQueries({ queryKey: queueKey });
    void client.invalidateQueries({ queryKey: teamKeys.openRounds });
    toast.info(`${payload.round.teamName}: your practice round is open.`);
    noticeMatch();
  });
  if (!opened || pathname === `/debates/${opened.round.debateId}`) return null;
  const { round, role } = opened;
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 text-brand-950"
      data-testid="practice-round-notice"
    >
      <p className="flex items-center gap-2 font-semibold">
        <CalendarCheck className="h-5 w-5 shrink-0" aria-hidden="true" />
        {round.teamName}: {role === 'judge' ? 'you judge' : 'your practice round is open'} —{' '}
        {round.debaters.a.displayName} vs {round.debaters.b.displayName}
      </p>
      <div className="flex items-center gap-2">
        <Link
          to={`/debates/${round.debateId}`}
          className="rounded-xl bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Go to the round
        </Link>
        <button
          type="button"
          className="rounded-lg p-2 hover:bg-brand-100"
          aria-label="Dismiss"
          onClick={() => setOpened(null)}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
