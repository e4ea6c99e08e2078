/**
 * Who earns what when a round ends: one pure function for every ending (judged, completed without a ballot,
 * forfeited), so the server writes exactly these awards and the page explains them with the same words.
 *
 * Points and ratings come only from rounds that really happened (issue 12; Lichess's habit of refusing to rate
 * games that were not really played — its `playban` rage-sit and sandbag watch — is the model):
 * - completion and win points need the speeches to have run a meaningful share of their time;
 * - a forfeit win needs a round that began (speeches ran for a while) with the opponent in the room;
 * - the same two debaters earn from one round a day: the next rounds of that pair within the window earn nothing
 *   and do not move ratings;
 * - a judge earns only when seated before the speeches began, in a round that counts, and not for the same pair
 *   again within the window.
 */
import { FORMATS, type TFormatId, type TSideKey } from '../formats.js';
import { DEBATE_POINTS } from '../points.js';
import { elapsedAt, type TClockState } from './clock.js';

export const AWARD_RULES = {
  /** Completion (and a judged win) needs the speeches to have run at least this share of the format's speech time. */
  minSpokenShare: 0.5,
  /** A forfeit win needs at least this much speaking before the forfeit. */
  forfeitMinSpokenMs: 2 * 60_000,
  /** The same pair (and the same judge for a pair) earns from one round within this window. */
  repeatWindowMs: 24 * 60 * 60_000,
} as const;

export type TRoundEnding = 'judged' | 'completed' | 'forfeited';

/** What the server knows about a round when it ends. */
export interface TRoundFacts {
  debateId: number;
  formatId: TFormatId;
  ending: TRoundEnding;
  /** The winner of a judged round or of a forfeit. */
  winnerSide: TSideKey | null;
  /** Speech time that actually ran, in ms (each speech counted up to its scheduled length). */
  spokenMs: number;
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
}

/** The format's speech time in ms (what "a meaningful share" is measured against). */
export function scheduledSpeechMs(formatId: TFormatId): number {
  return FORMATS[formatId].speeches.reduce((total, speech) => total + speech.minutes * 60_000, 0);
}

/**
 * The speech time the running speech adds to a round's `spokenMs` when it ends (or the round ends during it): its
 * elapsed time, counted up to its scheduled length plus the format's grace, so overtime cannot stand in for
 * speeches that never happened. 0 outside a speech.
 */
export function spokenIncrement(clock: TClockState, nowMs: number): number {
  if (clock.phase !== 'speech') return 0;
  const format = FORMATS[clock.formatId];
  const speech = format.speeches[clock.speechIndex];
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
    if (!winner) return { awards, withheld, isRated: false };
    if (!facts.wasForfeiterPresent) {
      nothing(winner, 'the opponent never came to the room, so the round did not happen');
    } else if (facts.spokenMs < AWARD_RULES.forfeitMinSpokenMs) {
      nothing(winner, `the round ended before ${AWARD_RULES.forfeitMinSpokenMs / 60_000} minutes of speeches`);
    } else if (isRepeatPair) {
      nothing(winner, repeatWhy);
    } else {
      awards.push({ recipient: winner, points: DEBATE_POINTS.complete, reason: `Completed debate #${id} (forfeit)` });
      awards.push({ recipient: winner, points: DEBATE_POINTS.win, reason: `Won debate #${id} by forfeit` });
    }
    return { awards, withheld, isRated: false };
  }

  const share = facts.spokenMs / scheduledSpeechMs(facts.formatId);
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
  return { awards, withheld, isRated: facts.ending === 'judged' && counts };
}
