import { useEffect, useRef, useState } from 'react';
import { ReportButton } from '../moderation/ReportButton';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PENDING_JOIN_MESSAGE, type TTeam, type TTeamMember, type TTeamRound } from '@resolved/shared';
import { useSocketEvent } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/form-errors';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { JoinCodePanel } from './JoinCodePanel';
import { PairingForm } from './PairingForm';
import { PendingMembers } from './PendingMembers';
import { ProgressView } from './ProgressView';
import { RoundList } from './TeamRounds';
import { TeamRoster } from './TeamRoster';
import { cancelRound, getMemberProgress, getTeam, listTeamRounds, teamKeys } from './teams-queries';

/** One member's progress, for their coach (or themselves). */
function MemberProgress({ team, member }: { team: TTeam; member: TTeamMember }) {
  const progress = useQuery({
    queryKey: teamKeys.progress(team.id, member.userId),
    queryFn: () => getMemberProgress(team.id, member.userId),
  });
  // Opened from the roster further down the page: bring it into view.
  const ref = useRef<HTMLElement>(null);
  // (Braces: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.)
  useEffect(() => {
    ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [member.userId]);
  return (
    <section
      ref={ref}
      aria-labelledby="progress-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="progress-heading" className="text-lg font-bold text-slate-900">
        Progress: {member.displayName}
      </h2>
      <div className="mt-3">
        {progress.data ? (
          <ProgressView progress={progress.data} />
        ) : (
          <p className="text-sm text-slate-600">{progress.isError ? errorMessage(progress.error) : 'Loading…'}</p>
        )}
      </div>
    </section>
  );
}

/**
 * A team: its leaderboard (roster), its rounds, and for coaches the join link, pairing and each member's progress.
 * Updates live when someone joins or a round changes (`team.changed`).
 */
export default function TeamPage() {
  const params = useParams();
  const teamId = Number(params.id);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const team = useQuery({ queryKey: teamKeys.team(teamId), queryFn: () => getTeam(teamId), retry: false });
  const isMember = !!team.data && team.data.myRole !== null;
  const rounds = useQuery({
    queryKey: teamKeys.rounds(teamId),
    queryFn: () => listTeamRounds(teamId),
    enabled: isMember,
  });
  const [progressOf, setProgressOf] = useState<TTeamMember | null>(null);
  useDocumentTitle(team.data?.name ?? 'Team');
  useSocketEvent('team.changed', ({ teamId: changed }) => {
    if (changed === teamId) void queryClient.invalidateQueries({ queryKey: teamKeys.team(teamId) });
    if (changed === teamId) void queryClient.invalidateQueries({ queryKey: teamKeys.rounds(teamId) });
  });

  const cancel = useMutation({
    mutationFn: (round: TTeamRound) => cancelRound(teamId, round.debateId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.rounds(teamId) });
      toast.success('The round was cancelled.');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  function confirmCancel(round: TTeamRound) {
    const pair = `${round.debaters.a.displayName} vs ${round.debaters.b.displayName}`;
    if (window.confirm(`Cancel the round ${pair}? It ends without a result, and both can be paired again.`)) {
      cancel.mutate(round);
    }
  }

  if (team.isError) {
    return (
      <>
        <PageHeading title="Team" />
        <p role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-rose-800">
          {errorMessage(team.error)}
        </p>
        <Link to="/teams" className={buttonClass('secondary', 'mt-4')}>
          Your teams
        </Link>
      </>
    );
  }
  if (!team.data || !user) return <PageLoading label="Loading the team…" />;
  if (team.data.myRole === null && team.data.isPending) {
    // Waiting for the coach's approval: the team's name and the wait, nothing of its people or rounds.
    return (
      <>
        <PageHeading title={team.data.name} />
        <p
          role="status"
          className="max-w-2xl rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
          data-testid="pending-join"
        >
          {PENDING_JOIN_MESSAGE} This page opens the team as soon as they do.
        </p>
        <Link to="/teams" className={buttonClass('secondary', 'mt-4')}>
          Your teams
        </Link>
      </>
    );
  }
  if (team.data.myRole === null) {
    return (
      <>
        <PageHeading title={team.data.name} lead="You are not on this team. Ask its coach for the join link." />
        <Link to="/teams" className={buttonClass('secondary')}>
          Your teams
        </Link>
      </>
    );
  }
  const data = team.data as TTeam;
  const isCoach = data.myRole === 'coach';
  // A member reports the team through its coach (the person responsible for it).
  const coach = isCoach ? undefined : data.members.find((m) => m.role === 'coach' && m.userId !== user.id);
  return (
    <>
      <PageHeading
        title={data.name}
        lead={
          <>
            {data.school} · {data.memberCount} {data.memberCount === 1 ? 'member' : 'members'} ·{' '}
            {isCoach ? 'you coach this team' : 'you are a member'}
            {data.description ? <span className="mt-1 block text-base">{data.description}</span> : null}
          </>
        }
      />
      {coach ? (
        <div className="-mt-4 mb-6">
          <ReportButton
            target="team"
            targetId={data.id}
            userId={coach.userId}
            displayName={coach.displayName}
            isCompact
          />
        </div>
      ) : null}
      <div className={isCoach ? 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]' : 'max-w-4xl'}>
        <div className="min-w-0 space-y-6">
          {isCoach ? <PendingMembers team={data} /> : null}
          {isCoach ? <PairingForm team={data} /> : null}
          <TeamRoster team={data} viewerId={user.id} onShowProgress={setProgressOf} />
          <section
            aria-labelledby="rounds-heading"
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 id="rounds-heading" className="text-lg font-bold text-slate-900">
              Practice rounds
            </h2>
            {rounds.data ? (
              <RoundList
                rounds={rounds.data}
                emptyText="No practice rounds yet."
                onCancel={isCoach ? confirmCancel : undefined}
              />
            ) : (
              <p className="mt-2 text-sm text-slate-600">Loading…</p>
            )}
          </section>
          {progressOf ? <MemberProgress team={data} member={progressOf} /> : null}
        </div>
        <div className="min-w-0 space-y-6">{isCoach ? <JoinCodePanel team={data} /> : null}</div>
      </div>
    </>
  );
}
