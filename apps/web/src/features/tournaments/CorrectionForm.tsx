import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TFormatId, type TTournamentPairing } from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { CorrectionReasonField } from './CorrectionReasonField';
import { buttonClass } from '../../ui/button-styles';
import { correctResult } from './tournament-host-queries';
import { refreshTournament } from './tournaments-queries';
import { correctionRequest, debaterLabel, isTeamPairing, startingPoints } from './correction-request';
import { entrantMembersText } from './tournament-view';

const SMALL_BUTTON = 'px-3 py-1.5 text-sm';

/**
 * A host's correction of a confirmed result: the winner, the speaker points (a judged round only) and the reason. A
 * round of teams asks for every debater's points (each labelled with name, side and position, as the judge's team
 * ballot is), starting from the points of record; a one-on-one round for both sides' points, empty to keep them.
 */
export function CorrectionForm({
  tournamentId,
  formatId,
  pairing,
  onDone,
}: {
  tournamentId: number;
  formatId: TFormatId;
  pairing: TTournamentPairing;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [winner, setWinner] = useState<'aff' | 'neg' | ''>('');
  const [affPoints, setAffPoints] = useState('');
  const [negPoints, setNegPoints] = useState('');
  const [debaterPoints, setDebaterPoints] = useState(() => startingPoints(pairing.debaters));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ winner?: string; points?: string; reason?: string; form?: string }>({});
  const hasBallot = pairing.debateStatus === 'judged';
  const isTeams = isTeamPairing(pairing);
  const correct = useMutation({
    mutationFn: (input: Parameters<typeof correctResult>[2]) => correctResult(tournamentId, pairing.id, input),
    onSuccess: () => {
      void refreshTournament(queryClient, tournamentId);
      toast.success('The result is corrected; the standings follow.');
      onDone();
    },
    onError: (caught) => setErrors({ form: errorMessage(caught) }),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const built = correctionRequest(pairing, { winner, affPoints, negPoints, debaterPoints, reason });
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    correct.mutate(built.request);
  }

  const sideName = (side: 'aff' | 'neg') => {
    const entrant = side === 'aff' ? pairing.aff : pairing.neg;
    return entrant ? entrantMembersText(entrant) : 'A withdrawn entrant';
  };
  const radio = (side: 'aff' | 'neg') => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name={`winner-${pairing.id}`}
        value={side}
        checked={winner === side}
        onChange={() => {
          setWinner(side);
          setErrors((current) => ({ ...current, winner: undefined }));
        }}
      />
      {sideName(side)} ({side === 'aff' ? 'Aff' : 'Neg'}) won
    </label>
  );
  return (
    <form
      className="mt-3 space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
      onSubmit={handleSubmit}
      noValidate
      aria-label="Correct the result"
    >
      <fieldset aria-describedby={errors.winner ? `winner-error-${pairing.id}` : undefined}>
        <legend className="text-sm font-semibold text-slate-800">Winner</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {radio('aff')}
          {radio('neg')}
        </div>
        {errors.winner ? (
          <p id={`winner-error-${pairing.id}`} className="mt-1 text-sm text-red-700">
            {errors.winner}
          </p>
        ) : null}
      </fieldset>
      {!hasBallot ? (
        <p className="text-sm text-slate-600">A forfeited round has no ballot: only its winner can change.</p>
      ) : isTeams ? (
        <fieldset data-testid="correction-debater-points">
          <legend className="text-sm font-semibold text-slate-800">Every debater’s speaker points</legend>
          <p className="mt-1 text-sm text-slate-600">
            They start from the points of record; empty every field to keep the ballot’s.
          </p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {pairing.debaters.map((debater, index) => (
              <TextField
                key={debater.userId}
                label={`Speaker points: ${debaterLabel(formatId, debater)}`}
                name={`points-${pairing.id}-${debater.userId}`}
                value={debaterPoints[debater.userId] ?? ''}
                onChange={(value) => setDebaterPoints((current) => ({ ...current, [debater.userId]: value }))}
                error={index === 0 ? errors.points : undefined}
              />
            ))}
          </div>
        </fieldset>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={`Aff points (${pairing.aff?.displayName ?? 'Aff'})`}
            name={`aff-points-${pairing.id}`}
            value={affPoints}
            onChange={setAffPoints}
            hint="Leave both empty to keep the ballot’s points."
            error={errors.points}
          />
          <TextField
            label={`Neg points (${pairing.neg?.displayName ?? 'Neg'})`}
            name={`neg-points-${pairing.id}`}
            value={negPoints}
            onChange={setNegPoints}
          />
        </div>
      )}
      <CorrectionReasonField
        name={`reason-${pairing.id}`}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setErrors((current) => ({ ...current, reason: undefined }));
        }}
        error={errors.reason}
      />
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass('primary', SMALL_BUTTON)} disabled={correct.isPending}>
          {correct.isPending ? 'Saving…' : 'Save the correction'}
        </button>
        <button type="button" className={buttonClass('ghost', SMALL_BUTTON)} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
