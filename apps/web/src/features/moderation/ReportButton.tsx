import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import {
  REPORT_LIMITS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type TReportReason,
  type TReportTarget,
} from '@resolved/shared';
import { toast } from '../../lib/toast';
import { buttonClass } from '../../ui/button-styles';
import { BLOCKS_KEY } from '../blocks/blocks-queries';
import { fileReport } from './moderation-queries';
import { errorMessage } from '../../lib/form-errors';

interface TReportButtonProps {
  target: TReportTarget;
  /** The person reported. */
  userId: string;
  displayName: string;
  targetId?: number;
  debateId?: number;
  /** A small text button (in a chat message) instead of a full one. */
  isCompact?: boolean;
}

/**
 * "Report" on a profile, a chat message, a round, a piece of evidence or a team: a dialog with the reasons and a
 * note. The server attaches what it is about itself; the person only says why.
 */
export function ReportButton({ target, userId, displayName, targetId, debateId, isCompact }: TReportButtonProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  // The dialog is made on first use: a chat page has a Report button on every message.
  const [isOpened, setIsOpened] = useState(false);
  const [reason, setReason] = useState<TReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const detailsId = useId();
  const report = useMutation({
    mutationFn: () =>
      fileReport({
        target,
        userId,
        reason: reason!,
        ...(targetId !== undefined ? { targetId } : {}),
        ...(debateId !== undefined ? { debateId } : {}),
        ...(details.trim() ? { details: details.trim() } : {}),
      }),
    onSuccess: (result) => {
      dialogRef.current?.close();
      if (result.blocked) {
        // Harassment, hate and child safety also block: say so, and where to undo it.
        void queryClient.invalidateQueries({ queryKey: BLOCKS_KEY });
        toast.success(
          `Thank you. Your report was sent to the moderators, and you blocked ${displayName} (Settings lets you unblock).`,
        );
      } else {
        toast.success('Thank you. Your report was sent to the moderators.');
      }
    },
    onError: (err) => setError(errorMessage(err, 'The report could not be sent.')),
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const reset = () => {
      setReason(null);
      setDetails('');
      setError(null);
      setIsOpened(false);
    };
    dialog.addEventListener('close', reset);
    return () => dialog.removeEventListener('close', reset);
  }, [isOpened]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setError('Choose a reason.');
    if (reason === 'other' && !details.trim()) return setError('Tell us what happened.');
    setError(null);
    report.mutate();
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setIsOpened(true)}
        className={
          isCompact
            ? 'inline-flex items-center gap-1 rounded-lg px-1.5 py-0.5 text-xs text-slate-600 hover:bg-amber-50 hover:text-amber-800'
            : buttonClass('secondary')
        }
        aria-label={isCompact ? `Report ${displayName}` : undefined}
      >
        <Flag className={isCompact ? 'h-3.5 w-3.5' : 'h-4 w-4'} aria-hidden="true" />
        {isCompact ? 'Report' : `Report ${displayName}`}
      </button>
      {isOpened ? (
        <dialog
          ref={dialogRef}
          aria-labelledby={titleId}
          className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
        >
          <form onSubmit={handleSubmit} className="space-y-4 p-5" noValidate>
            <h2 id={titleId} className="text-lg font-bold">
              Report {displayName}
            </h2>
            <p className="text-sm text-slate-700">
              Moderators see what you report with what happened around it. {displayName} is not told who reported them.
            </p>
            <fieldset className="space-y-1">
              <legend className="mb-1 text-sm font-semibold">What is wrong?</legend>
              {REPORT_REASONS.map((r) => (
                <label key={r} className="flex items-start gap-2 rounded-lg px-2 py-1 text-sm hover:bg-slate-50">
                  <input
                    type="radio"
                    name="reason"
                    value={r}
                    checked={reason === r}
                    onChange={() => setReason(r)}
                    className="mt-0.5"
                  />
                  {REPORT_REASON_LABELS[r]}
                </label>
              ))}
            </fieldset>
            <div>
              <label htmlFor={detailsId} className="text-sm font-semibold">
                What happened? {reason === 'other' ? '' : <span className="font-normal">(optional)</span>}
              </label>
              <textarea
                id={detailsId}
                value={details}
                maxLength={REPORT_LIMITS.detailsMax}
                onChange={(event) => setDetails(event.target.value)}
                rows={3}
                className="mt-1 w-full rounded-xl border border-slate-300 px-3 py-2 text-sm"
              />
            </div>
            {error ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className={buttonClass('secondary')} onClick={() => dialogRef.current?.close()}>
                Cancel
              </button>
              <button type="submit" className={buttonClass('danger')} disabled={report.isPending}>
                Send report
              </button>
            </div>
          </form>
        </dialog>
      ) : null}
    </>
  );
}
