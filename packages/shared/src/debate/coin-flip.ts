/**
 * A Public Forum tournament round's coin flip as the room runs it. The draw names the winner (`coinFlipSides`); in the
 * room, before the clock can start, the winner chooses a side or the speaking order, then the other debater makes the
 * other kind of choice. Side `a` is always Pro, so a side choice may move the debaters' seats; the speaking order
 * becomes the clock's `firstSide` (`speechesOf`). The outcome is `applyCoinFlipChoice`'s, so the draw's rule and the
 * room's agree.
 */
import { z } from 'zod';
import type { TFormatRules, TSideKey } from '../formats.js';
import { applyCoinFlipChoice, type TCoinFlipChoice } from '../tournaments/sides.js';

/** What a debater may choose: a side (aff is Pro, neg is Con), or to speak first or second. */
export const COIN_FLIP_PICKS = ['aff', 'neg', 'first', 'second'] as const;
export type TCoinFlipPick = (typeof COIN_FLIP_PICKS)[number];

/** `POST /api/debates/:id/coin-flip`: the choice of the debater whose turn it is. */
export const ZCoinFlipChoiceRequest = z.object({
  choice: z.enum(COIN_FLIP_PICKS, { error: 'Choose Pro, Con, to speak first or to speak second.' }),
});
export type TCoinFlipChoiceRequest = z.infer<typeof ZCoinFlipChoiceRequest>;

/** A round's coin flip: its winner and each choice made so far (null: not yet). */
export interface TCoinFlip {
  winnerId: string;
  winnerChoice: TCoinFlipPick | null;
  loserChoice: TCoinFlipPick | null;
}

/** Whose choice the round waits for: the winner's, then the other debater's; `done` once both are in. */
export type TCoinFlipStep = 'winner' | 'loser' | 'done';

export function isSidePick(pick: TCoinFlipPick): pick is 'aff' | 'neg' {
  return pick === 'aff' || pick === 'neg';
}

function choiceOf(pick: TCoinFlipPick): TCoinFlipChoice {
  return isSidePick(pick) ? { side: pick } : { speaksFirst: pick === 'first' };
}

export function coinFlipStep(flip: TCoinFlip): TCoinFlipStep {
  if (flip.winnerChoice === null) return 'winner';
  return flip.loserChoice === null ? 'loser' : 'done';
}

/** Whether the clock still waits for a choice (never, in a round without a coin flip). */
export function isCoinFlipPending(flip: TCoinFlip | null): boolean {
  return flip !== null && coinFlipStep(flip) !== 'done';
}

/**
 * What the choices made so far do to a round whose seats are `seats` now: whether its debaters change seats (a side
 * was chosen by the one not yet sitting on it), and which side speaks first once both choices are in (null before).
 * Null when both choices are of one kind, which the rule (`coinFlipChoiceRefusal`) never lets through.
 */
export function coinFlipSeats(
  seats: Record<TSideKey, string>,
  flip: TCoinFlip,
): { isSwap: boolean; firstSide: TSideKey | null } | null {
  const { winnerId, winnerChoice, loserChoice } = flip;
  if (winnerChoice === null) return { isSwap: false, firstSide: null };
  if (loserChoice === null) {
    const isSwap = isSidePick(winnerChoice) && (winnerChoice === 'aff') !== (winnerId === seats.a);
    return { isSwap, firstSide: null };
  }
  const outcome = applyCoinFlipChoice(
    { aff: seats.a, neg: seats.b, coinFlipWinner: winnerId },
    choiceOf(winnerChoice),
    choiceOf(loserChoice),
  );
  if (!outcome) return null;
  return { isSwap: outcome.aff !== seats.a, firstSide: outcome.firstSpeaker === outcome.aff ? 'a' : 'b' };
}

/** A choice in words: "chose Con", "chose to speak first". */
function choseWords(pick: TCoinFlipPick, sides: TFormatRules['sides']): string {
  if (isSidePick(pick)) return `chose ${pick === 'aff' ? sides.a : sides.b}`;
  return `chose to speak ${pick}`;
}

/**
 * The coin flip in one sentence, as the room and the tournament's rounds show it: "Alex won the coin flip and chose
 * Con; Sam chose to speak first." `nameOf` names a side by its first debater (the room says "You" for the viewer's
 * side; a team is named by its members, "Ann and Ben", and `isTeam` says so, for the verb: "choose").
 */
export function coinFlipText(
  flip: TCoinFlip,
  loserId: string,
  nameOf: (userId: string) => string,
  sides: TFormatRules['sides'],
  isTeam: (userId: string) => boolean = () => false,
): string {
  const winner = nameOf(flip.winnerId);
  // The other side is named after a semicolon: "you" there, in lower case.
  const loser = nameOf(loserId) === 'You' ? 'you' : nameOf(loserId);
  const choose = (name: string, userId: string) =>
    name === 'You' || name === 'you' || isTeam(userId) ? 'choose' : 'chooses';
  if (flip.winnerChoice === null) {
    return `${winner} won the coin flip and ${choose(winner, flip.winnerId)} a side or the speaking order.`;
  }
  const first = `${winner} won the coin flip and ${choseWords(flip.winnerChoice, sides)}`;
  if (flip.loserChoice === null) {
    const next = isSidePick(flip.winnerChoice) ? 'the speaking order' : 'a side';
    return `${first}; ${loser} ${choose(loser, loserId)} ${next} next.`;
  }
  return `${first}; ${loser} ${choseWords(flip.loserChoice, sides)}.`;
}
