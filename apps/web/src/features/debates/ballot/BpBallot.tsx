import { useId, useState, type FormEvent } from 'react';
import { bpBallotResult, WUDC_SPEAKER_SCALE, type TBpSide, type TDebate } from '@resolved/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { buttonClass } from '../../../ui/button-styles';
import { BlockButton } from '../../blocks/BlockButton';
import { submitBallot } from '../debates-queries';
import { bpTeamName, bpTeamsOf, positionName } from '../room/round-seats';
import { bpBallotRequestOf, placesToGive } from './bp-ballot-request';

const PLACES = ['First', 'Second', 'Third', 'Fourth'] as const;

/**
 * A British Parliamentary room's ranked ballot (issue 41): the judge (the chair for a panel) places each of the four
 * teams first to fourth, gives the eight speakers points on the WUDC's 50–100 scale and a reason. A ranking the points
 * contradict asks to be confirmed as a low-point win; the form checks with the rule the server applies
 * (`bpBallotResult`) and shows the server's refusal otherwise.
 */
export function BpBallotForm({ debate, onSubmitted }: { debate: TDebate; onSubmitted: (debate: TDebate) => void }) {
  const id = useId();
  const teams = bpTeamsOf(debate);
  const [ranks, setRanks] = useState<Record<TBpSide, string>>({ og: '', oo: '', cg: '', co: '' });
  const [points, setPoints] = useState<Record<string, string>>({});
  const [isLowPointWinConfirmed, setIsLowPointWinConfirmed] = useState(false);
  const [reason, setReason] = useState('');
  const [isSending, setIsSending] = useState(false);

  // Teams that forfeited take their places below the others, with no points: the judge ranks the rest.
  const forfeits = debate.bpForfeits ?? {};
  const request = bpBallotRequestOf(teams, { ranks, points }, forfeits);
  const check = bpBallotResult({ ...request, isLowPointWinConfirmed: true }, undefined, forfeits);
  const isLowPointWin = typeof check !== 'string' && check.isLowPointWin;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const refusal = bpBallotResult({ ...request, isLowPointWinConfirmed }, undefined, forfeits);
    if (typeof refusal === 'string') {
      toast.error(refusal);
      return;
    }
    setIsSending(true);
    try {
      const next = await submitBallot(debate.id, {
        ranks: request.ranks,
        speakerPoints: request.speakerPoints,
        isLowPointWinConfirmed,
        reason,
      });
      onSubmitted(next);
      toast.success('Ballot submitted.');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setIsSending(false);
    }
  }

  return (
    <form
      onSubmit={handleSubmit}
      className="rounded-2xl border border-brand-200 bg-brand-50 p-5"
      aria-labelledby={`${id}-h`}
      data-testid="bp-ballot-form"
    >
      <h2 id={`${id}-h`} className="text-lg font-bold text-slate-900">
        {Object.keys(forfeits).length > 0
          ? 'Your ballot: rank the teams that stayed'
          : 'Your ballot: rank the four teams'}
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {teams.map(({ team, name, seats }) => {
          const forfeitPlace = forfeits[team];
          return forfeitPlace !== undefined ? (
            <fieldset key={team} className="rounded-xl border border-slate-200 bg-slate-50 p-3" disabled>
              <legend className="text-sm font-semibold text-slate-800">{name}</legend>
              <p className="text-sm text-slate-700" data-testid={`bp-forfeit-${team}`}>
                Forfeited: {PLACES[forfeitPlace - 1]?.toLowerCase()} place, no team or speaker points.
              </p>
            </fieldset>
          ) : (
            <fieldset key={team} className="rounded-xl border border-brand-100 bg-white p-3">
              <legend className="text-sm font-semibold text-slate-800">{name}</legend>
              <label htmlFor={`${id}-rank-${team}`} className="block text-xs font-semibold text-slate-600">
                Place: {name}
              </label>
              <select
                id={`${id}-rank-${team}`}
                required
                value={ranks[team]}
                onChange={(e) => setRanks((r) => ({ ...r, [team]: e.target.value }))}
                className="mt-1 w-full rounded-xl border border-slate-300 px-3 py-2 text-sm"
              >
                <option value="">Choose a place</option>
                {placesToGive(forfeits).map((rank) => (
                  <option key={rank} value={String(rank)}>
                    {PLACES[rank - 1]} ({4 - rank} team points)
                  </option>
                ))}
              </select>
              {seats.map((seat) => (
                <div key={seat.userId} className="mt-2">
                  <label htmlFor={`${id}-pts-${seat.userId}`} className="text-xs font-semibold text-slate-600">
                    Speaker points: {seat.displayName} ({positionName(debate, seat)})
                  </label>
                  <input
                    id={`${id}-pts-${seat.userId}`}
                    type="number"
                    min={WUDC_SPEAKER_SCALE.min}
                    max={WUDC_SPEAKER_SCALE.max}
                    step={WUDC_SPEAKER_SCALE.step}
                    required
                    value={points[seat.userId] ?? ''}
                    onChange={(e) => setPoints((p) => ({ ...p, [seat.userId]: e.target.value }))}
                    className="mt-1 w-full rounded-xl border border-slate-300 px-3 py-2 text-sm"
                  />
                </div>
              ))}
            </fieldset>
          );
        })}
      </div>
      {isLowPointWin ? (
        <label className="mt-3 flex items-start gap-2 text-sm text-amber-900" data-testid="bp-low-point-win">
          <input
            type="checkbox"
            checked={isLowPointWinConfirmed}
            onChange={(e) => setIsLowPointWinConfirmed(e.target.checked)}
          />
          A team is ranked above one with as many speaker points or more: confirm this as a low-point win.
        </label>
      ) : null}
      <label htmlFor={`${id}-rfd`} className="mt-3 block text-sm font-semibold text-slate-700">
        Reason for decision
      </label>
      <textarea
        id={`${id}-rfd`}
        required
        maxLength={5000}
        rows={4}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        className="mt-1 w-full rounded-xl border border-slate-300 px-3 py-2 text-sm"
      />
      <button type="submit" className={buttonClass('primary', 'mt-3')} disabled={isSending || !reason.trim()}>
        Submit ballot
      </button>
    </form>
  );
}

/** A judged BP room: the teams first to fourth with their team points and each speaker's points. */
export function BpResultView({ debate, viewerId }: { debate: TDebate; viewerId?: string | undefined }) {
  const result = debate.bpResult;
  if (!result) return null;
  const nameOf = (userId: string) => debate.seats.find((seat) => seat.userId === userId)?.displayName ?? 'Former user';
  return (
    <section
      aria-labelledby="bp-result-heading"
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5"
      data-testid="bp-result"
    >
      <h2 id="bp-result-heading" className="text-lg font-bold text-slate-900">
        Decision
      </h2>
      <ol className="mt-2 space-y-2 text-sm text-slate-800">
        {result.teams.map((team) => (
          <li key={team.team} data-testid={`bp-place-${team.rank}`}>
            <p className="font-semibold text-emerald-900">
              {PLACES[team.rank - 1]}: {bpTeamName(team.team)}
              {debate.bpForfeits?.[team.team] !== undefined ? ' (forfeited)' : ''} · {team.teamPoints} team{' '}
              {team.teamPoints === 1 ? 'point' : 'points'} · {team.speakerPoints} speaker points
            </p>
            <p>
              {team.speakers.map((s) => `${nameOf(s.userId)} (${s.position.toUpperCase()}) ${s.points}`).join(' · ')}
            </p>
          </li>
        ))}
      </ol>
      {result.isLowPointWin ? (
        <p className="mt-2 text-xs font-semibold text-amber-800">The judge confirmed a low-point win.</p>
      ) : null}
      <h3 className="mt-3 text-sm font-semibold text-slate-700">Reason for decision</h3>
      <p className="mt-1 whitespace-pre-wrap text-sm text-slate-800 [overflow-wrap:anywhere]">{result.reason}</p>
      {result.judge ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600">
          Judged by {result.judge.displayName}
          {viewerId && viewerId !== result.judge.userId ? (
            <BlockButton userId={result.judge.userId} displayName={result.judge.displayName} />
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
