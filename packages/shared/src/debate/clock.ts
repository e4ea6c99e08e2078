/**
 * The debate clock as a pure state machine. The server stores the state and applies transitions; the
 * web client renders `displayAt(state, serverNow)` from the same state, so both show the same time.
 * Timings come from the format rules in `formats.ts` and are never repeated here.
 */
import {
  roundFormatOf,
  speechesOf,
  type TFormatId,
  type TFormatRules,
  type TSideKey,
  type TSpeech,
} from '../formats.js';

export type TClockPhase = 'idle' | 'speech' | 'prep' | 'finished';

/** Who takes prep: a side from its own pool, or `both` for the parliamentary block before the round. */
export type TPrepTaker = TSideKey | 'both';

export interface TClockState {
  formatId: TFormatId;
  /**
   * The side whose speeches come first in each pair (`speechesOf`): `a` but in a Public Forum tournament round whose
   * coin flip put Con first. `speechIndex` counts in this order.
   */
  firstSide: TSideKey;
  phase: TClockPhase;
  /** The speech being given (phase `speech`) or the next one to give (other phases). Equals the speech count when finished. */
  speechIndex: number;
  /** Who is taking prep while the phase is `prep`; otherwise null. */
  prepTaker: TPrepTaker | null;
  /** Server time (ms since epoch) when the running segment started; null when idle, finished or paused. */
  startedAt: number | null;
  isPaused: boolean;
  /** Elapsed ms of the current speech or prep before the running segment (accumulated across pauses). */
  elapsedBeforeMs: number;
  /** Prep left for each side in ms. With `before-round` prep both hold the one shared block. */
  prepRemainingMs: Record<TSideKey, number>;
  /**
   * The round's chosen speech length in minutes (a British Parliamentary room of five-minute speeches); absent or
   * null: the format's own lengths. Every speech duration the clock reads comes through `formatOf` with it.
   */
  speechMinutes?: number | null;
}

export type TClockErrorCode =
  | 'round_finished'
  | 'not_idle'
  | 'not_in_speech'
  | 'not_in_prep'
  | 'no_prep_left'
  | 'prep_not_allowed'
  | 'already_paused'
  | 'not_paused'
  | 'nothing_to_pause';

/** A transition that does not apply in the current state. The server turns it into a `conflict` error. */
export class ClockError extends Error {
  constructor(
    readonly code: TClockErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ClockError';
  }
}

/** The rules the round runs by, its chosen speech length included (`roundFormatOf`). */
export function formatOf(state: Pick<TClockState, 'formatId' | 'speechMinutes'>): TFormatRules {
  return roundFormatOf(state.formatId, state.speechMinutes);
}

/** The round's speeches in the order its clock runs them, each as long as the round's chosen length. */
export function speechesOfClock(
  state: Pick<TClockState, 'formatId' | 'firstSide' | 'speechMinutes'>,
): readonly TSpeech[] {
  return speechesOf(state.formatId, state.firstSide, state.speechMinutes);
}

/** Clamp a prep length in minutes to the format's range; undefined means the default. */
export function resolvePrepMinutes(format: TFormatRules, minutes?: number): number {
  if (minutes === undefined) return format.prep.defaultMinutes;
  return Math.min(format.prep.maxMinutes, Math.max(format.prep.minMinutes, minutes));
}

export function createClock(
  formatId: TFormatId,
  options: { prepMinutes?: number; firstSide?: TSideKey; speechMinutes?: number | null } = {},
): TClockState {
  const format = roundFormatOf(formatId, options.speechMinutes);
  const prepMs = resolvePrepMinutes(format, options.prepMinutes) * 60_000;
  return {
    formatId,
    firstSide: options.firstSide ?? 'a',
    phase: 'idle',
    speechIndex: 0,
    prepTaker: null,
    startedAt: null,
    isPaused: false,
    elapsedBeforeMs: 0,
    prepRemainingMs: { a: prepMs, b: prepMs },
    ...(options.speechMinutes ? { speechMinutes: options.speechMinutes } : {}),
  };
}

/** Elapsed ms of the current speech or prep at `nowMs`, counting pauses. */
export function elapsedAt(state: TClockState, nowMs: number): number {
  const running = state.startedAt !== null && !state.isPaused ? Math.max(0, nowMs - state.startedAt) : 0;
  return state.elapsedBeforeMs + running;
}

/** The speech a side must be ready for: who may start the current (next) speech. */
export function currentSpeech(state: TClockState): TSpeech | undefined {
  return speechesOfClock(state)[state.speechIndex];
}

/** Prep left per side at `nowMs`, charging a running prep to its pool. */
export function prepRemainingAt(state: TClockState, nowMs: number): Record<TSideKey, number> {
  if (state.phase !== 'prep' || !state.prepTaker) return { ...state.prepRemainingMs };
  const used = elapsedAt(state, nowMs);
  const charge = (side: TSideKey) => Math.max(0, state.prepRemainingMs[side] - used);
  if (state.prepTaker === 'both') return { a: charge('a'), b: charge('b') };
  return { ...state.prepRemainingMs, [state.prepTaker]: charge(state.prepTaker) };
}

/** Ends a running prep (if any), charging it to the pool; returns the state in phase `idle`. */
function settlePrep(state: TClockState, nowMs: number): TClockState {
  if (state.phase !== 'prep') return state;
  return {
    ...state,
    phase: 'idle',
    prepTaker: null,
    startedAt: null,
    isPaused: false,
    elapsedBeforeMs: 0,
    prepRemainingMs: prepRemainingAt(state, nowMs),
  };
}

/** Start the next speech. A running prep ends first (the speaker is ready). */
export function startSpeech(state: TClockState, nowMs: number): TClockState {
  if (state.phase === 'finished') throw new ClockError('round_finished', 'The round is over.');
  if (state.phase === 'speech') throw new ClockError('not_idle', 'A speech is already running.');
  const settled = settlePrep(state, nowMs);
  return { ...settled, phase: 'speech', startedAt: nowMs, isPaused: false, elapsedBeforeMs: 0 };
}

/**
 * Stop the clock for good: a round that ends early (a forfeit) shows "Round over" and never runs on. Prep left is
 * kept as it was at `nowMs`.
 */
export function stopRound(state: TClockState, nowMs: number): TClockState {
  return {
    ...state,
    phase: 'finished',
    prepTaker: null,
    startedAt: null,
    isPaused: false,
    elapsedBeforeMs: 0,
    prepRemainingMs: prepRemainingAt(state, nowMs),
  };
}

/** End the current speech; after the last speech the round is finished. */
export function endSpeech(state: TClockState, _nowMs: number): TClockState {
  if (state.phase !== 'speech') throw new ClockError('not_in_speech', 'No speech is running.');
  const next = state.speechIndex + 1;
  const isLast = next >= speechesOfClock(state).length;
  return {
    ...state,
    phase: isLast ? 'finished' : 'idle',
    speechIndex: next,
    startedAt: null,
    isPaused: false,
    elapsedBeforeMs: 0,
  };
}

/**
 * Moves a clock between speeches past the speeches `isSkipped` names (those of a British Parliamentary team that
 * forfeited: nobody gives them); past the last speech the round is finished. A running speech or prep is left as it
 * is (the caller ends a forfeiting speaker's speech first).
 */
export function skipSpeeches(state: TClockState, isSkipped: (speech: TSpeech) => boolean): TClockState {
  if (state.phase !== 'idle') return state;
  const speeches = speechesOfClock(state);
  let index = state.speechIndex;
  while (index < speeches.length && isSkipped(speeches[index]!)) index++;
  if (index === state.speechIndex) return state;
  return { ...state, speechIndex: index, phase: index >= speeches.length ? 'finished' : 'idle' };
}

/** Which taker a side's prep request means in this format: its own pool, or the shared block before the round. */
export function prepTakerFor(state: TClockState, side: TSideKey): TPrepTaker {
  return formatOf(state).prep.kind === 'before-round' ? 'both' : side;
}

/**
 * Whether the round still has prep a debater can take, now or between later speeches: none once the round is over,
 * and in a format whose prep is one block before the round (Parliamentary), none once the first speech has started.
 * The room shows the prep left only while this holds.
 */
export function hasPrepAhead(state: TClockState): boolean {
  if (state.phase === 'finished') return false;
  if (formatOf(state).prep.kind !== 'before-round') return true;
  return state.speechIndex === 0 && state.phase !== 'speech';
}

export function startPrep(state: TClockState, side: TSideKey, nowMs: number): TClockState {
  if (state.phase === 'finished') throw new ClockError('round_finished', 'The round is over.');
  if (state.phase !== 'idle') throw new ClockError('not_idle', 'Prep can start only between speeches.');
  const format = formatOf(state);
  if (format.prep.kind === 'before-round' && state.speechIndex > 0) {
    throw new ClockError('prep_not_allowed', `${format.name} prep time comes before the first speech only.`);
  }
  const taker = prepTakerFor(state, side);
  const pool =
    taker === 'both' ? Math.min(state.prepRemainingMs.a, state.prepRemainingMs.b) : state.prepRemainingMs[taker];
  if (pool <= 0) throw new ClockError('no_prep_left', 'No prep time is left.');
  return { ...state, phase: 'prep', prepTaker: taker, startedAt: nowMs, isPaused: false, elapsedBeforeMs: 0 };
}

export function endPrep(state: TClockState, nowMs: number): TClockState {
  if (state.phase !== 'prep') throw new ClockError('not_in_prep', 'No prep is running.');
  return settlePrep(state, nowMs);
}

export function pause(state: TClockState, nowMs: number): TClockState {
  if (state.phase !== 'speech' && state.phase !== 'prep') {
    throw new ClockError('nothing_to_pause', 'Only a running speech or prep can be paused.');
  }
  if (state.isPaused) throw new ClockError('already_paused', 'The clock is already paused.');
  return { ...state, isPaused: true, startedAt: null, elapsedBeforeMs: elapsedAt(state, nowMs) };
}

export function resume(state: TClockState, nowMs: number): TClockState {
  if (!state.isPaused) throw new ClockError('not_paused', 'The clock is not paused.');
  return { ...state, isPaused: false, startedAt: nowMs };
}

/** Parliamentary points of information during a speech that allows them. */
export interface TPoiDisplay {
  /** POIs may be offered now (outside protected time, before time runs out). */
  isOpen: boolean;
  /** Inside the protected first or last minute. */
  isProtected: boolean;
}

export interface TClockDisplay {
  phase: TClockPhase;
  isPaused: boolean;
  speech: TSpeech | undefined;
  prepTaker: TPrepTaker | null;
  /** Length of the running speech or of the prep pool when it started; 0 otherwise. */
  durationMs: number;
  elapsedMs: number;
  /** Time left, never negative. */
  remainingMs: number;
  /** Time past the end, never negative. */
  overtimeMs: number;
  isOvertime: boolean;
  /** Parliamentary grace after time expires: present only in formats that have one, during a speech. */
  grace: { isInGrace: boolean; remainingMs: number } | undefined;
  poi: TPoiDisplay | undefined;
  prepRemainingMs: Record<TSideKey, number>;
}

/** What the clock shows at `nowMs` (server time): remaining or overtime, grace, POI window, prep pools. */
export function displayAt(state: TClockState, nowMs: number): TClockDisplay {
  const format = formatOf(state);
  const elapsedMs = state.phase === 'speech' || state.phase === 'prep' ? elapsedAt(state, nowMs) : 0;
  const prepRemainingMs = prepRemainingAt(state, nowMs);
  const base = {
    phase: state.phase,
    isPaused: state.isPaused,
    speech: state.phase === 'finished' ? undefined : speechesOfClock(state)[state.speechIndex],
    prepTaker: state.prepTaker,
    prepRemainingMs,
    elapsedMs,
    grace: undefined,
    poi: undefined,
  };
  if (state.phase === 'prep' && state.prepTaker) {
    const poolMs =
      state.prepTaker === 'both'
        ? Math.min(state.prepRemainingMs.a, state.prepRemainingMs.b)
        : state.prepRemainingMs[state.prepTaker];
    return { ...base, ...remaining(poolMs, elapsedMs) };
  }
  if (state.phase !== 'speech' || !base.speech) {
    return { ...base, durationMs: 0, remainingMs: 0, overtimeMs: 0, isOvertime: false };
  }
  const durationMs = base.speech.minutes * 60_000;
  const times = remaining(durationMs, elapsedMs);
  const graceMs = (format.graceSeconds ?? 0) * 1000;
  const grace =
    format.graceSeconds === undefined
      ? undefined
      : {
          isInGrace: times.isOvertime && times.overtimeMs < graceMs,
          remainingMs: Math.max(0, graceMs - times.overtimeMs),
        };
  let poi: TPoiDisplay | undefined;
  if (base.speech.allowsPoi && format.poi) {
    const isProtected =
      elapsedMs < format.poi.protectedFirstSeconds * 1000 ||
      times.remainingMs <= format.poi.protectedLastSeconds * 1000;
    poi = { isProtected, isOpen: !isProtected && !times.isOvertime };
  }
  return { ...base, ...times, grace, poi };
}

function remaining(durationMs: number, elapsedMs: number) {
  return {
    durationMs,
    remainingMs: Math.max(0, durationMs - elapsedMs),
    overtimeMs: Math.max(0, elapsedMs - durationMs),
    isOvertime: elapsedMs > durationMs,
  };
}

/** The cues a timekeeper gives: one minute left, thirty seconds left, time up. */
export type TTimeSignal = 'one_minute' | 'thirty_seconds' | 'time_up';

export const TIME_SIGNAL_TEXT: Record<TTimeSignal, string> = {
  one_minute: '1 minute left',
  thirty_seconds: '30 seconds left',
  time_up: 'Time’s up',
};

/** The cue for a running (or paused) speech or prep, or null when none applies. */
export function timeSignalOf(display: Pick<TClockDisplay, 'phase' | 'remainingMs' | 'isOvertime'>): TTimeSignal | null {
  if (display.phase !== 'speech' && display.phase !== 'prep') return null;
  if (display.isOvertime || display.remainingMs <= 0) return 'time_up';
  if (display.remainingMs <= 30_000) return 'thirty_seconds';
  if (display.remainingMs <= 60_000) return 'one_minute';
  return null;
}

/** `m:ss` for a clock face; overtime is shown by the caller (e.g. "+0:12"). Rounds up so 0:00 means time is up. */
export function formatClock(ms: number): string {
  const totalSeconds = Math.ceil(Math.max(0, ms) / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
