import { useQuery } from '@tanstack/react-query';
import { inSentence, roundName, type TRoundNaming } from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { FormAlert } from '../../ui/FormAlert';
import { listAudit, tournamentHostKeys } from './tournament-host-queries';
import { AUDIT_ACTION_LABELS } from './tournament-view';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The hosts' audit of corrections, newest first: what changed, in which round, who, when, from what to what, why. */
export function TournamentAudit({ tournamentId, naming }: { tournamentId: number; naming: TRoundNaming }) {
  const audit = useQuery({ queryKey: tournamentHostKeys.audit(tournamentId), queryFn: () => listAudit(tournamentId) });
  if (audit.isPending) return <p className="mt-2 text-sm text-slate-600">Loading…</p>;
  if (audit.isError) {
    return <FormAlert className="mt-2">{errorMessage(audit.error, 'The audit could not be loaded.')}</FormAlert>;
  }
  if (audit.data.length === 0) {
    return <p className="mt-2 text-sm text-slate-600">No corrections yet. Every change a host makes is listed here.</p>;
  }
  return (
    <ol className="mt-3 divide-y divide-slate-100" data-testid="tournament-audit">
      {audit.data.map((entry) => (
        <li key={entry.id} className="py-3 text-sm">
          <p className="font-semibold text-slate-900">
            {AUDIT_ACTION_LABELS[entry.action]}
            {entry.roundNumber !== null ? (
              <span className="font-normal text-slate-500"> · {inSentence(roundName(entry.roundNumber, naming))}</span>
            ) : null}
          </p>
          <p className="break-words text-slate-700">
            <span className="text-slate-500">Before:</span> {entry.before}
          </p>
          <p className="break-words text-slate-700">
            <span className="text-slate-500">After:</span> {entry.after}
          </p>
          {entry.reason ? (
            <p className="break-words text-slate-700">
              <span className="text-slate-500">Why:</span> {entry.reason}
            </p>
          ) : null}
          <p className="text-xs text-slate-500">
            {entry.actor?.displayName ?? 'A former host'} ·{' '}
            <time dateTime={entry.createdAt}>{WHEN.format(new Date(entry.createdAt))}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
