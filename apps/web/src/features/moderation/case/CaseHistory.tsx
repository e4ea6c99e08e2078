import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { MODERATION_ACTION_LABELS, type TCaseDetail } from '@resolved/shared';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { buttonClass } from '../../../ui/button-styles';
import { actOnUser } from '../moderation-queries';
import { when } from './case-words';

/** Lifting a ban from the case page, while one holds on the reported account. */
function UnbanButton({ userId, onDone }: { userId: string; onDone: () => void }) {
  const unban = useMutation({
    mutationFn: () => actOnUser(userId, { action: 'unban', reason: 'Ban lifted from the case page' }),
    onSuccess: () => {
      toast.success('The ban is lifted. It is in the log.');
      onDone();
    },
    onError: (err) => toast.error(errorMessage(err, 'The ban could not be lifted.')),
  });
  return (
    <button
      type="button"
      className={buttonClass('secondary')}
      onClick={() => unban.mutate()}
      disabled={unban.isPending}
    >
      Lift the ban
    </button>
  );
}

/** The reported person's earlier cases and the actions logged on them (and lifting a ban that holds). */
export function CaseHistory({ detail, onDone }: { detail: TCaseDetail; onDone: () => void }) {
  const { history } = detail;
  return (
    <section aria-labelledby="history-heading" className="space-y-2">
      <h2 id="history-heading" className="text-xl font-bold">
        Earlier cases and actions
      </h2>
      {detail.isReportedUserBanned ? <UnbanButton userId={detail.reportedUser.id} onDone={onDone} /> : null}
      {history.cases.length === 0 && history.actions.length === 0 ? (
        <p className="text-slate-700">None.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {history.cases.map((h) => (
            <li key={`case-${h.id}`}>
              <Link to={`/moderation/cases/${h.id}`} className="text-brand-800 underline">
                Case {h.id}
              </Link>{' '}
              · {h.reason} · {h.status}
              {h.outcome ? ` (${h.outcome})` : ''}
            </li>
          ))}
          {history.actions.map((a) => (
            <li key={`action-${a.id}`}>
              {when(a.createdAt)} · {MODERATION_ACTION_LABELS[a.action]} by {a.actor.displayName}: {a.reason}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
