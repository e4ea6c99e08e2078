import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FORMATS } from '@resolved/shared';
import { RatingText } from '../debates/ballot/RatingText';
import { RatingChart } from '../debates/ratings/RatingChart';
import { debateHistoryQuery } from '../debates/debates-queries';
import { historyResultText, partnersText } from '../debates/history-text';
import { getMyProgress, teamKeys } from '../teams/teams-queries';
import { isUpcoming } from '../debates/start-time';
import { uncountedBallots } from '../debates/ratings/rating-words';
import { NotCountedNote } from '../debates/ballot/NotCountedNote';
import { debateRecordQuery } from './dashboard-queries';
import { BpRecord } from './BpRecord';

/** How many past rounds the dashboard lists (the Debates page has them all). */
const RECENT_ROUNDS = 5;

/**
 * The debater's own record in the dashboard's "Your debates" area: wins and losses, average speaker points, a rating
 * per format with the chart of how it moved, and the last few rounds with the way to their replays.
 */
export function DebateRecordCard() {
  const record = useQuery(debateRecordQuery);
  const history = useQuery(debateHistoryQuery);
  const progress = useQuery({ queryKey: teamKeys.myProgress, queryFn: getMyProgress });
  const data = record.data;
  const recent = (history.data?.debates ?? []).slice(0, RECENT_ROUNDS);
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="debate-record">
      {!data ? (
        <p className="text-sm text-slate-600">{record.isError ? 'Your record could not be loaded.' : 'Loading…'}</p>
      ) : (
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Wins</dt>
            <dd className="text-xl font-bold text-slate-900" data-testid="record-wins">
              {data.wins}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Losses</dt>
            <dd className="text-xl font-bold text-slate-900" data-testid="record-losses">
              {data.losses}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Avg. speaker points</dt>
            <dd className="text-xl font-bold text-slate-900" data-testid="record-speaker-points">
              {data.averageSpeakerPoints === null ? '—' : data.averageSpeakerPoints.toFixed(1)}
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-3">
            <dt className="text-slate-600">Ratings</dt>
            <dd className="text-sm text-slate-900" data-testid="record-ratings">
              {data.ratings.length === 0
                ? 'After your first judged round that counts for points'
                : data.ratings.map(({ formatId, rating }) => (
                    <span key={formatId} className="block">
                      {FORMATS[formatId].name}:{' '}
                      <RatingText rating={rating.rating} isProvisional={rating.isProvisional} />
                    </span>
                  ))}
            </dd>
          </div>
          {data.bp ? <BpRecord record={data.bp} /> : null}
        </dl>
      )}
      <div className="mt-4">
        {progress.data ? (
          <RatingChart history={progress.data.ratingHistory} uncounted={uncountedBallots(progress.data)} />
        ) : (
          <p className="text-sm text-slate-600">
            {progress.isError ? 'Your rating chart could not be loaded.' : 'Loading…'}
          </p>
        )}
      </div>
      {recent.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-700">Recent rounds</h3>
          <ul className="mt-1 divide-y divide-slate-100 text-sm" data-testid="recent-rounds">
            {recent.map((d) => (
              <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
                <span className="min-w-0 text-slate-800">
                  <span className="font-semibold">{historyResultText(d)}</span> · {FORMATS[d.formatId].name},{' '}
                  {FORMATS[d.formatId].sides[d.side]}
                  {partnersText(d)} against {d.opponent.displayName} · {new Date(d.createdAt).toLocaleDateString()}
                </span>
                <Link
                  to={d.status === 'live' ? `/debates/${d.id}` : `/debates/${d.id}/replay`}
                  className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  {d.status === 'live' ? (isUpcoming(d) ? 'Open the room' : 'Back to the round') : 'Replay'}
                </Link>
                {d.notCounted ? <NotCountedNote notCounted={d.notCounted} className="w-full" /> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
