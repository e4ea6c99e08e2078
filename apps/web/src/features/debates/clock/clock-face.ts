/** What a clock shows, in words and digits: shared by the room's clock card and the compact clock pinned on phones. */
import {
  formatClock,
  formatOf,
  speakerLabel,
  speechTitle,
  type displayAt,
  type TClockState,
  type TSideKey,
} from '@resolved/shared';

type TDisplay = ReturnType<typeof displayAt>;

/** The clock's heading: "Affirmative Constructive", "Next: Prime Minister Constructive (Government)", "Prep time". */
export function phaseTitle(clock: TClockState, display: TDisplay): string {
  const format = formatOf(clock);
  if (clock.phase === 'finished') return 'Round over';
  if (clock.phase === 'prep') {
    return clock.prepTaker === 'both' ? 'Prep time' : `${format.sides[clock.prepTaker as TSideKey]} prep`;
  }
  if (!display.speech) return 'Round over';
  const title = speechTitle(format, display.speech);
  return clock.phase === 'speech' ? title : `Next: ${title}`;
}

/** The same in a few characters, for one line on a phone: "AC · Affirmative", "Next: PMC · Government", "Prep time". */
export function compactPhaseTitle(clock: TClockState, display: TDisplay): string {
  if (clock.phase !== 'speech' && clock.phase !== 'idle') return phaseTitle(clock, display);
  if (!display.speech) return 'Round over';
  const short = `${display.speech.short} · ${speakerLabel(formatOf(clock), display.speech)}`;
  return clock.phase === 'speech' ? short : `Next: ${short}`;
}

/** The digits: time left (or "+0:12" over time) while a speech or prep runs, else the next speech's length. */
export function clockFace(clock: TClockState, display: TDisplay): string {
  if (clock.phase === 'speech' || clock.phase === 'prep') {
    return display.isOvertime ? `+${formatClock(display.overtimeMs)}` : formatClock(display.remainingMs);
  }
  if (clock.phase === 'finished') return '0:00';
  return formatClock((display.speech?.minutes ?? 0) * 60_000);
}
