/**
 * Who may run which part of the clock: one rule, used by the server (which refuses a command with its message)
 * and by the room's controls (which show only the buttons that would be accepted).
 * - The speaker starts, ends and pauses their own speech; cross-examinations and crossfires are shared, so each of
 *   their participants may run them. On a side of two or three that is by speaker position (`mayRunSpeech`: the Pro
 *   first speaker's constructive, the second speakers' crossfire, all four's grand crossfire); a debater alone on a
 *   side (Lincoln Douglas, one-on-one practice) holds every position of it.
 * - A side takes prep from its own pool, and only the side taking prep ends or pauses it (both, for a shared block);
 *   any member of a team takes, ends or pauses its prep.
 * - The judge may pause and resume anything (a technical problem, a question of order), nothing else.
 */
import {
  BP_SIDE_OF,
  FORMATS,
  GUIDE_FORMATS,
  isBpPosition,
  mayRunSpeech,
  positionOf,
  replyTurnRefusal,
  speakerLabel,
  speechesOf,
  takersOf,
  type TFormatId,
  type TSideKey,
  type TSpeech,
} from '../formats.js';
import { ClockError, endPrep, endSpeech, pause, resume, startPrep, startSpeech, type TClockState } from './clock.js';
import { CLOCK_ACTIONS, type TClockAction } from './protocol.js';

export interface TClockRole {
  /** The viewer's side, or null for the judge and everyone else. */
  side: TSideKey | null;
  isJudge: boolean;
  /**
   * The viewer's speaker position on a side of two or three (`TDebateSeat.position`); null or absent on a side of one,
   * which holds every position of its side.
   */
  position?: string | null | undefined;
}

/** Who runs a speech of a team round, in words: "the Pro first speaker", "the Pro second speaker and Con second speaker". */
export function speechRunnersWords(formatId: TFormatId, speech: TSpeech): string {
  const format = FORMATS[formatId];
  const names = takersOf(speech).map((ref) => {
    const position = positionOf(format, ref);
    // British Parliamentary names a speaker by position and team: "Member of the Government (Closing Government)".
    if (formatId === 'bp' && isBpPosition(ref.position)) {
      return `${position?.name ?? ref.position} (${GUIDE_FORMATS.bp.sides[BP_SIDE_OF[ref.position]]})`;
    }
    return `${format.sides[ref.side]} ${position ? position.name.toLowerCase() : ref.position}`;
  });
  return `the ${names.join(' and ')}`;
}

/** Why a debater in `role`'s seat may not run `speech`, or null when they may (see the rule above). */
function speechTurnRefusal(formatId: TFormatId, speech: TSpeech | undefined, role: TClockRole, isPause: boolean) {
  if (!speech || !role.side) return null;
  if (mayRunSpeech(FORMATS[formatId], speech.id, { side: role.side, position: role.position ?? null })) return null;
  // A side of one keeps the words it always had.
  if (!role.position) {
    const label = speakerLabel(FORMATS[formatId], speech);
    return isPause ? `Only the ${label} can pause or resume this speech.` : `The ${label} starts and ends this speech.`;
  }
  const runners = speechRunnersWords(formatId, speech);
  if (isPause) return `Only ${runners} can pause or resume this speech.`;
  return `Only ${runners} ${takersOf(speech).length === 1 ? 'runs' : 'run'} this speech.`;
}

/** Why every clock command waits: a practice round paired for a later start opens its clock at that time. */
export const ROUND_NOT_STARTED_MESSAGE = 'This practice round has not started yet: its clock opens at the start time.';

/** Whether a round scheduled for `startsAt` (null: not scheduled) has yet to start at `nowMs`. */
export function isBeforeStart(startsAt: string | null, nowMs: number): boolean {
  return startsAt !== null && Date.parse(startsAt) > nowMs;
}

/** Why `role` may not take `action` now, or null when the rule allows it (the clock may still refuse the move). */
export function clockRefusal(
  formatId: TFormatId,
  clock: TClockState,
  role: TClockRole,
  action: TClockAction,
): string | null {
  const { side, isJudge } = role;
  const isPauseOrResume = action === 'pause' || action === 'resume';
  if (!side) {
    if (isJudge && isPauseOrResume) return null;
    return isJudge ? 'The judge can pause and resume the clock only.' : 'Only the debaters can run the clock.';
  }
  const speech = speechesOf(formatId, clock.firstSide)[clock.speechIndex];
  const isOthersPrep = clock.prepTaker !== null && clock.prepTaker !== 'both' && clock.prepTaker !== side;
  // A reply refused to a position that never gives it (a World Schools third speaker) says so in the reply's words.
  const isSpeechTurn =
    action === 'start_speech' || action === 'end_speech' || (isPauseOrResume && clock.phase === 'speech');
  const replyRefusal =
    isSpeechTurn && speech
      ? replyTurnRefusal(FORMATS[formatId], speech.id, { side, position: role.position ?? null })
      : null;
  if (replyRefusal) return replyRefusal;
  switch (action) {
    case 'start_speech':
      if (clock.phase === 'prep' && isOthersPrep) return 'Wait for the other side’s prep to end.';
      return speechTurnRefusal(formatId, speech, role, false);
    case 'end_speech':
      return speechTurnRefusal(formatId, speech, role, false);
    case 'start_prep':
      return null;
    case 'end_prep':
      return isOthersPrep ? 'Only the side taking prep can end it.' : null;
    case 'pause':
    case 'resume':
      if (clock.phase === 'prep') return isOthersPrep ? 'Only the side taking prep can pause it.' : null;
      return clock.phase === 'speech' ? speechTurnRefusal(formatId, speech, role, true) : null;
  }
}

/** Applies `action` to the clock as the pure state machine would (throws ClockError when it does not apply). */
export function applyClockAction(clock: TClockState, action: TClockAction, side: TSideKey | null, nowMs: number) {
  switch (action) {
    case 'start_speech':
      return startSpeech(clock, nowMs);
    case 'end_speech':
      return endSpeech(clock, nowMs);
    case 'start_prep':
      if (!side) throw new ClockError('prep_not_allowed', 'Only the debaters take prep time.');
      return startPrep(clock, side, nowMs);
    case 'end_prep':
      return endPrep(clock, nowMs);
    case 'pause':
      return pause(clock, nowMs);
    case 'resume':
      return resume(clock, nowMs);
  }
}

/** The clock actions `role` may take now: allowed by the rule above and possible in the clock's state. */
export function allowedClockActions(
  formatId: TFormatId,
  clock: TClockState,
  role: TClockRole,
  nowMs: number,
): TClockAction[] {
  return CLOCK_ACTIONS.filter((action) => {
    if (clockRefusal(formatId, clock, role, action) !== null) return false;
    try {
      applyClockAction(clock, action, role.side, nowMs);
      return true;
    } catch (error) {
      if (error instanceof ClockError) return false;
      throw error;
    }
  });
}
