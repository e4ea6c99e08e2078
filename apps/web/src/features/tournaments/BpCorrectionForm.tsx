import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WUDC_SPEAKER_SCALE, type TBpSide, type TTournamentBpRoom } from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { buttonClass } from '../../ui/button-styles';
import { FormAlert } from '../../ui/FormAlert';
import { placesToGive } from '../debates/ballot/bp-ballot-request';
import { bpSideName } from './bp-view';
import {
  bpCorrectionRequest,
  bpCorrectionStart,
  bpCorrectionTeams,
  isBpCorrectionLowPointWin,
  type TBpCorrectionValues,
} from './bp-correction-request';
import { CorrectionReasonField } from './CorrectionReasonField';
import { correctBpResult } from './tournament-host-queries';
import { refreshTournament } from './tournaments-queries';

const SMALL_BUTTON = 'px-3 py-1.5 text-sm';
const PLACES = ['First', 'Second', 'Third', 'Fourth'] as const;
const FIELD_CLASS = 'mt-1 w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm';

/**
 * A host's correction of a judged British Parliamentary room: each team's place and each speaker's points, starting
 * from the result of record, with a reason. A ranking the points contradict asks to be confirmed as a low-point win,
 * as the chair's ballot does; a team that forfeited keeps its place. The form checks with the rule the server applies
 * and shows the server's refusal otherwise.
 */
export function BpCorrectionForm({
  tournamentId,
  room,
  onDone,
}: {
  tournamentId: number;
  room: TTournamentBpRoom;
  onDone: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TBpCorrectionValues>(() => bpCorrectionStart(room));
  const [errors, setErrors] = useState<{ result?: string; reason?: string; form?: string }>({});
  const correct = useMutation({
    mutationFn: (input: Parameters<typeof correctBpResult>[2]) => correctBpResult(tournamentId, room.id, input),
    onSuccess: () => {
      void refreshTournament(queryClient, tournamentId);
      toast.success('The result is corrected; the standings follow.');
      onDone();
    },
    onError: (caught) => setErrors({ form: errorMessage(caught) }),
  });
  const isLowPointWin = isBpCorrectionLowPointWin(room, values);
  const change = (next: Partial<TBpCorrectionValues>) => setValues((current) => ({ ...current, ...next }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const built = bpCorrectionRequest(room, values);
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    correct.mutate(built.request);
  }

  const teamFields = (team: TBpSide, seats: ReturnType<typeof bpCorrectionTeams>[number]['seats']) => {
    const name = bpSideName(team);
    const forfeitPlace = room.forfeits[team];
    if (forfeitPlace !== undefined) {
      return (
        <fieldset key={team} className="rounded-xl border border-slate-200 bg-white p-3" disabled>
          <legend className="text-sm font-semibold text-slate-800">{name}</legend>
          <p className="text-sm text-slate-700">
            Forfeited: {PLACES[forfeitPlace - 1]?.toLowerCase()} place, no team or speaker points.
          </p>
        </fieldset>
      );
    }
    return (
      <fieldset key={team} className="rounded-xl border border-slate-200 bg-white p-3" data-testid="bp-correction-team">
        <legend className="text-sm font-semibold text-slate-800">
          {name}
          {room.teams[team] ? `: ${room.teams[team].displayName}` : ''}
        </legend>
        <label htmlFor={`${id}-rank-${team}`} className="block text-xs font-semibold text-slate-600">
          Place: {name}
        </label>
        <select
          id={`${id}-rank-${team}`}
          value={values.ranks[team]}
          onChange={(e) => change({ ranks: { ...values.ranks, [team]: e.target.value } })}
          className={FIELD_CLASS}
        >
          <option value="">Choose a place</option>
          {placesToGive(room.forfeits).map((rank) => (
            <option key={rank} value={String(rank)}>
              {PLACES[rank - 1]} ({4 - rank} team {rank === 3 ? 'point' : 'points'})
            </option>
          ))}
        </select>
        {seats.map((seat) => (
          <div key={seat.userId} className="mt-2">
            <label htmlFor={`${id}-pts-${seat.userId}`} className="text-xs font-semibold text-slate-600">
              Speaker points: {seat.displayName} ({seat.position.toUpperCase()})
            </label>
            <input
              id={`${id}-pts-${seat.userId}`}
              type="number"
              min={WUDC_SPEAKER_SCALE.min}
              max={WUDC_SPEAKER_SCALE.max}
              step={WUDC_SPEAKER_SCALE.step}
              value={values.points[seat.userId] ?? ''}
              onChange={(e) => change({ points: { ...values.points, [seat.userId]: e.target.value } })}
              className={FIELD_CLASS}
            />
          </div>
        ))}
      </fieldset>
    );
  };

  return (
    <form
      className="mt-3 space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
      onSubmit={handleSubmit}
      noValidate
      aria-label="Correct the result"
      data-testid="bp-correction-form"
    >
      <p className="text-sm text-slate-700">
        Each team’s place and its speakers’ points start from the ballot of record. The tab and the break follow.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {bpCorrectionTeams(room).map(({ team, seats }) => teamFields(team, seats))}
      </div>
      {isLowPointWin ? (
        <label className="flex items-start gap-2 text-sm text-amber-900" data-testid="bp-correction-low-point-win">
          <input
            type="checkbox"
            checked={values.isLowPointWinConfirmed}
            onChange={(e) => change({ isLowPointWinConfirmed: e.target.checked })}
          />
          A team is ranked above one with as many speaker points or more: confirm this as a low-point win.
        </label>
      ) : null}
      {errors.result ? <FormAlert>{errors.result}</FormAlert> : null}
      <CorrectionReasonField
        name={`reason-bp-${room.id}`}
        value={values.reason}
        onChange={(reason) => {
          change({ reason });
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
