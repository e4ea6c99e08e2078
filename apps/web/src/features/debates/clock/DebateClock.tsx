import { useEffect, useRef, useState } from 'react';
import {
  displayAt,
  formatClock,
  formatOf,
  hasPrepAhead,
  TIME_SIGNAL_TEXT,
  timeSignalOf,
  type TClockState,
  type TTimeSignal,
} from '@resolved/shared';
import { chime } from '../chime';
import { useNow } from '../../../lib/useNow';
import { serverNow } from '../room/server-time';
import { clockFace, phaseTitle } from './clock-face';

const SOUND_SETTING = 'resolved.clockSounds';
const SIGNAL_STYLE: Record<TTimeSignal, string> = {
  one_minute: 'bg-amber-300 text-amber-950',
  thirty_seconds: 'bg-orange-400 text-orange-950',
  time_up: 'bg-red-500 text-white',
};
const SIGNAL_RING: Record<TTimeSignal, string> = {
  one_minute: 'ring-4 ring-amber-300',
  thirty_seconds: 'ring-4 ring-orange-400',
  time_up: 'ring-4 ring-red-500',
};
const SIGNAL_TONE: Record<TTimeSignal, number> = { one_minute: 660, thirty_seconds: 770, time_up: 990 };

/** Sound cues are off unless the debater turns them on (kept in this browser). */
function useClockSounds(): [boolean, (on: boolean) => void] {
  const [isOn, setIsOn] = useState(() => {
    try {
      return window.localStorage.getItem(SOUND_SETTING) === 'on';
    } catch {
      return false;
    }
  });
  const set = (on: boolean) => {
    setIsOn(on);
    try {
      window.localStorage.setItem(SOUND_SETTING, on ? 'on' : 'off');
    } catch {
      // Private mode: the choice lasts for this page.
    }
  };
  return [isOn, set];
}

/** The live clock, rendered from the server's clock state at server time (the same on every screen). */
export function DebateClock({ clock }: { clock: TClockState }) {
  const isRunning = (clock.phase === 'speech' || clock.phase === 'prep') && !clock.isPaused;
  const now = useNow(isRunning, 100, serverNow);
  const display = displayAt(clock, now);
  const format = formatOf(clock);
  const isTimed = clock.phase === 'speech' || clock.phase === 'prep';
  const signal = timeSignalOf(display);
  const [isSoundOn, setSoundOn] = useClockSounds();
  // A cue sounds once when the clock crosses into it (not on load, not while paused).
  const lastSignal = useRef<TTimeSignal | null | undefined>(undefined);
  useEffect(() => {
    const previous = lastSignal.current;
    lastSignal.current = signal;
    if (previous === undefined || signal === null || signal === previous || !isSoundOn || !isRunning) return;
    chime(SIGNAL_TONE[signal]);
  }, [signal, isSoundOn, isRunning]);
  return (
    <section
      aria-labelledby="clock-heading"
      className={`rounded-2xl bg-slate-900 p-6 text-white shadow-sm ${signal ? SIGNAL_RING[signal] : ''}`}
    >
      <h2 id="clock-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-300">
        {phaseTitle(clock, display)}
      </h2>
      <p
        className={`mt-2 font-mono text-6xl font-bold tabular-nums ${display.isOvertime ? 'text-red-300' : ''}`}
        data-testid="debate-clock"
        // When this screen expects the running speech or prep to end, in server time (tests compare screens).
        data-ends-at={
          isTimed && !clock.isPaused ? Math.round(now + display.remainingMs - display.overtimeMs) : undefined
        }
        aria-live="off"
      >
        {clockFace(clock, display)}
      </p>
      {signal ? (
        <p
          role="status"
          className={`mt-2 inline-block rounded-full px-3 py-1 text-sm font-bold ${SIGNAL_STYLE[signal]}`}
          data-testid="time-signal"
        >
          {TIME_SIGNAL_TEXT[signal]}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-300" data-testid="clock-status">
        {clock.isPaused ? 'Paused' : isTimed ? (display.isOvertime ? 'Overtime' : 'Running') : 'Stopped'}
        {display.grace?.isInGrace ? ` · Grace: ${formatClock(display.grace.remainingMs)} to finish the sentence` : ''}
        {display.poi ? (display.poi.isOpen ? ' · Points of information open' : ' · Protected time: no POIs') : ''}
      </p>
      {/* Only prep a debater can still take: Parliamentary's block ends when the first speech starts. */}
      {hasPrepAhead(clock) ? (
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          {format.prep.kind === 'per-side' ? (
            (['a', 'b'] as const).map((side) => (
              <div key={side} className="rounded-xl bg-white/10 px-3 py-2">
                <dt className="text-slate-300">{format.sides[side]} prep left</dt>
                <dd className="font-mono text-lg tabular-nums" data-testid={`prep-${side}`}>
                  {formatClock(display.prepRemainingMs[side])}
                </dd>
              </div>
            ))
          ) : (
            <div className="col-span-2 rounded-xl bg-white/10 px-3 py-2">
              <dt className="text-slate-300">Prep before the first speech</dt>
              <dd className="font-mono text-lg tabular-nums" data-testid="prep-both">
                {formatClock(Math.min(display.prepRemainingMs.a, display.prepRemainingMs.b))}
              </dd>
            </div>
          )}
        </dl>
      ) : null}
      <label className="mt-3 flex items-center gap-2 text-xs text-slate-300">
        <input type="checkbox" checked={isSoundOn} onChange={(event) => setSoundOn(event.target.checked)} />
        Sound cues at 1 minute, 30 seconds and time up
      </label>
    </section>
  );
}
