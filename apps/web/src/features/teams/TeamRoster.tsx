import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { FORMATS, type TTeam, type TTeamMember } from '@resolved/shared';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/form-errors';
import { RatingText } from '../debates/ballot/RatingText';
import { ProfileLink } from '../users/ProfileLink';
import { removeMember, teamKeys, updateMember } from './teams-queries';

const actionClass =
  'rounded-lg border border-slate-300 bg-white px-2.5 py-1 text-xs font-semibold text-slate-700 hover:border-brand-300 hover:bg-brand-50';
const removeClass =
  'rounded-lg border border-rose-200 bg-white px-2.5 py-1 text-xs font-semibold text-rose-700 hover:bg-rose-50';

/**
 * The roster as a team leaderboard (by points): each member's role, points, rating per format and rounds this week;
 * coaches make co-coaches, name judges and remove members; a member can leave.
 */
export function TeamRoster({
  team,
  viewerId,
  onShowProgress,
}: {
  team: TTeam;
  viewerId: string;
  onShowProgress: (member: TTeamMember) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isCoach = team.myRole === 'coach';
  const change = useMutation({
    mutationFn: (args: { userId: string; change: { role?: 'coach' | 'member'; isJudge?: boolean } }) =>
      updateMember(team.id, args.userId, args.change),
    onSuccess: (next) => queryClient.setQueryData(teamKeys.team(team.id), next),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: (member: TTeamMember) => removeMember(team.id, member.userId),
    onSuccess: (_, member) => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      if (member.userId === viewerId) {
        toast.success(`You left ${team.name}.`);
        void navigate('/teams');
      } else toast.success(`${member.displayName} was removed from the team.`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const ranked = [...team.members].sort((a, b) => b.points - a.points || a.displayName.localeCompare(b.displayName));

  function confirmRemove(member: TTeamMember) {
    const question =
      member.userId === viewerId ? `Leave ${team.name}?` : `Remove ${member.displayName} from ${team.name}?`;
    if (window.confirm(question)) remove.mutate(member);
  }

  return (
    <section aria-labelledby="roster-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="roster-heading" className="text-lg font-bold text-slate-900">
          Team leaderboard
        </h2>
        <p className="text-sm text-slate-600" data-testid="team-rounds-week">
          {team.roundsThisWeek} practice {team.roundsThisWeek === 1 ? 'round' : 'rounds'} this week
        </p>
      </div>
      <ol className="mt-3 divide-y divide-slate-100" data-testid="roster">
        {ranked.map((member, index) => (
          <li key={member.userId} className="py-3" data-testid={`member-${member.displayName}`}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  <span className="mr-2 tabular-nums text-slate-500">{index + 1}.</span>
                  <ProfileLink userId={member.userId} className="hover:text-brand-700 hover:underline">
                    {member.displayName}
                  </ProfileLink>
                  {member.role === 'coach' ? (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">Coach</span>
                  ) : null}
                  {member.isJudge && member.role !== 'coach' ? (
                    <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs text-amber-800">Judge</span>
                  ) : null}
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  <span data-testid="member-points">{member.points} points</span> · {member.roundsThisWeek}{' '}
                  {member.roundsThisWeek === 1 ? 'round' : 'rounds'} this week
                  {member.ratings.map((r) => (
                    <span key={r.formatId} data-testid={`member-rating-${r.formatId}`}>
                      {' '}
                      · {FORMATS[r.formatId].name} <RatingText rating={r.rating} isProvisional={r.isProvisional} />
                    </span>
                  ))}
                </p>
              </div>
              <div className="flex flex-wrap gap-1.5">
                {isCoach || member.userId === viewerId ? (
                  <button type="button" className={actionClass} onClick={() => onShowProgress(member)}>
                    Progress
                  </button>
                ) : null}
                {isCoach && member.userId !== viewerId ? (
                  <>
                    <button
                      type="button"
                      className={actionClass}
                      onClick={() =>
                        change.mutate({
                          userId: member.userId,
                          change: { role: member.role === 'coach' ? 'member' : 'coach' },
                        })
                      }
                    >
                      {member.role === 'coach' ? 'Make member' : 'Make co-coach'}
                    </button>
                    {member.role === 'member' ? (
                      <button
                        type="button"
                        className={actionClass}
                        onClick={() => change.mutate({ userId: member.userId, change: { isJudge: !member.isJudge } })}
                      >
                        {member.isJudge ? 'Not a judge' : 'Name judge'}
                      </button>
                    ) : null}
                    <button type="button" className={removeClass} onClick={() => confirmRemove(member)}>
                      Remove
                    </button>
                  </>
                ) : null}
                {member.userId === viewerId ? (
                  <button type="button" className={removeClass} onClick={() => confirmRemove(member)}>
                    Leave team
                  </button>
                ) : null}
              </div>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
