import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCaseDetail } from '@resolved/shared';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { buttonClass } from '../../../ui/button-styles';
import { Card } from '../../../ui/Card';
import { profilePath } from '../../users/users-queries';
import { claimCase, moderationKeys } from '../moderation-queries';
import { caseWho, reasonBadge } from '../ModerationPage';
import { when } from './case-words';

/** The case at a glance: its reason, who reported, its state and hold, and who holds the claim (or claiming it). */
export function CaseSummaryCard({ detail, isMine }: { detail: TCaseDetail; isMine: boolean }) {
  const client = useQueryClient();
  const claim = useMutation({
    mutationFn: () => claimCase(detail.id),
    onSuccess: (updated) => client.setQueryData(moderationKeys.case(detail.id), updated),
    onError: (err) => toast.error(errorMessage(err, 'The case could not be claimed.')),
  });
  const c = detail;
  return (
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
  );
}
