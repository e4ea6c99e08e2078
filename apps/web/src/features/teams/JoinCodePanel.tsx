import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound } from 'lucide-react';
import { formatJoinCode, type TTeam } from '@resolved/shared';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/form-errors';
import { buttonClass } from '../../ui/button-styles';
import { JoinApprovalSwitch } from './JoinApprovalSwitch';
import { joinLink, setJoinCode, teamKeys } from './teams-queries';

/** The coach's join link and code: copy, rotate (the old one stops working), switch off or on. */
export function JoinCodePanel({ team }: { team: TTeam }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (enabled: boolean) => setJoinCode(team.id, enabled),
    onSuccess: (next, enabled) => {
      queryClient.setQueryData(teamKeys.team(team.id), next);
      toast.success(enabled ? 'New join code made: the old one no longer works.' : 'Joining by code is off.');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const link = team.joinCode ? joinLink(team.joinCode) : null;

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Join link copied.');
    } catch {
      toast.info(`Copy this link: ${link}`);
    }
  }

  return (
    <section aria-labelledby="join-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="join-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <KeyRound className="h-5 w-5" aria-hidden="true" /> Invite debaters
      </h2>
      {link && team.joinCode ? (
        <>
          <p className="mt-2 text-sm text-slate-600">
            Share the link, or read out the code: they join after signing in.
          </p>
          <p className="mt-2 font-mono text-2xl font-bold tracking-widest text-slate-900" data-testid="join-code">
            {formatJoinCode(team.joinCode)}
          </p>
          <p className="mt-1 break-all text-sm">
            <a href={link} className="text-brand-700 underline" data-testid="join-link">
              {link}
            </a>
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={buttonClass('secondary')} onClick={() => void copy()}>
              <Copy className="h-4 w-4" aria-hidden="true" /> Copy link
            </button>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => change.mutate(true)}
              disabled={change.isPending}
            >
              New code
            </button>
            <button
              type="button"
              className={buttonClass('ghost')}
              onClick={() => change.mutate(false)}
              disabled={change.isPending}
            >
              Switch joining off
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600">Joining by code is off: nobody new can join.</p>
          <button
            type="button"
            className={buttonClass('secondary', 'mt-3')}
            onClick={() => change.mutate(true)}
            disabled={change.isPending}
          >
            Switch joining on (new code)
          </button>
        </>
      )}
      <JoinApprovalSwitch team={team} />
    </section>
  );
}
