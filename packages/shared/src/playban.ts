/**
 * Behaviour limits (Lichess's "playban"): leaving a live round or not showing up to it is a
 * strike; three strikes within a day bring a matchmaking cooldown, longer for each repeat, the step going down one
 * for every clean week (a week without a strike).
 */

/** Strikes within this window bring a cooldown. */
export const PLAYBAN_WINDOW_MS = 24 * 60 * 60_000;
/** How many strikes within the window bring a cooldown. */
export const PLAYBAN_STRIKES = 3;
/** The cooldowns, step by step: 10 minutes, 30 minutes, 2 hours, 24 hours (the last repeats). */
export const PLAYBAN_STEPS_MS = [10 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 24 * 60 * 60_000] as const;
/** A week without a strike takes the step down by one. */
export const PLAYBAN_CLEAN_WEEK_MS = 7 * 24 * 60 * 60_000;

/** The step a user is at now: `step` (-1: none yet) less one per clean week since `lastStrikeMs`. */
export function decayedStep(step: number, lastStrikeMs: number | null, nowMs: number): number {
  if (lastStrikeMs === null) return step;
  const cleanWeeks = Math.floor(Math.max(0, nowMs - lastStrikeMs) / PLAYBAN_CLEAN_WEEK_MS);
  return Math.max(-1, step - cleanWeeks);
}

/** The next cooldown's step after `current` (the last step repeats). */
export function nextStep(current: number): number {
  return Math.min(PLAYBAN_STEPS_MS.length - 1, current + 1);
}

/** "9 minutes", "1 hour 30 minutes", "less than a minute": a time left in words. */
export function timeLeftInWords(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (ms <= 0 || minutes < 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (hours === 0) return part(rest, 'minute');
  return rest === 0 ? part(hours, 'hour') : `${part(hours, 'hour')} ${part(rest, 'minute')}`;
}
