import { useState } from 'react';
import { FORMATS, type TClockAction, type TDebate, type TSideKey } from '@resolved/shared';
import { toast } from '../../lib/toast';
import { buttonClass } from '../../ui/button-styles';

/** The buttons a debater (or the judge) may press now; the server checks every command again. */
export function ClockControls({
  debate,
  side,
  isJudge,
  onCommand,
}: {
  debate: TDebate;
  side: TSideKey | null;
  isJudge: boolean;
  onCommand: (action: TClockAction) => Promise<void>;
}) {
  const [isBusy, setIsBusy] = useState(false);
  const { clock } = debate;
  const format = FORMATS[debate.formatId];
  const speech = format.speeches[clock.speechIndex];
  if (debate.status !== 'live' || (!side && !isJudge)) return null;

  const isShared = speech?.speaker === 'both' || speech?.kind === 'cross-examination';
  const isMySpeech = !!side && !!speech && (isShared || speech.speaker === side);
  const canPrep =
    !!side &&
    clock.phase === 'idle' &&
    (format.prep.kind === 'per-side'
      ? clock.prepRemainingMs[side] > 0
      : clock.speechIndex === 0 && Math.min(clock.prepRemainingMs.a, clock.prepRemainingMs.b) > 0);
  const isMyPrep = !!side && clock.phase === 'prep' && (clock.prepTaker === side || clock.prepTaker === 'both');

  const buttons: { action: TClockAction; label: string; variant: 'primary' | 'secondary' }[] = [];
  if (side && (clock.phase === 'idle' || isMyPrep) && isMySpeech) {
    buttons.push({ action: 'start_speech', label: `Start ${speech.short}`, variant: 'primary' });
  }
  if (clock.phase === 'speech' && isMySpeech)
    buttons.push({ action: 'end_speech', label: 'End speech', variant: 'primary' });
  if (canPrep) buttons.push({ action: 'start_prep', label: 'Take prep', variant: 'secondary' });
  if (isMyPrep) buttons.push({ action: 'end_prep', label: 'End prep', variant: 'secondary' });
  if ((clock.phase === 'speech' || clock.phase === 'prep') && (side || isJudge)) {
    buttons.push(
      clock.isPaused
        ? { action: 'resume', label: 'Resume', variant: 'secondary' }
        : { action: 'pause', label: 'Pause', variant: 'secondary' },
    );
  }
  if (buttons.length === 0) {
    return <p className="text-sm text-slate-600">Waiting for the other side.</p>;
  }

  async function handle(action: TClockAction) {
    setIsBusy(true);
    try {
      await onCommand(action);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Clock controls">
      {buttons.map((b) => (
        <button
          key={b.action}
          type="button"
          className={buttonClass(b.variant)}
          disabled={isBusy}
          onClick={() => void handle(b.action)}
        >
          {b.label}
        </button>
      ))}
    </div>
  );
}
