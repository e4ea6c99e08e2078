import { useId, useState, type FormEvent } from 'react';
import { FORMATS, SPEAKER_POINTS, type TDebate } from '@resolved/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { buttonClass } from '../../../ui/button-styles';
import { submitBallot } from '../debates-queries';
import { BlockButton } from '../../blocks/BlockButton';
import { namesOf, positionName, seatsOfRound, teamOf } from '../room/round-seats';
import { hasSpeakerRanks, isTeamRound, teamBallotRequest } from './team-ballot';

/**
 * The judge's ballot: winner, speaker points (26–30 in tenths) and a reason for decision. A round of teams takes each
 * debater's points (and in Public Forum optional speaker ranks) instead of one per side.
 */
export function BallotForm({ debate, onSubmitted }: { debate: TDebate; onSubmitted: (debate: TDebate) => void }) {
  const format = FORMATS[debate.formatId];
  const id = useId();
  const [winnerSide, setWinnerSide] = useState<'a' | 'b' | ''>('');
  const [points, setPoints] = useState({ a: '28.0', b: '28.0' });
  const isTeams = isTeamRound(debate);
  const seats = seatsOfRound(debate);
  const [debaterPoints, setDebaterPoints] = useState<Record<string, string>>(() =>
    Object.fromEntries(seats.map((seat) => [seat.userId, '28.0'])),
  );
  const [ranks, setRanks] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [isSending, setIsSending] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!winnerSide) return;
    setIsSending(true);
    try {
      const request = isTeams
        ? teamBallotRequest(debate, { winnerSide, points: debaterPoints, ranks, reason })
        : { winnerSide, speakerPoints: { a: Number(points.a), b: Number(points.b) }, reason };
      if (typeof request === 'string') {
        toast.error(request);
        return;
      }
      const next = await submitBallot(debate.id, request);
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
    >
      <h2 id={`${id}-h`} className="text-lg font-bold text-slate-900">
        Your ballot
      </h2>
      <fieldset className="mt-3">
        <legend className="text-sm font-semibold text-slate-700">Winner</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(['a', 'b'] as const).map((side) => (
            <label key={side} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-winner`}
                value={side}
                checked={winnerSide === side}
                onChange={() => setWinnerSide(side)}
                required
              />
              {format.sides[side]} ({isTeams ? namesOf(teamOf(debate, side)) : debate.debaters[side].displayName})
            </label>
          ))}
        </div>
      </fieldset>
      {isTeams ? (
        <div className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="team-ballot-points">
          {seats.map((seat) => {
            const label = `${seat.displayName} (${format.sides[seat.side]}, ${positionName(debate, seat) ?? ''})`;
            return (
              <div key={seat.userId} className="rounded-xl border border-brand-100 bg-white p-3">
                <label htmlFor={`${id}-pts-${seat.userId}`} className="text-sm font-semibold text-slate-700">
                  Speaker points: {label}
                </label>
                <input
                  id={`${id}-pts-${seat.userId}`}
                  type="number"
                  min={SPEAKER_POINTS.min}
                  max={SPEAKER_POINTS.max}
                  step={SPEAKER_POINTS.step}
                  required
                  value={debaterPoints[seat.userId] ?? ''}
                  onChange={(e) => setDebaterPoints((p) => ({ ...p, [seat.userId]: e.target.value }))}
                  className="mt-1 w-full rounded-xl border border-slate-300 px-3 py-2 text-sm"
                />
                {hasSpeakerRanks(debate) ? (
                  <>
                    <label
                      htmlFor={`${id}-rank-${seat.userId}`}
                      className="mt-2 block text-xs font-semibold text-slate-600"
                    >
                      Speaker rank (optional): {seat.displayName}
                    </label>
                    <select
                      id={`${id}-rank-${seat.userId}`}
                      value={ranks[seat.userId] ?? ''}
                      onChange={(e) => setRanks((r) => ({ ...r, [seat.userId]: e.target.value }))}
                      className="mt-1 w-full rounded-xl border border-slate-300 px-3 py-2 text-sm"
                    >
                      <option value="">No rank</option>
                      {seats.map((_, i) => (
                        <option key={i} value={String(i + 1)}>
                          {i + 1}
                        </option>
                      ))}
                    </select>
                  </>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {(['a', 'b'] as const).map((side) => (
            <div key={side}>
              <label htmlFor={`${id}-pts-${side}`} className="text-sm font-semibold text-slate-700">
                Speaker points: {debate.debaters[side].displayName}
              </label>
              <input
                id={`${id}-pts-${side}`}
                type="number"
                min={SPEAKER_POINTS.min}
                max={SPEAKER_POINTS.max}
                step={SPEAKER_POINTS.step}
                required
                value={points[side]}
                onChange={(e) => setPoints((p) => ({ ...p, [side]: e.target.value }))}
                className="mt-1 w-full rounded-xl border border-slate-300 px-3 py-2 text-sm"
              />
            </div>
          ))}
        </div>
      )}
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
      <button
        type="submit"
        className={buttonClass('primary', 'mt-3')}
        disabled={isSending || !winnerSide || !reason.trim()}
      >
        Submit ballot
      </button>
    </form>
  );
}

/** The decision, as both debaters (and everyone watching) see it; anyone but its judge may block the judge from here. */
export function BallotView({ debate, viewerId }: { debate: TDebate; viewerId?: string | undefined }) {
  const format = FORMATS[debate.formatId];
  const ballot = debate.ballot;
  if (!ballot) return null;
  return (
    <section
      aria-labelledby="ballot-heading"
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5"
      data-testid="ballot"
    >
      <h2 id="ballot-heading" className="text-lg font-bold text-slate-900">
        Decision
      </h2>
      <p className="mt-2 font-semibold text-emerald-900">
        Winner: {format.sides[ballot.winnerSide]} (
        {isTeamRound(debate)
          ? namesOf(teamOf(debate, ballot.winnerSide))
          : debate.debaters[ballot.winnerSide].displayName}
        )
      </p>
      <ul className="mt-2 text-sm text-slate-800">
        {isTeamRound(debate) && ballot.debaterPoints?.length
          ? ballot.debaterPoints.map((p) => (
              <li key={p.userId}>
                {seatsOfRound(debate).find((seat) => seat.userId === p.userId)?.displayName ?? 'Former user'} (
                {format.sides[p.side]}): {p.points.toFixed(1)} speaker points
                {p.rank ? ` · speaker rank ${p.rank}` : ''}
              </li>
            ))
          : (['a', 'b'] as const).map((side) => (
              <li key={side}>
                {debate.debaters[side].displayName}: {ballot.speakerPoints[side].toFixed(1)} speaker points
              </li>
            ))}
      </ul>
      <h3 className="mt-3 text-sm font-semibold text-slate-700">Reason for decision</h3>
      <p className="mt-1 whitespace-pre-wrap text-sm text-slate-800 [overflow-wrap:anywhere]">{ballot.reason}</p>
      {ballot.judge ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600">
          Judged by {ballot.judge.displayName}
          {viewerId && viewerId !== ballot.judge.userId ? (
            <BlockButton userId={ballot.judge.userId} displayName={ballot.judge.displayName} />
          ) : null}
        </p>
      ) : null}
      {ballot.wasJudgePresent ? null : (
        <p className="mt-1 text-xs font-semibold text-amber-800" data-testid="judge-not-present">
          The judge joined after the speeches began and was not present for all of them.
        </p>
      )}
    </section>
  );
}
