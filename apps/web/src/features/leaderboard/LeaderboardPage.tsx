import { useInfiniteQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { ordinal } from '@resolved/shared';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';
import { Card } from '../../ui/Card';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { FormatRatings } from '../debates/ballot/FormatRatings';
import { ProfileLink } from '../users/ProfileLink';
import { leaderboardQuery } from './leaderboard-queries';

const MEDALS = ['bg-amber-400 text-amber-950', 'bg-slate-300 text-slate-900', 'bg-orange-300 text-orange-950'];

/** Top Users (spec §2): ranks come from the server, 100 a page, in the one order everywhere. */
export default function LeaderboardPage() {
  useDocumentTitle('Leaderboard');
  const { user } = useAuth();
  const board = useInfiniteQuery(leaderboardQuery(user?.id ?? null));

  // The heading shows at once; only the ranking below it waits for the server.
  const heading = (
    <PageHeading
      title="Top Users"
      icon={<Trophy className="h-8 w-8 text-amber-500" aria-hidden="true" />}
      lead="Every debater, ranked by points. Equal scores are ordered by who joined first."
    />
  );
  if (board.isPending) {
    return (
      <div>
        {heading}
        <PageLoading label="Loading the leaderboard…" />
      </div>
    );
  }
  if (board.isError) {
    return (
      <div>
        {heading}
        <p role="alert" className="py-16 text-center text-slate-700">
          The leaderboard could not be loaded. Please refresh the page.
        </p>
      </div>
    );
  }
  const entries = board.data.pages.flatMap((page) => page.entries);
  const me = board.data.pages[0]?.me ?? null;
  const total = board.data.pages[0]?.total ?? 0;

  return (
    <div>
      {heading}
      {me ? (
        <Card as="aside" className="mb-6 border-brand-300 bg-brand-50 p-5" aria-labelledby="you-box">
          <h2 id="you-box" className="text-lg font-bold text-brand-900">
            You
          </h2>
          <dl className="mt-2 grid gap-3 sm:grid-cols-4" data-testid="you-box">
            <div>
              <dt className="text-sm text-slate-600">Name</dt>
              <dd className="font-semibold text-slate-900">{me.displayName}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Email</dt>
              <dd className="break-all font-semibold text-slate-900">{me.email}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Score</dt>
              <dd className="font-semibold text-slate-900">{me.score}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Rank</dt>
              <dd className="font-semibold text-slate-900">
                {ordinal(me.rank)} of {total}
              </dd>
            </div>
          </dl>
        </Card>
      ) : null}
      {entries.length === 0 ? (
        <p className="text-slate-700">No debaters yet. Sign up and be the first!</p>
      ) : (
        <Card className="overflow-hidden">
          <ol aria-label="Top Users" className="divide-y divide-slate-100">
            {entries.map((entry) => {
              const isMe = entry.id === user?.id;
              return (
                <li
                  key={entry.id}
                  data-testid="leaderboard-row"
                  className={`flex items-center gap-4 px-4 py-3 sm:px-6 ${isMe ? 'bg-brand-50' : ''}`}
                >
                  <span
                    className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                      MEDALS[entry.rank - 1] ?? 'bg-slate-100 text-slate-700'
                    }`}
                    aria-label={`Rank ${entry.rank}`}
                  >
                    {entry.rank}
                  </span>
                  <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
                    {/* Profiles are for signed-in users: a visitor reads the name only; an account limited to its
                        teams has no public profile. */}
                    {user && !entry.hasNoProfile ? (
                      <ProfileLink userId={entry.id} className="hover:text-brand-700 hover:underline">
                        {entry.displayName}
                      </ProfileLink>
                    ) : (
                      entry.displayName
                    )}
                    {isMe ? <span className="ml-2 text-sm font-semibold text-brand-700">(You)</span> : null}
                  </span>
                  <span className="font-bold tabular-nums text-slate-900">{entry.score}</span>
                </li>
              );
            })}
          </ol>
        </Card>
      )}
      {board.hasNextPage ? (
        <div className="mt-6 text-center">
          <button
            type="button"
            onClick={() => void board.fetchNextPage()}
            disabled={board.isFetchingNextPage}
            className={buttonClass('secondary')}
          >
            {board.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
      <FormatRatings />
    </div>
  );
}
