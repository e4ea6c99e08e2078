import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TCaseDetail } from '@resolved/shared';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { buttonClass } from '../../../ui/button-styles';
import { decideAppeal } from '../moderation-queries';
import { ReasonField } from './ReasonField';

/** An appeal's case is decided, not acted on: grant it (undoing what can be undone) or decline it. */
export function AppealForm({ detail, onDone }: { detail: TCaseDetail; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (grant: boolean) => decideAppeal(detail.id, { grant, reason: reason.trim() || 'Reviewed' }),
    onSuccess: () => {
      toast.success('Decided. The user has been told.');
      onDone();
    },
    onError: (err) => toast.error(errorMessage(err, 'That did not work.')),
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
