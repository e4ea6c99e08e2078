import { useState } from 'react';
import {
  allowedClockActions,
  FORMATS,
  isBeforeStart,
  type TClockAction,
  type TDebate,
  type TSideKey,
} from '@resolved/shared';
import { toast } from '../../../lib/toast';
import { serverNow } from '../room/server-time';
import { useServerNow } from '../room/useNow';
import { buttonClass } from '../../../ui/button-styles';

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
  const speech = FORMATS[debate.formatId].speeches[clock.speechIndex];
  // A practice round paired for later: the clock opens at its start time (the server refuses commands before).
  const isWaitingForStart = isBeforeStart(debate.startsAt, serverNow());
  const now = useServerNow(isWaitingForStart, 1000);
  if (debate.status !== 'live' || (!side && !isJudge)) return null;
  if (isWaitingForStart && isBeforeStart(debate.startsAt, now)) {
    const time = new Date(debate.startsAt!).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
    return (
      <p className="text-sm text-slate-700" data-testid="round-starts-at">
        This practice round starts {time}. The clock opens then.
      </p>
    );
  }

  // The same rule the server applies (packages/shared clock-rules): only the buttons it would accept.
  const allowed = new Set(allowedClockActions(debate.formatId, clock, { side, isJudge }, serverNow()));
  const buttons: { action: TClockAction; label: string; variant: 'primary' | 'secondary' }[] = [];
  if (allowed.has('start_speech') && speech) {
    buttons.push({ action: 'start_speech', label: `Start ${speech.short}`, variant: 'primary' });
  }
  if (allowed.has('end_speech')) buttons.push({ action: 'end_speech', label: 'End speech', variant: 'primary' });
  if (allowed.has('start_prep')) buttons.push({ action: 'start_prep', label: 'Take prep', variant: 'secondary' });
  if (allowed.has('end_prep')) buttons.push({ action: 'end_prep', label: 'End prep', variant: 'secondary' });
  if (allowed.has('resume')) buttons.push({ action: 'resume', label: 'Resume', variant: 'secondary' });
  if (allowed.has('pause')) buttons.push({ action: 'pause', label: 'Pause', variant: 'secondary' });
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
