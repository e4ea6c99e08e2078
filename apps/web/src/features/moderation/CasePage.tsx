import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ShieldAlert } from 'lucide-react';
import {
  FILTER_SURFACE_LABELS,
  MODERATION_ACTION_LABELS,
  RESTRICTION_HOURS,
  type TCaseDetail,
  type TCaseReport,
  type TModerationActionRequest,
} from '@resolved/shared';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';
import { buttonClass } from '../../ui/button-styles';
import { Card } from '../../ui/Card';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { profilePath } from '../users/users-queries';
import {
  actOnCase,
  actOnUser,
  caseFileUrl,
  caseQuery,
  claimCase,
  decideAppeal,
  moderationKeys,
} from './moderation-queries';
import { caseWho, reasonBadge } from './ModerationPage';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

const HOUR_WORDS: Record<number, string> = { 1: '1 hour', 24: '1 day', 72: '3 days', 168: '1 week', 720: '30 days' };

/** What a report was about, in words ("reported a message"). */
const TARGET_WORDS: Record<TCaseReport['target'], string> = {
  user: 'the person',
  message: 'a chat message',
  round: 'a round',
  evidence: 'a piece of evidence',
  team: 'a team',
};

type TActionName =
  'dismiss' | 'warn' | 'mute' | 'suspend' | 'ban' | 'reset_name' | 'delete_message' | 'delete_evidence';

/** What the text filter matched (the library's words) and the text it read: an automatic report, or a report's text. */
function FilterHit({ report }: { report: TCaseReport }) {
  const hit = report.context?.filter;
  if (!hit) return null;
  return (
    <div className="rounded-lg border border-violet-200 bg-violet-50 p-3 text-sm" data-testid="filter-hit">
      <p>
        <span className="font-semibold">The text filter matched:</span> {hit.words.join(', ')}
        {hit.surface === 'report' ? ' (in this report’s own text)' : ''}
      </p>
      {hit.surface !== 'report' ? (
        <blockquote className="mt-1 border-l-4 border-violet-300 pl-3 break-words whitespace-pre-wrap">
          {hit.text}
        </blockquote>
      ) : null}
    </div>
  );
}

function ReportContext({ report }: { report: TCaseReport }) {
  const context = report.context;
  if (!context) return <p className="text-sm text-slate-700">This report’s context has passed its retention period.</p>;
  return (
    <div className="space-y-3 text-sm">
      {context.message ? (
        <div>
          <h4 className="font-semibold">Chat excerpt</h4>
          <ol className="mt-1 space-y-0.5" data-testid="case-message-excerpt">
            {context.message.lines.map((line) => (
              <li key={line.id} className={line.isReported ? 'rounded bg-amber-100 px-1 font-semibold' : 'px-1'}>
                <span className="text-slate-600">{line.displayName}:</span> {line.text}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {context.round ? (
        <div className="space-y-2">
          <p>
            Round {context.round.id} ({context.round.formatId.toUpperCase()}, {context.round.status}):{' '}
            {context.round.participants.map((p) => `${p.displayName} (${p.role})`).join(', ')}.{' '}
            <Link to={`/debates/${context.round.id}/replay`} className="text-brand-800 underline">
              Open the replay
            </Link>
            {context.round.hasRecording ? ' · The round was recorded.' : ' · No recording.'}
          </p>
          <div>
            <h4 className="font-semibold">
              Round chat (last {context.round.chat.length} {context.round.chat.length === 1 ? 'line' : 'lines'})
            </h4>
            {context.round.chat.length === 0 ? (
              <p className="text-slate-700">No chat in this round.</p>
            ) : (
              <ol className="mt-1 space-y-0.5" data-testid="case-round-chat">
                {context.round.chat.map((line) => (
                  <li key={line.id}>
                    <span className="text-slate-600">{line.displayName}:</span> {line.text}
                  </li>
                ))}
              </ol>
            )}
          </div>
          {context.round.evidence.length > 0 ? (
            <div>
              <h4 className="font-semibold">Evidence</h4>
              <ul className="mt-1 space-y-1">
                {context.round.evidence.map((item) => (
                  <li key={item.id} className="break-all">
                    {item.name} by {item.displayName ?? 'a former user'}{' '}
                    <span className="font-mono text-xs text-slate-600">SHA-256 {item.sha256.slice(0, 16)}…</span>{' '}
                    {item.fileId ? (
                      <a
                        href={caseFileUrl(item.fileId)}
                        className="inline-flex items-center gap-1 text-brand-800 underline"
                      >
                        <Download className="h-3.5 w-3.5" aria-hidden="true" /> Download
                      </a>
                    ) : (
                      <span className="text-slate-700">“{item.text}”</span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {context.round.recordingFileIds.map((fileId, i) => (
            <a
              key={fileId}
              href={caseFileUrl(fileId)}
              className="mr-3 inline-flex items-center gap-1 text-brand-800 underline"
            >
              <Download className="h-3.5 w-3.5" aria-hidden="true" /> Kept recording {i + 1}
            </a>
          ))}
        </div>
      ) : null}
      {context.team ? (
        <p>
          Team: {context.team.name}
          {context.team.school ? ` (${context.team.school})` : ''}
        </p>
      ) : null}
    </div>
  );
}

/** The reason a moderator gives for an action or an appeal decision: the person reads it. */
function ReasonField({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  return (
    <label className="block text-sm font-semibold">
      Reason (the user sees it)
      <textarea
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={2}
        maxLength={500}
        className="mt-1 w-full rounded-xl border border-slate-300 px-3 py-2 font-normal"
      />
    </label>
  );
}

function ActionForm({ detail, onDone }: { detail: TCaseDetail; onDone: () => void }) {
  const [action, setAction] = useState<TActionName>('warn');
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState<number>(24);
  const [error, setError] = useState<string | null>(null);
  const messageId = detail.reportList.find((r) => r.context?.message)?.context?.message?.reportedId;
  // The reported person's own evidence in the reported rounds (as the case copied it), each deletable.
  const evidence = detail.reportList
    .flatMap((r) => {
      const round = r.context?.round;
      return round
        ? round.evidence
            .filter((item) => item.userId === detail.reportedUser.id)
            .map((item) => ({ debateId: round.id, id: item.id, name: item.name }))
        : [];
    })
    .filter((item, index, all) => all.findIndex((other) => other.id === item.id) === index);
  const [evidenceId, setEvidenceId] = useState<number | null>(evidence[0]?.id ?? null);
  const act = useMutation({
    mutationFn: (request: TModerationActionRequest) => actOnCase(detail.id, request),
    onSuccess: () => {
      toast.success('Done. The case is closed and logged.');
      onDone();
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : 'That did not work.'),
  });
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError('Give a reason.');
    setError(null);
    const base = { reason: reason.trim() };
    if (action === 'mute' || action === 'suspend') return act.mutate({ action, hours, ...base });
    if (action === 'delete_message') return act.mutate({ action, messageId: messageId!, ...base });
    if (action === 'delete_evidence') {
      const item = evidence.find((e) => e.id === evidenceId);
      if (!item) return setError('Choose the evidence to delete.');
      return act.mutate({ action, debateId: item.debateId, evidenceId: item.id, ...base });
    }
    act.mutate({ action, ...base });
  }
  const choices: TActionName[] = ['dismiss', 'warn', 'mute', 'suspend', 'ban', 'reset_name'];
  if (messageId !== undefined) choices.push('delete_message');
  if (evidence.length > 0) choices.push('delete_evidence');
  return (
    <form onSubmit={handleSubmit} className="space-y-3" noValidate>
      <div className="flex flex-wrap gap-3">
        <label className="text-sm font-semibold">
          Action to take
          <select
            value={action}
            onChange={(event) => setAction(event.target.value as TActionName)}
            className="ml-2 rounded-lg border border-slate-300 px-2 py-1.5 font-normal"
          >
            {choices.map((c) => (
              <option key={c} value={c}>
                {c === 'dismiss' ? 'Dismiss (no action)' : MODERATION_ACTION_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        {action === 'mute' || action === 'suspend' ? (
          <label className="text-sm font-semibold">
            For
            <select
              value={hours}
              onChange={(event) => setHours(Number(event.target.value))}
              className="ml-2 rounded-lg border border-slate-300 px-2 py-1.5 font-normal"
            >
              {RESTRICTION_HOURS.map((h) => (
                <option key={h} value={h}>
                  {HOUR_WORDS[h]}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {action === 'delete_evidence' ? (
          <label className="text-sm font-semibold">
            Evidence
            <select
              value={evidenceId ?? ''}
              onChange={(event) => setEvidenceId(Number(event.target.value))}
              className="ml-2 max-w-64 rounded-lg border border-slate-300 px-2 py-1.5 font-normal"
            >
              {evidence.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <ReasonField value={reason} onChange={setReason} />
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" className={buttonClass(action === 'ban' ? 'danger' : 'primary')} disabled={act.isPending}>
        {action === 'dismiss' ? 'Dismiss the case' : `Apply: ${MODERATION_ACTION_LABELS[action]}`}
      </button>
    </form>
  );
}

function AppealForm({ detail, onDone }: { detail: TCaseDetail; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (grant: boolean) => decideAppeal(detail.id, { grant, reason: reason.trim() || 'Reviewed' }),
    onSuccess: () => {
      toast.success('Decided. The user has been told.');
      onDone();
    },
    onError: (err) => toast.error(err instanceof ApiError ? err.message : 'That did not work.'),
  });
  return (
    <div className="space-y-3">
      <ReasonField value={reason} onChange={setReason} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass('primary')} onClick={() => decide.mutate(true)}>
          Grant the appeal
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={() => decide.mutate(false)}>
          Decline the appeal
        </button>
      </div>
    </div>
  );
}

/** Lifting a ban from the case page, while one holds on the reported account. */
function UnbanButton({ userId, onDone }: { userId: string; onDone: () => void }) {
  const unban = useMutation({
    mutationFn: () => actOnUser(userId, { action: 'unban', reason: 'Ban lifted from the case page' }),
    onSuccess: () => {
      toast.success('The ban is lifted. It is in the log.');
      onDone();
    },
    onError: (err) => toast.error(err instanceof ApiError ? err.message : 'The ban could not be lifted.'),
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

/** One case: the preserved context of each report, the user's earlier cases and actions, the claim and the actions. */
export default function CasePage() {
  const id = Number(useParams().id);
  const { user } = useAuth();
  const client = useQueryClient();
  const detail = useQuery(caseQuery(id));
  useDocumentTitle(`Case ${id}`);
  const claim = useMutation({
    mutationFn: () => claimCase(id),
    onSuccess: (updated) => client.setQueryData(moderationKeys.case(id), updated),
    onError: (err) => toast.error(err instanceof ApiError ? err.message : 'The case could not be claimed.'),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['moderation'] });
  if (detail.isError) {
    return (
      <p role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-rose-800">
        {detail.error.message}
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
      <Card className="flex flex-wrap items-center gap-3 p-4">
        {reasonBadge(c.reason)}
        <Link to={profilePath(c.reportedUser.id)} className="text-brand-800 underline">
          Profile
        </Link>
        <span className="text-sm text-slate-700">
          {c.kind === 'appeal' ? 'Appeal' : caseWho(c)} · {c.status}
          {c.outcome ? ` (${c.outcome})` : ''}
        </span>
        {c.retainUntil ? (
          <span className="text-sm font-semibold text-red-800">Context kept until {when(c.retainUntil)}</span>
        ) : null}
        {c.status === 'open' ? (
          isMine ? (
            <span className="ml-auto text-sm font-semibold text-emerald-800" data-testid="claim-status">
              Claimed by you until {when(c.claimedUntil!)}
            </span>
          ) : c.claimedBy ? (
            <span className="ml-auto text-sm text-slate-700">Claimed by {c.claimedBy.displayName}</span>
          ) : (
            <button type="button" className={buttonClass('primary', 'ml-auto')} onClick={() => claim.mutate()}>
              Claim this case
            </button>
          )
        ) : null}
      </Card>

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
          <Card as="article" key={r.id} className="space-y-2 p-4">
            {r.isAutomatic ? (
              <p className="text-sm text-slate-700">
                <span className="font-semibold">Filed automatically by the text filter</span> on {when(r.createdAt)}
                {r.context?.filter ? ` about ${FILTER_SURFACE_LABELS[r.context.filter.surface]}.` : '.'} No person
                reported this.
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

      <section aria-labelledby="history-heading" className="space-y-2">
        <h2 id="history-heading" className="text-xl font-bold">
          Earlier cases and actions
        </h2>
        {c.isReportedUserBanned ? <UnbanButton userId={c.reportedUser.id} onDone={refresh} /> : null}
        {c.history.cases.length === 0 && c.history.actions.length === 0 ? (
          <p className="text-slate-700">None.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {c.history.cases.map((h) => (
              <li key={`case-${h.id}`}>
                <Link to={`/moderation/cases/${h.id}`} className="text-brand-800 underline">
                  Case {h.id}
                </Link>{' '}
                · {h.reason} · {h.status}
                {h.outcome ? ` (${h.outcome})` : ''}
              </li>
            ))}
            {c.history.actions.map((a) => (
              <li key={`action-${a.id}`}>
                {when(a.createdAt)} · {MODERATION_ACTION_LABELS[a.action]} by {a.actor.displayName}: {a.reason}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
