import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inSentence, type TFormatId, type TTournamentPairing, type TTournamentRound } from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { FormAlert } from '../../ui/FormAlert';
import { buttonClass } from '../../ui/button-styles';
import { changePairing, repairRound } from './tournament-host-queries';
import { ChairChangeForm } from './ChairChangeForm';
import { refreshTournament } from './tournaments-queries';
import { CorrectionForm } from './CorrectionForm';
import { WalkoverCorrection } from './WalkoverCorrection';

const SMALL_BUTTON = 'px-3 py-1.5 text-sm';

/**
 * A host's "Re-pair round N" (after a second click): the round is drawn again while none of its debates started. The
 * host's view of a round holds every pairing, so the page can hide the button once a room has ended.
 */
export function RepairRoundButton({
  tournamentId,
  round,
  name,
}: {
  tournamentId: number;
  round: TTournamentRound;
  /** The round's name (`roundName`). */
  name: string;
}) {
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const repair = useMutation({
    mutationFn: () => repairRound(tournamentId, round.number, round.releasedAt ?? ''),
    onSuccess: () => {
      setIsConfirming(false);
      setError(undefined);
      void refreshTournament(queryClient, tournamentId);
      toast.success(`${name} is drawn again: its entrants are told their new rooms.`);
    },
    onError: (caught) => {
      setIsConfirming(false);
      setError(errorMessage(caught));
    },
  });
  // Only while every room of the round is still open (the server also refuses once any clock has run).
  const isOpen = [...round.pairings, ...round.bpRooms].every((p) => p.debateId === null || p.debateStatus === 'live');
  if (round.status !== 'released' || round.releasedAt === null || !isOpen) return null;
  return (
    <div className="mt-1 space-y-2">
      {isConfirming ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          Call off this round’s rooms and draw it again?
          <button
            type="button"
            className={buttonClass('danger', SMALL_BUTTON)}
            disabled={repair.isPending}
            onClick={() => repair.mutate()}
          >
            {repair.isPending ? 'Re-pairing…' : `Yes, re-pair ${inSentence(name)}`}
          </button>
          <button type="button" className={buttonClass('ghost', SMALL_BUTTON)} onClick={() => setIsConfirming(false)}>
            Keep the draw
          </button>
        </p>
      ) : (
        <button
          type="button"
          className={buttonClass('secondary', SMALL_BUTTON)}
          onClick={() => {
            setError(undefined);
            setIsConfirming(true);
          }}
        >
          Re-pair {inSentence(name)}
        </button>
      )}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}

/**
 * A host's controls for one pairing: before its debate starts, swap its sides or change its judge (the server refuses
 * once the clock has run, and says so); once it has a confirmed result, correct it with a reason.
 */
export function HostPairingControls({
  tournamentId,
  formatId,
  pairing,
}: {
  tournamentId: number;
  /** The tournament's format: a round of teams' correction names each debater's position in it. */
  formatId: TFormatId;
  pairing: TTournamentPairing;
}) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'judge' | 'correct' | null>(null);
  const [error, setError] = useState<string>();
  const isLive = pairing.debateStatus === 'live';
  const canCorrect = pairing.debateStatus === 'judged' || pairing.debateStatus === 'forfeited';
  const change = useMutation({
    mutationFn: (input: Parameters<typeof changePairing>[2]) => changePairing(tournamentId, pairing.id, input),
    onSuccess: (_round, input) => {
      setError(undefined);
      setMode(null);
      void refreshTournament(queryClient, tournamentId);
      toast.success(input.swapSides ? 'The sides are swapped.' : 'The judge is changed.');
    },
    onError: (caught) => setError(errorMessage(caught)),
  });
  // An elimination round's walkover has no debate: its correction is who goes through.
  if (pairing.debateId === null && pairing.walkoverFrom !== null) {
    return <WalkoverCorrection tournamentId={tournamentId} pairing={pairing} />;
  }
  if (pairing.debateId === null || (!isLive && !canCorrect)) return null;

  return (
    <div className="mt-2 w-full">
      <div className="flex flex-wrap gap-2">
        {isLive ? (
          <>
            <button
              type="button"
              className={buttonClass('secondary', SMALL_BUTTON)}
              disabled={change.isPending}
              onClick={() => change.mutate({ swapSides: true })}
            >
              Swap sides
            </button>
            <button
              type="button"
              className={buttonClass('secondary', SMALL_BUTTON)}
              aria-expanded={mode === 'judge'}
              onClick={() => setMode(mode === 'judge' ? null : 'judge')}
            >
              Change judge
            </button>
          </>
        ) : null}
        {canCorrect ? (
          <button
            type="button"
            className={buttonClass('secondary', SMALL_BUTTON)}
            aria-expanded={mode === 'correct'}
            onClick={() => setMode(mode === 'correct' ? null : 'correct')}
          >
            Correct result
          </button>
        ) : null}
      </div>
      {mode === 'judge' && isLive ? (
        <ChairChangeForm
          tournamentId={tournamentId}
          current={pairing.judge?.userId ?? null}
          hasPanel={pairing.panel.length > 1}
          isPending={change.isPending}
          onSeat={(judgeId) => change.mutate({ judgeId })}
        />
      ) : null}
      {mode === 'correct' && canCorrect ? (
        <CorrectionForm
          tournamentId={tournamentId}
          formatId={formatId}
          pairing={pairing}
          onDone={() => setMode(null)}
        />
      ) : null}
      {error ? <FormAlert className="mt-2">{error}</FormAlert> : null}
    </div>
  );
}
