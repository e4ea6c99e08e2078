import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { FILTER_SURFACE_LABELS, MODERATION_ACTION_LABELS, type TCaseReport } from '@resolved/shared';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';
import { Card } from '../../ui/Card';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { errorMessage } from '../../lib/form-errors';
import { useAuth } from '../auth/useAuth';
import { ActionForm } from './case/ActionForm';
import { AppealForm } from './case/AppealForm';
import { CaseHistory } from './case/CaseHistory';
import { CaseSummaryCard } from './case/CaseSummaryCard';
import { TARGET_WORDS, when } from './case/case-words';
import { FilterHit, ReportContext } from './case/ReportContext';
import { caseQuery } from './moderation-queries';

/** One report of the case: who filed it (a person or the text filter), about what, and what the case copied. */
function ReportCard({ report: r }: { report: TCaseReport }) {
  return (
    <Card as="article" className="space-y-2 p-4">
      {r.isAutomatic ? (
        <p className="text-sm text-slate-700">
          <span className="font-semibold">Filed automatically by the text filter</span> on {when(r.createdAt)}
          {r.context?.filter ? ` about ${FILTER_SURFACE_LABELS[r.context.filter.surface]}.` : '.'} No person reported
          this.
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          {r.reporter.displayName} reported {TARGET_WORDS[r.target]} on {when(r.createdAt)}
          {r.details ? `: “${r.details}”` : '.'}
        </p>
      )}
      <FilterHit report={r} />
      <ReportContext report={r} />
    </Card>
  );
}

/** One case: the preserved context of each report, the user's earlier cases and actions, the claim and the actions. */
export default function CasePage() {
  const id = Number(useParams().id);
  const { user } = useAuth();
  const client = useQueryClient();
  const detail = useQuery(caseQuery(id));
  useDocumentTitle(`Case ${id}`);
  const refresh = () => void client.invalidateQueries({ queryKey: ['moderation'] });
  if (detail.isError) {
    return (
      <p role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-rose-800">
        {errorMessage(detail.error)}
      </p>
    );
  }
  if (!detail.data) return <PageLoading label="Loading the case…" />;
  const c = detail.data;
  const isMine = c.claimedBy?.id === user?.id;
  return (
    <div className="space-y-6">
      <PageHeading
        title={`Case ${c.id}: ${c.reportedUser.displayName}`}
        icon={<ShieldAlert className="h-8 w-8 shrink-0 text-brand-700" aria-hidden="true" />}
      />
      <CaseSummaryCard detail={c} isMine={isMine} />

      {c.appeal ? (
        <Card as="section" className="space-y-2 p-4">
          <h2 className="text-lg font-bold">The appeal</h2>
          <p className="text-sm">
            Of “{MODERATION_ACTION_LABELS[c.appeal.action.action]}” by {c.appeal.action.actor.displayName}:{' '}
            {c.appeal.action.reason}
          </p>
          <blockquote className="border-l-4 border-slate-300 pl-3 text-sm">{c.appeal.text}</blockquote>
        </Card>
      ) : null}

      <section aria-labelledby="reports-heading" className="space-y-3">
        <h2 id="reports-heading" className="text-xl font-bold">
          Reports
        </h2>
        {c.reportList.map((r) => (
          <ReportCard key={r.id} report={r} />
        ))}
      </section>

      {c.status === 'open' && isMine ? (
        <Card as="section" className="space-y-3 p-4">
          <h2 className="text-xl font-bold">Act</h2>
          {c.kind === 'appeal' ? (
            <AppealForm detail={c} onDone={refresh} />
          ) : (
            <ActionForm detail={c} onDone={refresh} />
          )}
        </Card>
      ) : null}

      <CaseHistory detail={c} onDone={refresh} />
    </div>
  );
}
