import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  MODERATOR_ACTION_IDS,
  MODERATOR_ACTIONS,
  RESTRICTION_HOURS,
  type TCaseDetail,
  type TModerationActionRequest,
  type TModeratorAction,
} from '@resolved/shared';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { buttonClass } from '../../../ui/button-styles';
import { actOnCase } from '../moderation-queries';
import { HOUR_WORDS } from './case-words';
import { ReasonField } from './ReasonField';

/** The reported message and the reported person's own evidence in the case's rounds, which an action may remove. */
function removableOf(detail: TCaseDetail) {
  const messageId = detail.reportList.find((r) => r.context?.message)?.context?.message?.reportedId;
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
  return { messageId, evidence };
}

/** The actions the shared table offers on a case, each needing what the table says. */
export function ActionForm({ detail, onDone }: { detail: TCaseDetail; onDone: () => void }) {
  const [action, setAction] = useState<TModeratorAction>('warn');
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState<number>(24);
  const [error, setError] = useState<string | null>(null);
  const { messageId, evidence } = removableOf(detail);
  const [evidenceId, setEvidenceId] = useState<number | null>(evidence[0]?.id ?? null);
  const act = useMutation({
    mutationFn: (request: TModerationActionRequest) => actOnCase(detail.id, request),
    onSuccess: () => {
      toast.success('Done. The case is closed and logged.');
      onDone();
    },
    onError: (err) => setError(errorMessage(err, 'That did not work.')),
  });
  const spec = MODERATOR_ACTIONS[action];
  const choices = MODERATOR_ACTION_IDS.filter((id) => {
    const { isOfferedOnCase, needs } = MODERATOR_ACTIONS[id];
    if (!isOfferedOnCase) return false;
    if (needs === 'message') return messageId !== undefined;
    if (needs === 'evidence') return evidence.length > 0;
    return true;
  });
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError('Give a reason.');
    setError(null);
    const base = { action, reason: reason.trim() };
    if (spec.needs === 'hours') return act.mutate({ ...base, hours } as TModerationActionRequest);
    if (spec.needs === 'message') return act.mutate({ ...base, messageId: messageId! } as TModerationActionRequest);
    if (spec.needs === 'evidence') {
      const item = evidence.find((e) => e.id === evidenceId);
      if (!item) return setError('Choose the evidence to delete.');
      return act.mutate({ ...base, debateId: item.debateId, evidenceId: item.id } as TModerationActionRequest);
    }
    act.mutate(base as TModerationActionRequest);
  }
  return (
    <form onSubmit={handleSubmit} className="space-y-3" noValidate>
      <div className="flex flex-wrap gap-3">
        <label className="text-sm font-semibold">
          Action to take
          <select
            value={action}
            onChange={(event) => setAction(event.target.value as TModeratorAction)}
            className="ml-2 rounded-lg border border-slate-300 px-2 py-1.5 font-normal"
          >
            {choices.map((c) => (
              <option key={c} value={c}>
                {MODERATOR_ACTIONS[c].choiceLabel ?? MODERATOR_ACTIONS[c].label}
              </option>
            ))}
          </select>
        </label>
        {spec.needs === 'hours' ? (
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
        {spec.needs === 'evidence' ? (
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
      <button type="submit" className={buttonClass(spec.isDanger ? 'danger' : 'primary')} disabled={act.isPending}>
        {spec.submitLabel ?? `Apply: ${spec.label}`}
      </button>
    </form>
  );
}
