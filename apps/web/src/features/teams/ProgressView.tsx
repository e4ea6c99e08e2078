import { Link } from 'react-router';
import { FORMATS, type TDebaterProgress } from '@resolved/shared';
import { RatingChart } from '../debates/ratings/RatingChart';
import { uncountedBallots } from '../debates/ratings/rating-words';
import { NotCountedNote } from '../debates/ballot/NotCountedNote';

/** Rounds per format, wins and losses, speaker points, the rating chart and the latest ballots with their reasons. */
export function ProgressView({ progress }: { progress: TDebaterProgress }) {
  return (
    <div className="space-y-4" data-testid="progress">
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-slate-600">Wins</dt>
          <dd className="text-xl font-bold text-slate-900" data-testid="progress-wins">
            {progress.wins}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Losses</dt>
          <dd className="text-xl font-bold text-slate-900" data-testid="progress-losses">
            {progress.losses}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Avg. speaker points</dt>
          <dd className="text-xl font-bold text-slate-900">
            {progress.averageSpeakerPoints === null ? '—' : progress.averageSpeakerPoints.toFixed(1)}
          </dd>
        </div>
      </dl>
      {progress.formats.length > 0 ? (
        <ul className="flex flex-wrap gap-2 text-sm">
          {progress.formats.map((f) => (
            <li key={f.formatId} className="rounded-full bg-slate-100 px-3 py-1 text-slate-800">
              {FORMATS[f.formatId].name}: {f.rounds} {f.rounds === 1 ? 'round' : 'rounds'} ({f.wins}–{f.losses})
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No finished rounds yet.</p>
      )}
      <RatingChart history={progress.ratingHistory} uncounted={uncountedBallots(progress)} />
      <div>
        <h4 className="text-sm font-semibold text-slate-900">Latest ballots</h4>
        {progress.lastBallots.length === 0 ? (
          <p className="text-sm text-slate-600">No ballots yet.</p>
        ) : (
          <ul className="mt-2 space-y-2" data-testid="last-ballots">
            {progress.lastBallots.map((b) => (
              <li key={b.debateId} className="rounded-xl border border-slate-200 p-3 text-sm">
                <p className="font-semibold text-slate-900">
                  <span className={b.result === 'win' ? 'text-emerald-700' : 'text-rose-700'}>
                    {b.result === 'win' ? 'Win' : 'Loss'}
                  </span>{' '}
                  · {FORMATS[b.formatId].name} · {b.speakerPoints.toFixed(1)} speaker points
                  {b.judgeName ? ` · judged by ${b.judgeName}` : ''}
                </p>
                <p className="mt-1 break-words text-slate-700">“{b.reason}”</p>
                {b.notCounted ? <NotCountedNote notCounted={b.notCounted} className="mt-2" /> : null}
                <Link to={`/debates/${b.debateId}/replay`} className="mt-1 inline-block text-brand-700 underline">
                  Replay the round
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
