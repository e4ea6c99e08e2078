import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import type { TPendingMember, TTeam } from '@resolved/shared';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/form-errors';
import { buttonClass } from '../../ui/button-styles';
import { answerJoin, teamKeys } from './teams-queries';

/**
 * For a team's coaches: who asked to join and waits for approval. Until a coach approves them they are
 * nobody's teammate; Decline takes the request away. Live: a new request arrives with `team.changed`.
 */
export function PendingMembers({ team }: { team: TTeam }) {
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (args: { member: TPendingMember; answer: 'approve' | 'decline' }) =>
      answerJoin(team.id, args.member.userId, args.answer),
    onSuccess: (next, { member, answer: given }) => {
      queryClient.setQueryData(teamKeys.team(team.id), next);
      void queryClient.invalidateQueries({ queryKey: teamKeys.mine });
      toast.success(
        given === 'approve'
          ? `${member.displayName} joined the team.`
          : `${member.displayName}’s request was declined.`,
      );
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (team.pendingMembers.length === 0) return null;
  return (
    <section
      aria-labelledby="pending-heading"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-5 shadow-sm"
      data-testid="pending-members"
    >
      <h2 id="pending-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <UserPlus className="h-5 w-5" aria-hidden="true" /> Waiting for your approval
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        They used the team’s code or link. Until you approve them they are not teammates: no practice rounds, and they
        do not meet the team’s students under 18.
      </p>
      <ul className="mt-3 divide-y divide-amber-200">
        {team.pendingMembers.map((member) => (
          <li
            key={member.userId}
            className="flex flex-wrap items-center justify-between gap-2 py-3"
            data-testid={`pending-${member.displayName}`}
          >
            {/* The name and its date are apart in the text, not only by a margin: a screen reader says "Saul S,
                asked 12/6/2026", not "Saul Sasked". */}
            <p className="min-w-0 font-semibold text-slate-900">
              {member.displayName}
              <span className="text-sm font-normal text-slate-600">
                , asked <time dateTime={member.joinedAt}>{new Date(member.joinedAt).toLocaleDateString()}</time>
              </span>
            </p>
            <div className="flex gap-2">
              <button
                type="button"
                className={buttonClass('primary', 'px-3 py-1.5')}
                disabled={answer.isPending}
                onClick={() => answer.mutate({ member, answer: 'approve' })}
                aria-label={`Approve ${member.displayName}`}
              >
                Approve
              </button>
              <button
                type="button"
                className={buttonClass('secondary', 'px-3 py-1.5')}
                disabled={answer.isPending}
                onClick={() => answer.mutate({ member, answer: 'decline' })}
                aria-label={`Decline ${member.displayName}`}
              >
                Decline
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
