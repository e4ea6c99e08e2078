import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTournamentPairing } from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { FormAlert } from '../../ui/FormAlert';
import { CorrectionReasonField } from './CorrectionReasonField';
import { buttonClass } from '../../ui/button-styles';
import { correctResult } from './tournament-host-queries';
import { refreshTournament } from './tournaments-queries';

const SMALL_BUTTON = 'px-3 py-1.5 text-sm';

/**
 * A host's correction of an elimination round's walkover: the other entrant goes through instead, with a reason (the
 * server refuses one who withdrew or still may not take part, and once the next round has started, and says why).
 */
export function WalkoverCorrection({ tournamentId, pairing }: { tournamentId: number; pairing: TTournamentPairing }) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; form?: string }>({});
  const correct = useMutation({
    mutationFn: () => correctResult(tournamentId, pairing.id, { winner: 'neg', reason: reason.trim() }),
    onSuccess: () => {
      void refreshTournament(queryClient, tournamentId);
      toast.success('The walkover is corrected; the bracket follows.');
      setIsOpen(false);
      setReason('');
    },
    onError: (caught) => setErrors({ form: errorMessage(caught) }),
  });
  const other = pairing.walkoverFrom;
  if (!other) return null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') {
      setErrors({ reason: 'Give a reason: it is kept in the audit.' });
      return;
    }
    setErrors({});
    correct.mutate();
  }

  if (!isOpen) {
    return (
      <div className="mt-2 w-full">
        <button type="button" className={buttonClass('secondary', SMALL_BUTTON)} onClick={() => setIsOpen(true)}>
          Correct the walkover
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={handleSubmit} className="mt-2 w-full space-y-3" aria-label="Correct the walkover">
      <p className="text-sm text-slate-700">
        Put <span className="font-semibold">{other.displayName}</span> through instead of{' '}
        <span className="font-semibold">{pairing.bye?.displayName}</span>? There was no debate: only who goes on
        changes, and a next round drawn from it is drawn again.
      </p>
      <CorrectionReasonField
        name={`walkover-reason-${pairing.id}`}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setErrors((current) => ({ ...current, reason: undefined }));
        }}
        error={errors.reason}
      />
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass('primary', SMALL_BUTTON)} disabled={correct.isPending}>
          {correct.isPending ? 'Saving…' : `Put ${other.displayName} through`}
        </button>
        <button type="button" className={buttonClass('ghost', SMALL_BUTTON)} onClick={() => setIsOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
