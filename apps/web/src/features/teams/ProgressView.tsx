import { Link } from 'react-router';
import { FORMATS, type TDebaterProgress } from '@resolved/shared';
import { PracticeRoundNote } from '../debates/ballot/PracticeRoundNote';

const CHART = { width: 320, height: 120, pad: 8 };

/** A debater's rating after each rated round, one line per format (no chart library: a few SVG paths). */
export function RatingChart({ history }: { history: TDebaterProgress['ratingHistory'] }) {
  const all = history.flatMap((h) => h.points.map((p) => p.rating));
  if (all.length === 0) {
    return <p className="text-sm text-slate-600">The rating chart starts after the first judged round.</p>;
  }
  const min = Math.min(...all, 1500) - 20;
  const max = Math.max(...all, 1500) + 20;
  const y = (rating: number) => CHART.pad + ((max - rating) / (max - min)) * (CHART.height - 2 * CHART.pad);
  const colours = ['#4f46e5', '#0d9488', '#d97706'];
  const summary = history
    .map((h) => `${FORMATS[h.formatId].name}: ${h.points.map((p) => p.rating).join(' → ')}`)
    .join('; ');
  return (
    <figure>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        className="h-32 w-full max-w-md"
        role="img"
        aria-label={`Rating over time. ${summary}`}
        data-testid="rating-chart"
      >
        <line x1={0} x2={CHART.width} y1={y(1500)} y2={y(1500)} stroke="#cbd5e1" strokeDasharray="4 4" />
        {history.map((h, i) => {
          // Start each line at the 1500 every debater begins with.
          const points = [1500, ...h.points.map((p) => p.rating)];
          const step = (CHART.width - 2 * CHART.pad) / Math.max(1, points.length - 1);
          const d = points.map((r, k) => `${k === 0 ? 'M' : 'L'}${CHART.pad + k * step},${y(r)}`).join(' ');
          return <path key={h.formatId} d={d} fill="none" stroke={colours[i % colours.length]} strokeWidth={2.5} />;
        })}
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-3 text-xs text-slate-600">
        {history.map((h, i) => (
          <span key={h.formatId} className="inline-flex items-center gap-1">
            <span className="inline-block h-2 w-4 rounded" style={{ background: colours[i % colours.length] }} />
            {FORMATS[h.formatId].name} {h.points.at(-1)?.rating}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

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
      <RatingChart history={progress.ratingHistory} />
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
                {b.notCounted ? <PracticeRoundNote notCounted={b.notCounted} className="mt-2" /> : null}
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
