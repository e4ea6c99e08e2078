import { useState } from 'react';
import { coinFlipStep, coinFlipText, FORMATS, isSidePick, type TCoinFlipPick, type TDebate } from '@resolved/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { buttonClass } from '../../../ui/button-styles';
import { chooseAfterCoinFlip } from '../debates-queries';
import { namesOf, teamOf, viewerSeat } from './round-seats';

/**
 * A Public Forum tournament round's coin flip (`debate/coin-flip.ts`): what has been chosen, in one sentence, and for
 * the side whose turn it is the choices they may make (in a round of teams, every member of that team: any of them
 * chooses for it). The server checks every choice again and publishes the round to the room, so both teams, the judge
 * and spectators see each choice as it lands.
 */
export function CoinFlipPanel({
  debate,
  viewerId,
  onDebateChange,
}: {
  debate: TDebate;
  viewerId: string | undefined;
  onDebateChange: (debate: TDebate) => void;
}) {
  const [busy, setBusy] = useState<TCoinFlipPick | null>(null);
  const flip = debate.coinFlip;
  if (!flip) return null;
  const format = FORMATS[debate.formatId];
  const step = coinFlipStep(flip);
  const { a, b } = debate.debaters;
  const loserId = flip.winnerId === a.userId ? b.userId : a.userId;
  // The flip names each side by its first seat; the viewer's own side is "You", another side its members.
  const sideOf = (userId: string) => (userId === a.userId ? 'a' : 'b');
  const mySide = viewerSeat(debate, viewerId)?.side ?? null;
  const nameOf = (userId: string) => (sideOf(userId) === mySide ? 'You' : namesOf(teamOf(debate, sideOf(userId))));
  const isTeam = (userId: string) => teamOf(debate, sideOf(userId)).length > 1;
  const text = coinFlipText(flip, loserId, nameOf, format.sides, isTeam);
  const isMyTurn =
    debate.status === 'live' &&
    mySide !== null &&
    ((step === 'winner' && mySide === sideOf(flip.winnerId)) || (step === 'loser' && mySide === sideOf(loserId)));
  // The other debater makes the other kind of choice: the order after a side, a side after the order.
  const isSideOpen = step === 'winner' || (step === 'loser' && !isSidePick(flip.winnerChoice!));
  const isOrderOpen = step === 'winner' || (step === 'loser' && isSidePick(flip.winnerChoice!));
  const choices: { pick: TCoinFlipPick; label: string; isOpen: boolean }[] = [
    { pick: 'aff', label: format.sides.a, isOpen: isSideOpen },
    { pick: 'neg', label: format.sides.b, isOpen: isSideOpen },
    { pick: 'first', label: 'Speak first', isOpen: isOrderOpen },
    { pick: 'second', label: 'Speak second', isOpen: isOrderOpen },
  ];

  async function handleChoose(pick: TCoinFlipPick) {
    setBusy(pick);
    try {
      onDebateChange(await chooseAfterCoinFlip(debate.id, pick));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      aria-labelledby="coin-flip-heading"
      className={`rounded-2xl border p-4 text-sm ${step === 'done' ? 'border-slate-200 bg-white' : 'border-amber-300 bg-amber-50'}`}
      data-testid="coin-flip"
    >
      <h2 id="coin-flip-heading" className="font-bold text-slate-900">
        Coin flip
      </h2>
      <p className="mt-1 text-slate-800" data-testid="coin-flip-text">
        {text}
      </p>
      {isMyTurn ? (
        <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Your coin flip choice">
          {choices
            .filter((choice) => choice.isOpen)
            .map((choice) => (
              <button
                key={choice.pick}
                type="button"
                className={buttonClass(isSidePick(choice.pick) ? 'primary' : 'secondary')}
                disabled={busy !== null}
                onClick={() => void handleChoose(choice.pick)}
              >
                {choice.label}
              </button>
            ))}
        </div>
      ) : step !== 'done' && debate.status === 'live' ? (
        <p className="mt-2 text-xs text-slate-700">The clock starts once both choices are made.</p>
      ) : null}
    </section>
  );
}
