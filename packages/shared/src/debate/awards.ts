/**
 * Who earns what when a round ends: one pure function for every ending (judged, completed without a ballot,
 * forfeited), so the server writes exactly these awards and the page explains them with the same words.
 *
 * Points and ratings come only from rounds that really happened (Lichess's habit of refusing to rate
 * games that were not really played — its `playban` rage-sit and sandbag watch — is the model):
 * - completion and win points need the speeches to have run a meaningful share of their time;
 * - a forfeit win needs a round that began (speeches ran for a while) with the opponent in the room;
 * - the same two debaters earn from one round a day: the next rounds of that pair within the window earn nothing
 *   and do not move ratings;
 * - a judge earns only when seated before the speeches began, in a round that counts, and not for the same pair
 *   again within the window.
 */
import { z } from 'zod';
import { roundFormatOf, speechesOf, type TFormatId, type TSideKey } from '../formats.js';
import { DEBATE_POINTS } from '../points.js';
import { elapsedAt, formatClock, type TClockState } from './clock.js';

export const AWARD_RULES = {
  /** Completion (and a judged win) needs the speeches to have run at least this share of the format's speech time. */
  minSpokenShare: 0.5,
  /** A forfeit win needs at least this much speaking before the forfeit. */
  forfeitMinSpokenMs: 2 * 60_000,
  /** The same pair (and the same judge for a pair) earns from one round within this window. */
  repeatWindowMs: 24 * 60 * 60_000,
} as const;

export type TRoundEnding = 'judged' | 'completed' | 'forfeited';

/**
 * Why a round did not count for its debaters' points (a practice round), as the rule found it when the round ended:
 * the speeches ran too small a share of their time (`spokenShare`, 0–1), a forfeit came before the speeches had run
 * long enough (`spokenMs`) or before the opponent ever came, or the same pair already earned from a round that day.
 * Stored with the round, so its pages can say it without working it out again.
 */
export const ZNotCounted = z.discriminatedUnion('rule', [
  z.object({ rule: z.literal('speech_share'), spokenShare: z.number().min(0) }),
  z.object({ rule: z.literal('forfeit_early'), spokenMs: z.number().int().min(0) }),
  z.object({ rule: z.literal('forfeit_absent') }),
  z.object({ rule: z.literal('same_pair') }),
]);
export type TNotCounted = z.infer<typeof ZNotCounted>;

/** What the server knows about a round when it ends. */
export interface TRoundFacts {
  debateId: number;
  formatId: TFormatId;
  ending: TRoundEnding;
  /** The winner of a judged round or of a forfeit. */
  winnerSide: TSideKey | null;
  /** Speech time that actually ran, in ms (each speech counted up to its scheduled length). */
  spokenMs: number;
  /** The round's chosen speech length (a five-minute BP room); absent or null: the format's own. */
  speechMinutes?: number | null;
  /**
   * The share of the round's speeches that were to be given, 0–1 (a BP room after a team forfeited: its speeches are
   * skipped, so three teams' of four); absent: all of them.
   */
  speechShareDue?: number;
  /** Whether the debater who forfeited had been in the room (forfeits only). */
  wasForfeiterPresent: boolean;
  /** Whether a judge sat before the first speech started (judged rounds only). */
  wasJudgeSeatedBeforeSpeeches: boolean;
  /** Rounds of the same two debaters that earned points within the repeat window, this one excluded. */
  pairRoundsInWindow: number;
  /** Of those, rounds this round's judge judged. */
  judgePairRoundsInWindow: number;
}

export type TAwardRecipient = TSideKey | 'judge';

export interface TAward {
  recipient: TAwardRecipient;
  points: number;
  /** What the score ledger says, e.g. "Won debate #12". */
  reason: string;
}

export interface TAwardsOutcome {
  awards: TAward[];
  /** Whether the ratings move (judged rounds that count). */
  isRated: boolean;
  /** Why a recipient earned nothing (recorded in the ledger at 0 points, shown to the debater). */
  withheld: TAward[];
  /** Why the round did not count for its debaters (a practice round), or null when it counted. */
  notCounted: TNotCounted | null;
}

/**
 * The round's speech time in ms (what "a meaningful share" is measured against): the format's, or that of the speech
 * length the round chose (`speechMinutes`, a five-minute BP room).
 */
export function scheduledSpeechMs(formatId: TFormatId, speechMinutes?: number | null): number {
  return roundFormatOf(formatId, speechMinutes).speeches.reduce((total, speech) => total + speech.minutes * 60_000, 0);
}

/**
 * The speech time the running speech adds to a round's `spokenMs` when it ends (or the round ends during it): its
 * elapsed time, counted up to its scheduled length plus the format's grace, so overtime cannot stand in for
 * speeches that never happened. 0 outside a speech.
 */
export function spokenIncrement(clock: TClockState, nowMs: number): number {
  if (clock.phase !== 'speech') return 0;
  const format = roundFormatOf(clock.formatId, clock.speechMinutes);
  const speech = speechesOf(clock.formatId, clock.firstSide, clock.speechMinutes)[clock.speechIndex];
  if (!speech) return 0;
  const cap = speech.minutes * 60_000 + (format.graceSeconds ?? 0) * 1000;
  return Math.min(Math.max(0, Math.round(elapsedAt(clock, nowMs))), cap);
}

/** Whether the judge sat before the first speech started (present through the speeches). */
export function wasJudgeSeatedBeforeSpeeches(round: {
  judgeSeatedAt: string | null;
  firstSpeechAt: string | null;
}): boolean {
  return round.judgeSeatedAt !== null && (round.firstSpeechAt === null || round.judgeSeatedAt <= round.firstSpeechAt);
}

const percent = (share: number) => `${Math.floor(share * 100)}%`;

const REPEAT_HOURS = AWARD_RULES.repeatWindowMs / 3_600_000;
const FORFEIT_MINUTES = AWARD_RULES.forfeitMinSpokenMs / 60_000;

/**
 * The conditions on the points, in plain words, next to `DEBATE_POINTS_SUMMARY` wherever the points are promised
 * (the Debates, How To and Help pages), written from the same constants the rule uses.
 */
export const DEBATE_POINTS_CONDITIONS =
  `Points come from rounds that really happen: a round counts when its speeches run at least ${percent(AWARD_RULES.minSpokenShare)} of their time, ` +
  `a forfeit win counts once both debaters were in the room and ${FORFEIT_MINUTES} minutes of speeches ran, ` +
  `and the same two debaters earn points from one round every ${REPEAT_HOURS} hours ` +
  `(a judge earns for a round that counts, when seated before the first speech). ` +
  `Any other round is not counted for points: it stays in your history and says why.`;

/**
 * How a round that earned nothing is named on the round, the dashboard and the coach's progress view (not
 * "Practice round", which names a coach's team rounds only).
 */
export const NOT_COUNTED_LABEL = 'Not counted for points';

/** Why a round was not counted, with the rule it met: "speeches ran 12% of their time; a round counts from 50%". */
export function notCountedWhy(notCounted: TNotCounted): string {
  switch (notCounted.rule) {
    case 'speech_share':
      return `speeches ran ${percent(notCounted.spokenShare)} of their time; a round counts from ${percent(AWARD_RULES.minSpokenShare)}`;
    case 'forfeit_early':
      return `the round ended after ${formatClock(notCounted.spokenMs)} of speeches; a forfeit counts after ${FORFEIT_MINUTES} minutes`;
    case 'forfeit_absent':
      return 'the opponent never came to the room; a forfeit counts once both debaters were there';
    case 'same_pair':
      return `these two debaters already earned points from a round in the last ${REPEAT_HOURS} hours; a pair counts once every ${REPEAT_HOURS} hours`;
  }
}

/** "Not counted for points: speeches ran 12% of their time; a round counts from 50%". */
export function notCountedText(notCounted: TNotCounted): string {
  return `${NOT_COUNTED_LABEL}: ${notCountedWhy(notCounted)}`;
}

export function awardsFor(facts: TRoundFacts): TAwardsOutcome {
  const id = facts.debateId;
  const awards: TAward[] = [];
  const withheld: TAward[] = [];
  const sides: TSideKey[] = ['a', 'b'];
  const nothing = (recipient: TAwardRecipient, why: string) =>
    withheld.push({ recipient, points: 0, reason: `No points for debate #${id}: ${why}` });

  const isRepeatPair = facts.pairRoundsInWindow > 0;
  const repeatWhy = 'the same two debaters already earned points from a round in the last 24 hours';

  if (facts.ending === 'forfeited') {
    const winner = facts.winnerSide;
    if (!winner) return { awards, withheld, isRated: false, notCounted: null };
    let notCounted: TNotCounted | null = null;
    if (!facts.wasForfeiterPresent) {
      notCounted = { rule: 'forfeit_absent' };
      nothing(winner, 'the opponent never came to the room, so the round did not happen');
    } else if (facts.spokenMs < AWARD_RULES.forfeitMinSpokenMs) {
      notCounted = { rule: 'forfeit_early', spokenMs: Math.max(0, Math.round(facts.spokenMs)) };
      nothing(winner, `the round ended before ${FORFEIT_MINUTES} minutes of speeches`);
    } else if (isRepeatPair) {
      notCounted = { rule: 'same_pair' };
      nothing(winner, repeatWhy);
    } else {
      awards.push({ recipient: winner, points: DEBATE_POINTS.complete, reason: `Completed debate #${id} (forfeit)` });
      awards.push({ recipient: winner, points: DEBATE_POINTS.win, reason: `Won debate #${id} by forfeit` });
    }
    return { awards, withheld, isRated: false, notCounted };
  }

  const dueMs = scheduledSpeechMs(facts.formatId, facts.speechMinutes) * (facts.speechShareDue ?? 1);
  const share = dueMs > 0 ? facts.spokenMs / dueMs : 0;
  const isReal = share >= AWARD_RULES.minSpokenShare;
  const counts = isReal && !isRepeatPair;
  for (const side of sides) {
    if (!isReal) {
      nothing(side, `speeches ran ${percent(share)} of their time (${percent(AWARD_RULES.minSpokenShare)} needed)`);
    } else if (isRepeatPair) {
      nothing(side, repeatWhy);
    } else {
      awards.push({ recipient: side, points: DEBATE_POINTS.complete, reason: `Completed debate #${id}` });
    }
  }
  if (facts.ending === 'judged') {
    if (counts && facts.winnerSide) {
      awards.push({ recipient: facts.winnerSide, points: DEBATE_POINTS.win, reason: `Won debate #${id}` });
    }
    if (!counts) {
      nothing('judge', isReal ? repeatWhy : 'the speeches did not run long enough for the round to count');
    } else if (!facts.wasJudgeSeatedBeforeSpeeches) {
      nothing('judge', 'the judge joined after the speeches began');
    } else if (facts.judgePairRoundsInWindow > 0) {
      nothing('judge', 'this judge already judged these two debaters in the last 24 hours');
    } else {
      awards.push({ recipient: 'judge', points: DEBATE_POINTS.judge, reason: `Judged debate #${id}` });
    }
  }
  const notCounted: TNotCounted | null = !isReal
    ? { rule: 'speech_share', spokenShare: share }
    : isRepeatPair
      ? { rule: 'same_pair' }
      : null;
  return { awards, withheld, isRated: facts.ending === 'judged' && counts, notCounted };
}
