import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import {
  MODERATION_ACTION_LABELS,
  MODERATION_ACTIONS,
  REPORT_REASON_LABELS,
  type TCaseSummary,
  type TModerationAction,
} from '@resolved/shared';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';
import { Card } from '../../ui/Card';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { logQuery, queueQuery } from './moderation-queries';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export function reasonBadge(reason: TCaseSummary['reason']) {
  const tone =
    reason === 'child_safety'
      ? 'bg-red-700 text-white'
      : reason === 'hate' || reason === 'harassment' || reason === 'self_harm'
        ? 'bg-amber-100 text-amber-900'
        : 'bg-slate-100 text-slate-800';
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{REPORT_REASON_LABELS[reason]}</span>
  );
}

/** Who filed a report case: the people (its score) and the text filter's automatic hits, if any. */
export function caseWho(c: Pick<TCaseSummary, 'score' | 'filterHits'>): string {
  const people = `${c.score} reporter${c.score === 1 ? '' : 's'}`;
  if (c.filterHits === 0) return people;
  const hits = `${c.filterHits} text filter hit${c.filterHits === 1 ? '' : 's'}`;
  return c.score === 0 ? hits : `${people}, ${hits}`;
}

/**
 * The moderation queue, for moderators and admins: open cases, child safety first, then hate, harassment
 * and self-harm, then by how many people reported; a claimed case shows who is on it. Below, the log (an admin's
 * whole log, a moderator's own actions).
 */
export default function ModerationPage() {
  useDocumentTitle('Moderation');
  const { user } = useAuth();
  const queue = useQuery({ ...queueQuery, refetchInterval: 30_000 });
  const [action, setAction] = useState<TModerationAction | ''>('');
  const log = useQuery(logQuery(action));
  if (!queue.data) return <PageLoading label="Loading the queue…" />;
  return (
    <div className="space-y-8">
      <PageHeading
        title="Moderation"
        icon={<ShieldAlert className="h-8 w-8 shrink-0 text-brand-700" aria-hidden="true" />}
        lead="Open reports, most urgent first. Claim a case before you act on it: a claim holds for 20 minutes."
      />
      <section aria-labelledby="queue-heading" className="space-y-3">
        <h2 id="queue-heading" className="text-xl font-bold text-slate-900">
          Queue ({queue.data.length})
        </h2>
        {queue.data.length === 0 ? (
          <p className="text-slate-700">No open cases. Nothing needs you right now.</p>
        ) : (
          <ul className="space-y-2" data-testid="moderation-queue">
            {queue.data.map((c) => (
              <li key={c.id}>
                <Card className="flex flex-wrap items-center gap-3 p-4">
                  {reasonBadge(c.reason)}
                  {c.kind === 'appeal' ? (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
                      Appeal
                    </span>
                  ) : null}
                  {c.filterHits > 0 ? (
                    <span
                      className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900"
                      data-testid="filter-badge"
                    >
                      Text filter
                    </span>
                  ) : null}
                  <Link to={`/moderation/cases/${c.id}`} className="font-semibold text-brand-800 underline">
                    {c.reportedUser.displayName}
                  </Link>
                  <span className="text-sm text-slate-700">
                    {c.kind === 'report' ? `${caseWho(c)} · ` : ''}
                    opened {when(c.createdAt)}
                  </span>
                  {c.claimedBy ? (
                    <span className="ml-auto text-sm text-slate-700">Claimed by {c.claimedBy.displayName}</span>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="log-heading" className="space-y-3">
        <h2 id="log-heading" className="text-xl font-bold text-slate-900">
          {user?.role === 'admin' ? 'Moderation log' : 'Your actions'}
        </h2>
        <label className="block text-sm font-semibold text-slate-800">
          Show
          <select
            value={action}
            onChange={(event) => setAction(event.target.value as TModerationAction | '')}
            className="ml-2 rounded-lg border border-slate-300 px-2 py-1.5 font-normal"
          >
            <option value="">Every action</option>
            {MODERATION_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {MODERATION_ACTION_LABELS[a]}
              </option>
            ))}
          </select>
        </label>
        {log.data && log.data.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {log.data.map((e) => (
              <li key={e.id} className="flex flex-wrap gap-x-3 gap-y-1 px-4 py-2 text-sm">
                <time dateTime={e.createdAt} className="text-slate-600">
                  {when(e.createdAt)}
                </time>
                <span className="font-semibold">{MODERATION_ACTION_LABELS[e.action]}</span>
                <span>
                  {e.target.displayName} by {e.actor.displayName}
                </span>
                <span className="text-slate-700">“{e.reason}”</span>
                {e.caseId ? (
                  <Link to={`/moderation/cases/${e.caseId}`} className="text-brand-800 underline">
                    Case {e.caseId}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">Nothing logged yet.</p>
        )}
      </section>
    </div>
  );
}
