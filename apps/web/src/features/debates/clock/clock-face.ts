/** What a clock shows, in words and digits: shared by the room's clock card and the compact clock pinned on phones. */
import {
  BP_SIDE_OF,
  formatClock,
  formatOf,
  isBpPosition,
  speakerLabel,
  speechTitle,
  type displayAt,
  type TClockState,
  type TSideKey,
  type TSpeech,
} from '@resolved/shared';
import { bpTeamName } from '../room/round-seats';

type TDisplay = ReturnType<typeof displayAt>;

/**
 * A British Parliamentary speech's team, which its position says ("Opening Government" for the Prime Minister): the
 * round's sides are the two benches, and a bench holds two teams. Null in the other formats.
 */
function bpTeamOfSpeech(clock: TClockState, speech: TSpeech): string | null {
  if (clock.formatId !== 'bp' || speech.by.type !== 'speaker') return null;
  const { position } = speech.by.speaker;
  return isBpPosition(position) ? bpTeamName(BP_SIDE_OF[position]) : null;
}

/**
 * The clock's heading: "Affirmative Constructive", "Next: Prime Minister Constructive (Government)", "Prep time"; in
 * British Parliamentary by the speaker's team, "Next: Prime Minister (Opening Government)".
 */
export function phaseTitle(clock: TClockState, display: TDisplay): string {
  const format = formatOf(clock);
  if (clock.phase === 'finished') return 'Round over';
  if (clock.phase === 'prep') {
    return clock.prepTaker === 'both' ? 'Prep time' : `${format.sides[clock.prepTaker as TSideKey]} prep`;
  }
  if (!display.speech) return 'Round over';
  const team = bpTeamOfSpeech(clock, display.speech);
  const title = team ? `${display.speech.name} (${team})` : speechTitle(format, display.speech);
  return clock.phase === 'speech' ? title : `Next: ${title}`;
}

/**
 * The same in a few characters, for one line on a phone: "AC · Affirmative", "Next: PMC · Government", "Prep time";
 * "Next: PM · Opening Government" in British Parliamentary.
 */
export function compactPhaseTitle(clock: TClockState, display: TDisplay): string {
  if (clock.phase !== 'speech' && clock.phase !== 'idle') return phaseTitle(clock, display);
  if (!display.speech) return 'Round over';
  const who = bpTeamOfSpeech(clock, display.speech) ?? speakerLabel(formatOf(clock), display.speech);
  const short = `${display.speech.short} · ${who}`;
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
