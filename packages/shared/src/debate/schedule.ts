/**
 * Rounds a coach schedules for later: until its start a practice round is upcoming, and its debaters may
 * debate other rounds meanwhile, as long as those cannot run into its start. How long a round may run is read from
 * the format's timings, so the rule follows the formats.
 */
import { FORMATS, type TFormatId } from '../formats.js';

/**
 * Slack on top of a format's timings: moving between speeches, a short pause, a late start. A round is taken to
 * last its speeches, all of its prep and every grace period, plus this.
 */
export const ROUND_SLACK_MS = 10 * 60_000;

/** The longest a round of `formatId` is taken to last, with `prepMinutes` of prep (the format's default). */
export function longestRoundMs(formatId: TFormatId, prepMinutes?: number): number {
  const format = FORMATS[formatId];
  const speechMs = format.speeches.reduce((sum, speech) => sum + speech.minutes * 60_000, 0);
  const prepPools = format.prep.kind === 'per-side' ? 2 : 1;
  const prepMs = (prepMinutes ?? format.prep.defaultMinutes) * 60_000 * prepPools;
  const graceMs = (format.graceSeconds ?? 0) * 1000 * format.speeches.length;
  return speechMs + prepMs + graceMs + ROUND_SLACK_MS;
}

/** A round from its start for as long as it may run: a scheduled round, or one that would start now. */
export interface TRoundWindow {
  formatId: TFormatId;
  startMs: number;
}

/** Whether two rounds could be running at the same time (each taken at its longest). */
export function roundsOverlap(a: TRoundWindow, b: TRoundWindow): boolean {
  return a.startMs < b.startMs + longestRoundMs(b.formatId) && b.startMs < a.startMs + longestRoundMs(a.formatId);
}

/**
 * The last moment a random round of `formatId` may begin and still be over by `startsAt` (ms): the queue refuses a
 * join after it.
 */
export function latestRandomStartMs(formatId: TFormatId, startsAtMs: number): number {
  return startsAtMs - longestRoundMs(formatId);
}
