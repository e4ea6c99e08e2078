import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTeam } from '@resolved/shared';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/form-errors';
import { setJoinApproval, teamKeys } from './teams-queries';

/**
 * The coach's "Require approval to join". A team with anyone under 18 on it needs approval whatever the
 * switch says: then it shows on, and cannot be turned off.
 */
export function JoinApprovalSwitch({ team }: { team: TTeam }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (isRequired: boolean) => setJoinApproval(team.id, isRequired),
    onSuccess: (next) => queryClient.setQueryData(teamKeys.team(team.id), next),
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (!team.joinApproval) return null;
  const { isRequired, isForced } = team.joinApproval;
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <label className="flex items-start gap-2 text-sm font-semibold text-slate-900">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 rounded border-slate-300"
          checked={isRequired || isForced}
          disabled={isForced || change.isPending}
          onChange={(event) => change.mutate(event.target.checked)}
          aria-describedby="join-approval-hint"
        />
        Require approval to join
      </label>
      <p id="join-approval-hint" className="mt-1 text-sm text-slate-600">
        {isForced
          ? 'Always on while someone on this team is under 18 (or has not given an age): you approve everyone who joins.'
          : 'Whoever uses the code or link waits until you approve them.'}
      </p>
    </div>
  );
}
