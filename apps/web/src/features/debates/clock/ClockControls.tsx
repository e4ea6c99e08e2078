import { useState } from 'react';
import {
  allowedClockActions,
  isCoinFlipPending,
  refusalOf,
  speechesOfClock,
  isBeforeStart,
  type TClockAction,
  type TDebate,
  type TSideKey,
} from '@resolved/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { serverNow } from '../room/server-time';
import { useNow } from '../../../lib/useNow';
import { buttonClass } from '../../../ui/button-styles';
import { currentSpeakersText } from '../room/round-seats';

/** The control a phone pins with the compact clock: the first of these the viewer may press now. */
const PINNED_ACTIONS: readonly TClockAction[] = ['end_speech', 'start_speech', 'end_prep', 'resume'];

/**
 * The buttons a debater (or the judge) may press now; the server checks every command again. `placement="pinned"`
 * renders only the viewer's main control (ending or starting their speech, ending prep, resuming) for the compact
 * clock pinned on phones; the full set then leaves that one button to it below the `lg` breakpoint, so a phone shows
 * each button once.
 */
export function ClockControls({
  debate,
  side,
  position = null,
  isJudge,
  onCommand,
  placement = 'full',
}: {
  debate: TDebate;
  side: TSideKey | null;
  /** The viewer's speaker position on a side of two or three (null: a side of one, every position of it). */
  position?: string | null;
  isJudge: boolean;
  onCommand: (action: TClockAction) => Promise<void>;
  placement?: 'full' | 'pinned';
}) {
  const [isBusy, setIsBusy] = useState(false);
  const { clock } = debate;
  const speech = speechesOfClock(clock)[clock.speechIndex];
  // A practice round paired for later: the clock opens at its start time (the server refuses commands before).
  const isWaitingForStart = isBeforeStart(debate.startsAt, serverNow());
  const now = useNow(isWaitingForStart, 1000, serverNow);
  if (debate.status !== 'live' || (!side && !isJudge)) return null;
  if (isWaitingForStart && isBeforeStart(debate.startsAt, now)) {
    if (placement === 'pinned') return null;
    const time = new Date(debate.startsAt!).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
    return (
      <p className="text-sm text-slate-700" data-testid="round-starts-at">
        This practice round starts {time}. The clock opens then.
      </p>
    );
  }
  // A Public Forum tournament round: the clock waits for both coin flip choices (the server refuses commands before).
  if (isCoinFlipPending(debate.coinFlip)) {
    if (placement === 'pinned') return null;
    return (
      <p className="text-sm text-slate-700" data-testid="clock-waits-for-coin-flip">
        {refusalOf('coin_flip_pending').message}
      </p>
    );
  }

  async function handle(action: TClockAction) {
    setIsBusy(true);
    try {
      await onCommand(action);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  }

  // The same rule the server applies (packages/shared clock-rules): only the buttons it would accept.
  const allowed = new Set(allowedClockActions(debate.formatId, clock, { side, position, isJudge }, serverNow()));
  const buttons: { action: TClockAction; label: string; variant: 'primary' | 'secondary' }[] = [];
  if (allowed.has('start_speech') && speech) {
    buttons.push({ action: 'start_speech', label: `Start ${speech.short}`, variant: 'primary' });
  }
  if (allowed.has('end_speech')) buttons.push({ action: 'end_speech', label: 'End speech', variant: 'primary' });
  if (allowed.has('start_prep')) buttons.push({ action: 'start_prep', label: 'Take prep', variant: 'secondary' });
  if (allowed.has('end_prep')) buttons.push({ action: 'end_prep', label: 'End prep', variant: 'secondary' });
  if (allowed.has('resume')) buttons.push({ action: 'resume', label: 'Resume', variant: 'secondary' });
  if (allowed.has('pause')) buttons.push({ action: 'pause', label: 'Pause', variant: 'secondary' });
  const pinnedAction = PINNED_ACTIONS.find((action) => buttons.some((b) => b.action === action));
  if (placement === 'pinned') {
    const pinned = buttons.find((b) => b.action === pinnedAction);
    return pinned ? (
      <button
        type="button"
        className={`inline-flex shrink-0 items-center whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-semibold disabled:opacity-60 ${
          pinned.variant === 'primary'
            ? 'bg-white text-brand-900 shadow-sm hover:bg-brand-50'
            : 'border border-white/40 text-white hover:bg-white/10'
        }`}
        disabled={isBusy}
        onClick={() => void handle(pinned.action)}
      >
        {pinned.label}
      </button>
    ) : null;
  }
  // A round of teams: who gives this speech (only they see its controls).
  const speakers = currentSpeakersText(debate);
  const speakersLine = speakers ? (
    <p className="text-sm text-slate-700" data-testid="current-speakers">
      {speakers}
    </p>
  ) : null;
  if (buttons.length === 0) {
    return (
      speakersLine ?? (
        <p className="text-sm text-slate-600" data-testid="clock-waiting">
          Waiting for the other side.
        </p>
      )
    );
  }

  return (
    <>
      {speakersLine}
      <div className="flex flex-wrap gap-2" role="group" aria-label="Clock controls">
        {buttons.map((b) => {
          const button = (
            <button
              key={b.action}
              type="button"
              className={buttonClass(b.variant)}
              disabled={isBusy}
              onClick={() => void handle(b.action)}
            >
              {b.label}
            </button>
          );
          // On a phone this one sits in the pinned clock instead.
          return b.action === pinnedAction ? (
            <span key={b.action} className="hidden lg:contents">
              {button}
            </span>
          ) : (
            button
          );
        })}
      </div>
    </>
  );
}
