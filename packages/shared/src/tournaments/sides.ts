/**
 * Who takes which side. LD and Parli balance each entrant's sides: after every even round nobody has had one side
 * more than once more than the other (the draw pairs so that this can hold; here each pairing's sides are chosen).
 * Public Forum flips a coin whose winner chooses a side or the speaking order, the loser taking the other choice.
 * An elimination rematch takes the sides opposite to the pair's latest earlier meeting.
 */
import type { TFormatId } from '../formats.js';
import type { TRandom } from '../debate/matchmaking.js';
import type { TDrawnDebate, TRoundRecord, TSide } from './types.js';

export interface TSideCount {
  aff: number;
  neg: number;
}

/** Whether the format balances sides over the preliminaries (LD, Parli) rather than flipping a coin (PF). */
export function balancesSides(format: TFormatId): boolean {
  return format !== 'pf';
}

/** How many times each entrant has debated on each side in `rounds`. */
export function sideCounts(rounds: readonly TRoundRecord[]): Map<string, TSideCount> {
  const counts = new Map<string, TSideCount>();
  const countOf = (id: string) => {
    let count = counts.get(id);
    if (!count) counts.set(id, (count = { aff: 0, neg: 0 }));
    return count;
  };
  for (const round of rounds) {
    for (const debate of round.debates) {
      countOf(debate.aff).aff++;
      countOf(debate.neg).neg++;
    }
  }
  return counts;
}

/** Aff rounds minus neg rounds: positive wants neg next, negative wants aff. */
export function sideLean(count: TSideCount | undefined): number {
  return count ? count.aff - count.neg : 0;
}

/**
 * The side an entrant must take in round `roundNumber` so that, after it, their sides differ by at most one: only in
 * an even round of a balancing format, and only when they lean (an entrant with a bye can be level and take either).
 */
export function requiredSide(format: TFormatId, roundNumber: number, lean: number): TSide | null {
  if (!balancesSides(format) || roundNumber % 2 !== 0 || lean === 0) return null;
  return lean > 0 ? 'neg' : 'aff';
}

/** A fair coin from the seeded source: true for heads. */
export function coinFlip(random: TRandom): boolean {
  return random() < 0.5;
}

/**
 * Sides for a pair in a balancing format: the one who has been aff less often (relative to neg) takes aff; level
 * leans go to a seeded coin.
 */
export function balancedSides(
  a: string,
  b: string,
  counts: ReadonlyMap<string, TSideCount>,
  random: TRandom,
): { aff: string; neg: string } {
  const leanA = sideLean(counts.get(a));
  const leanB = sideLean(counts.get(b));
  const isAAff = leanA === leanB ? coinFlip(random) : leanA < leanB;
  return isAAff ? { aff: a, neg: b } : { aff: b, neg: a };
}

/**
 * A Public Forum pairing: a seeded coin's winner, who chooses before the clock starts. Until then the winner is
 * listed as aff (Pro), which `applyCoinFlipChoice` then settles.
 */
export function coinFlipSides(
  a: string,
  b: string,
  random: TRandom,
): Pick<TDrawnDebate, 'aff' | 'neg' | 'coinFlipWinner'> {
  const winner = coinFlip(random) ? a : b;
  return { aff: winner, neg: winner === a ? b : a, coinFlipWinner: winner };
}

/** What one side of a coin flip chooses: a side, or to speak first or second. */
export type TCoinFlipChoice = { side: TSide } | { speaksFirst: boolean };

/**
 * The sides and speaking order after a Public Forum coin flip: the winner's choice, then the loser's of the other
 * kind (a side if the winner chose the order, the order if the winner chose a side). Null when the two choices are
 * of the same kind, which the server refuses.
 */
export function applyCoinFlipChoice(
  debate: Pick<TDrawnDebate, 'aff' | 'neg' | 'coinFlipWinner'>,
  winnerChoice: TCoinFlipChoice,
  loserChoice: TCoinFlipChoice,
): { aff: string; neg: string; firstSpeaker: string } | null {
  const winner = debate.coinFlipWinner;
  if (winner === null || 'side' in winnerChoice === 'side' in loserChoice) return null;
  const loser = winner === debate.aff ? debate.neg : debate.aff;
  const sideChoice = 'side' in winnerChoice ? { by: winner, side: winnerChoice.side } : null;
  const side = sideChoice ?? { by: loser, side: (loserChoice as { side: TSide }).side };
  const other = side.by === winner ? loser : winner;
  const aff = side.side === 'aff' ? side.by : other;
  const order = 'speaksFirst' in winnerChoice ? { by: winner, first: winnerChoice.speaksFirst } : null;
  const speaks = order ?? { by: loser, first: (loserChoice as { speaksFirst: boolean }).speaksFirst };
  const firstSpeaker = speaks.first ? speaks.by : speaks.by === winner ? loser : winner;
  return { aff, neg: aff === winner ? loser : winner, firstSpeaker };
}

/** The sides `a` and `b` had when they last met in `rounds`, or null if they never met. */
export function lastMeeting(
  a: string,
  b: string,
  rounds: readonly TRoundRecord[],
): { aff: string; neg: string } | null {
  for (let r = rounds.length - 1; r >= 0; r--) {
    for (const debate of rounds[r]!.debates) {
      if ((debate.aff === a && debate.neg === b) || (debate.aff === b && debate.neg === a)) {
        return { aff: debate.aff, neg: debate.neg };
      }
    }
  }
  return null;
}

/**
 * Sides for an elimination debate (`rounds`: every earlier round, preliminary and elimination). A rematch takes the
 * sides opposite to the latest meeting, in every format, with no coin. Otherwise LD and Parli toss a seeded coin
 * (balance no longer matters once a loss ends the run), and PF flips for the winner's choice.
 */
export function eliminationSides(
  format: TFormatId,
  a: string,
  b: string,
  rounds: readonly TRoundRecord[],
  random: TRandom,
): Pick<TDrawnDebate, 'aff' | 'neg' | 'coinFlipWinner'> & { isRematch: boolean } {
  const earlier = lastMeeting(a, b, rounds);
  if (earlier) return { aff: earlier.neg, neg: earlier.aff, coinFlipWinner: null, isRematch: true };
  if (!balancesSides(format)) return { ...coinFlipSides(a, b, random), isRematch: false };
  const isAAff = coinFlip(random);
  return { aff: isAAff ? a : b, neg: isAAff ? b : a, coinFlipWinner: null, isRematch: false };
}
