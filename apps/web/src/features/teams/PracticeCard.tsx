import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GraduationCap } from 'lucide-react';
import { useSocketConnectedEffect, useSocketEvent } from '../../lib/socket';
import { useAuth } from '../auth/useAuth';
import { JoinWithCodeForm } from './JoinWithCodeForm';
import { RoundList } from './TeamRounds';
import { listMyOpenRounds, listMyTeams, teamKeys } from './teams-queries';

/**
 * The dashboard's practice card, in its "Your debates" area: the rounds a coach opened for this user (to debate or
 * judge) and their teams. Their record and rating chart, what a coach sees of them, are the area's own.
 */
export function PracticeCard() {
  const rounds = useQuery({ queryKey: teamKeys.openRounds, queryFn: listMyOpenRounds });
  const { user } = useAuth();
  const queryClient = useQueryClient();
  // A coach paired (or cancelled) a round, maybe for later: the list follows at once. One paired before this tab's
  // connection was up told nobody here: ask again whenever the connection comes up.
  useSocketEvent('team.changed', () => void queryClient.invalidateQueries({ queryKey: teamKeys.openRounds }));
  useSocketConnectedEffect(() => {
    if (user) void queryClient.invalidateQueries({ queryKey: teamKeys.openRounds });
  });
  const teams = useQuery({ queryKey: teamKeys.mine, queryFn: listMyTeams });
  return (
    <section
      aria-labelledby="practice-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="practice-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="practice-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <GraduationCap className="h-5 w-5" aria-hidden="true" /> Team practice
        </h2>
        <Link to="/teams" className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
          {teams.data && teams.data.length > 0 ? `Your teams (${teams.data.length})` : 'Start or join a team'}
        </Link>
      </div>
      {rounds.data && rounds.data.length > 0 ? (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">Your practice rounds</h3>
          <RoundList rounds={rounds.data} emptyText="" />
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          No practice round is waiting for you. When your coach pairs one, it appears here.
        </p>
      )}
      <div className="mt-5 max-w-sm border-t border-slate-100 pt-4">
        <JoinWithCodeForm headingLevel="h3" />
      </div>
    </section>
  );
}
