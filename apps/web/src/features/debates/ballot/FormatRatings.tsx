import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FORMAT_IDS, FORMATS, type TFormatId } from '@resolved/shared';
import { RatingText } from './RatingText';
import { noFormatRatingsText } from '../ratings/rating-words';
import { formatRatingsQuery } from '../debates-queries';
import { errorMessage } from '../../../lib/form-errors';

/**
 * Per-format ratings (openskill) from judged debates. A rating is marked "?" while provisional (its deviation at or
 * above RATING_PROVISIONAL_DEVIATION), explained in a debater's words. Shown on /debates and the leaderboard.
 */
export function FormatRatings() {
  const headingId = useId();
  const [formatId, setFormatId] = useState<TFormatId>('ld');
  const { data, isPending, error } = useQuery(formatRatingsQuery(formatId));
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        Ratings by format
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Ratings from judged debates. A rating with ? is still settling: it firms up after a few judged rounds.
      </p>
      <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Rating format">
        {FORMAT_IDS.map((id) => (
          <button
            key={id}
            type="button"
            aria-pressed={formatId === id}
            onClick={() => setFormatId(id)}
            className={`rounded-xl border px-4 py-2 text-sm font-semibold ${
              formatId === id ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-slate-300 text-slate-700'
            }`}
          >
            {FORMATS[id].name}
          </button>
        ))}
      </div>
      {isPending ? (
        <p className="mt-3 text-sm text-slate-600">Loading ratings…</p>
      ) : error ? (
        <p role="alert">{errorMessage(error)}</p>
      ) : data.length === 0 ? (
        <p className="mt-3 text-slate-600">{noFormatRatingsText(formatId)}</p>
      ) : (
        <ol
          className="mt-3 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm"
          data-testid="format-ratings"
        >
          {data.map((row, index) => (
            <li key={row.userId} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
              <span>
                <span className="mr-2 tabular-nums text-slate-500">{index + 1}.</span>
                <span className="font-semibold text-slate-900">{row.displayName}</span>
              </span>
              <span className="tabular-nums text-slate-700">
                <RatingText rating={row.rating} isProvisional={row.isProvisional} /> · {row.games}{' '}
                {row.games === 1 ? 'debate' : 'debates'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
