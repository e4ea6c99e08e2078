import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatJoinCode, ZJoinCode } from '@resolved/shared';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/form-errors';
import { PageHeading } from '../../shell/PageHeading';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { joinedMessage, joinTeam, previewJoin, teamKeys } from './teams-queries';

/**
 * A team's join link (`/teams/join/:code`): shows the team, then joins it; a visitor signs up or signs in first and
 * comes back here to join.
 */
export default function JoinTeamPage() {
  useDocumentTitle('Join a team');
  const params = useParams();
  const parsed = ZJoinCode.safeParse(params.code ?? '');
  const code = parsed.success ? parsed.data : '';
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const preview = useQuery({
    queryKey: teamKeys.join(code),
    queryFn: () => previewJoin(code),
    enabled: parsed.success,
    retry: false,
  });
  const join = useMutation({
    mutationFn: () => joinTeam(code),
    onSuccess: (joined) => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      toast.success(joinedMessage(joined));
      void navigate(`/teams/${joined.teamId}`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const here = `/teams/join/${code}`;

  if (!parsed.success || preview.isError) {
    return (
      <>
        <PageHeading title="Join a team" />
        <p role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-rose-800">
          {parsed.success ? errorMessage(preview.error) : parsed.error.issues[0]?.message}
        </p>
        <Link to="/teams" className={buttonClass('secondary', 'mt-4')}>
          Your teams
        </Link>
      </>
    );
  }
  if (!preview.data) return <PageHeading title="Join a team" lead="Looking up the team…" />;
  const team = preview.data;
  return (
    <>
      <PageHeading title={`Join ${team.name}`} lead={`${team.school} · team code ${formatJoinCode(code)}`} />
      <section className="max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {user ? (
          <>
            <p className="text-slate-700">
              Your coach pairs the team’s practice rounds, judges them and follows your progress. You can leave the team
              at any time.
            </p>
            <button
              type="button"
              className={buttonClass('primary', 'mt-4')}
              onClick={() => join.mutate()}
              disabled={join.isPending}
            >
              Join {team.name}
            </button>
          </>
        ) : (
          <>
            <p className="text-slate-700">Sign up or sign in to join the team: you come back here to join.</p>
            <div className="mt-4 flex flex-wrap gap-2">
              <Link to="/signup" state={{ from: here }} className={buttonClass('primary')}>
                Sign up to join
              </Link>
              <Link to="/login" state={{ from: here }} className={buttonClass('secondary')}>
                Sign in to join
              </Link>
            </div>
          </>
        )}
      </section>
    </>
  );
}
