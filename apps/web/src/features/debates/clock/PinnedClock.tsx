import {
  displayAt,
  timeSignalOf,
  type TClockAction,
  type TDebate,
  type TSideKey,
  type TTimeSignal,
} from '@resolved/shared';
import { useNow } from '../../../lib/useNow';
import { serverNow } from '../room/server-time';
import { ClockControls } from './ClockControls';
import { clockFace, compactPhaseTitle, phaseTitle } from './clock-face';

const SIGNAL_FACE: Record<TTimeSignal, string> = {
  one_minute: 'text-amber-300',
  thirty_seconds: 'text-orange-300',
  time_up: 'text-red-300',
};

/**
 * The clock a phone keeps in view while the room scrolls: one line with the speech, the time and the viewer's main
 * control (their "Start …" or "End speech"). The full clock card, the other buttons, prep and POIs scroll with the
 * page. Hidden from the `lg` breakpoint, where the clock card sits beside the video above the fold.
 */
export function PinnedClock({
  debate,
  side,
  position = null,
  isJudge,
  onCommand,
}: {
  debate: TDebate;
  side: TSideKey | null;
  position?: string | null;
  isJudge: boolean;
  onCommand: (action: TClockAction) => Promise<void>;
}) {
  const { clock } = debate;
  const isRunning = (clock.phase === 'speech' || clock.phase === 'prep') && !clock.isPaused;
  const now = useNow(isRunning, 100, serverNow);
  if (debate.status !== 'live') return null;
  const display = displayAt(clock, now);
  const signal = timeSignalOf(display);
  return (
    <div
      className="sticky top-header z-10 -mx-4 bg-slate-50/95 px-4 pb-2 pt-2 shadow-sm backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
      data-testid="pinned-clock"
    >
      <div className="flex items-center gap-3 rounded-xl bg-slate-900 px-3 py-2 text-white">
        <p className="min-w-0 flex-1 truncate text-sm font-semibold" title={phaseTitle(clock, display)}>
          {compactPhaseTitle(clock, display)}
        </p>
        <p
          className={`font-mono text-xl font-bold tabular-nums ${signal ? SIGNAL_FACE[signal] : ''}`}
          data-testid="pinned-clock-time"
          aria-live="off"
        >
          {clockFace(clock, display)}
          {clock.isPaused ? <span className="ml-1 text-xs font-semibold text-slate-300">paused</span> : null}
        </p>
        <ClockControls
          debate={debate}
          side={side}
          position={position}
          isJudge={isJudge}
          onCommand={onCommand}
          placement="pinned"
        />
      </div>
    </div>
  );
}
