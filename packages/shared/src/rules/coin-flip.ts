/**
 * Who may make a coin flip choice now (`debate/coin-flip.ts`): the winner first, then the other debater, with the
 * other kind of choice; nobody else, and nothing once both are in or the clock has run. In a round of teams the flip
 * names a side's first seat (`winnerId`), and any member of that team chooses for it, as any member of the other team
 * does for theirs (`seats`: every debater's side).
 */
import type { TRefusal } from '../errors.js';
import { coinFlipStep, isSidePick, type TCoinFlip, type TCoinFlipPick } from '../debate/coin-flip.js';
import type { TDebateStatus } from '../debate/protocol.js';
import { refusalOf } from './refusals.js';

/** Why `userId` may not choose `pick` in a round with coin flip `flip` (null: none), or null when they may. */
export function coinFlipChoiceRefusal(
  flip: TCoinFlip | null,
  round: {
    status: TDebateStatus;
    debaterAId: string;
    debaterBId: string;
    hasClockRun: boolean;
    /** Every debater's seat (a round of teams); without it, each side is its first seat alone. */
    seats?: readonly { userId: string; side: string }[];
  },
  actorId: string,
  pick: TCoinFlipPick,
): TRefusal | null {
  if (flip === null) return refusalOf('no_coin_flip');
  // A member of a team chooses as its first seat, whom the flip names.
  const side = round.seats?.find((seat) => seat.userId === actorId)?.side;
  const userId = side === 'a' ? round.debaterAId : side === 'b' ? round.debaterBId : actorId;
  if (userId !== round.debaterAId && userId !== round.debaterBId) return refusalOf('coin_flip_turn', 'not_debater');
  if (round.status !== 'live' || round.hasClockRun) return refusalOf('coin_flip_closed');
  const step = coinFlipStep(flip);
  if (step === 'done') return refusalOf('coin_flip_made');
  const isWinner = userId === flip.winnerId;
  if (step === 'winner' && !isWinner) return refusalOf('coin_flip_turn', 'winner_first');
  if (step === 'loser') {
    if (isWinner) return refusalOf('coin_flip_turn', 'loser_next');
    const isWinnerSide = isSidePick(flip.winnerChoice!);
    if (isSidePick(pick) === isWinnerSide) return refusalOf('coin_flip_same_kind', isWinnerSide);
  }
  return null;
}
