import { Link, useParams } from 'react-router';
import { Fragment, type ReactNode } from 'react';
import { useInfiniteQuery, useQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { FORMATS, ordinal, type TProfileRound, type TPublicProfile } from '@resolved/shared';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { JudgedRoundItem } from '../debates/ballot/JudgedRoundItem';
import { RatingText } from '../debates/ballot/RatingText';
import { ProfileLink } from './ProfileLink';
import { profileJudgedRoundsQuery, profileQuery, profileRoundsQuery } from './users-queries';
import { TeamPracticeBadge } from '../teams/TeamPracticeBadge';
import { BlockButton } from '../blocks/BlockButton';
import { useBlockedIds } from '../blocks/blocks-queries';
import { ReportButton } from '../moderation/ReportButton';
import { errorMessage } from '../../lib/form-errors';

const RESULT_TEXT = { win: 'Win', loss: 'Loss', 'no-decision': 'No decision' } as const;
const RESULT_STYLE = {
  win: 'bg-emerald-50 text-emerald-800',
  loss: 'bg-rose-50 text-rose-800',
  'no-decision': 'bg-slate-100 text-slate-700',
} as const;

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * A debater's profile, for signed-in users: name, points and rank, record, ratings per format, and the finished
 * rounds they debated and judged that the viewer may replay (the server leaves out a team's practice rounds for those
 * outside the team, and private rounds for those outside them).
 */
export default function ProfilePage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const profile = useQuery(profileQuery(id));
  const blocked = useBlockedIds(!!user);
  useDocumentTitle(profile.data?.displayName ?? 'Debater');
  if (profile.isError) {
    return (
      <>
        <PageHeading title="Debater" />
        <p role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-rose-800">
          {errorMessage(profile.error)}
        </p>
        <ButtonLink to="/leaderboard" variant="secondary" className="mt-4">
          Back to the leaderboard
        </ButtonLink>
      </>
    );
  }
  if (!profile.data) return <PageLoading label="Loading the profile…" />;
  const p = profile.data;
  const isMe = user?.id === p.id;
  return (
    <div className="space-y-6">
      <PageHeading
        title={<span className="min-w-0 break-words">{p.displayName}</span>}
        icon={<UserRound className="h-8 w-8 shrink-0 text-brand-700" aria-hidden="true" />}
        lead={
          p.memberSince
            ? `Debating on Resolved since ${longDate(p.memberSince)}.`
            : 'This profile shows the debater’s name and debate record only.'
        }
      />
      {isMe ? (
        <p className="-mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
          This is your profile as other debaters see it; your e-mail is never shown. Change your name in{' '}
          <Link to="/settings" className="font-semibold underline">
            Account settings
          </Link>
          .
        </p>
      ) : (
        <div className="-mt-4 flex flex-wrap items-center gap-3">
          {blocked.has(p.id) ? (
            <p className="text-sm text-slate-700" data-testid="profile-blocked">
              You blocked {p.displayName}: you are not matched with them and do not see their chat messages.
            </p>
          ) : null}
          <BlockButton userId={p.id} displayName={p.displayName} isBlocked={blocked.has(p.id)} look="button" />
          <ReportButton target="user" userId={p.id} displayName={p.displayName} />
        </div>
      )}
      <Standing profile={p} />
      {p.isLimited ? null : <Ratings profile={p} />}
      <PastRounds userId={p.id} isMe={isMe} />
      <JudgedRounds userId={p.id} isMe={isMe} />
    </div>
  );
}

function Standing({ profile }: { profile: TPublicProfile }) {
  const { record } = profile;
  // A minor's profile (issue 24) shows the record only: no points or rank.
  const standing =
    profile.score === null || profile.rank === null
      ? []
      : [
          { term: 'Points', value: profile.score, testId: 'profile-points' },
          { term: 'Rank', value: profile.rank > 0 ? ordinal(profile.rank) : '—', testId: 'profile-rank' },
        ];
  const stats = [
    ...standing,
    { term: 'Wins', value: record.wins, testId: 'profile-wins' },
    { term: 'Losses', value: record.losses, testId: 'profile-losses' },
    { term: 'No decision', value: record.noDecision, testId: 'profile-no-decision' },
    {
      term: 'Avg. speaker points',
      value: record.averageSpeakerPoints === null ? '—' : record.averageSpeakerPoints.toFixed(1),
      testId: 'profile-speaker-points',
    },
  ];
  return (
    <Card as="section" className="p-5" aria-labelledby="profile-record">
      <h2 id="profile-record" className="text-lg font-bold text-slate-900">
        Record
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {stats.map(({ term, value, testId }) => (
          <div key={term} className="flex flex-col rounded-xl bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">{term}</dt>
            {/* At the foot of the tile: values line up when a term takes two lines. */}
            <dd className="mt-auto pt-1 text-2xl font-bold tabular-nums text-slate-900" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Ratings({ profile }: { profile: TPublicProfile }) {
  return (
    <Card as="section" className="p-5" aria-labelledby="profile-ratings">
      <h2 id="profile-ratings" className="text-lg font-bold text-slate-900">
        Ratings
      </h2>
      {profile.ratings.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No judged rounds yet: a rating starts with the first one.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="profile-ratings">
          {profile.ratings.map(({ formatId, rating }) => (
            <li key={formatId} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <span className="font-semibold text-slate-900">{FORMATS[formatId].name}</span>
              <span className="text-slate-700">
                <RatingText rating={rating.rating} isProvisional={rating.isProvisional} /> · {rating.games}{' '}
                {rating.games === 1 ? 'debate' : 'debates'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** What a viewer other than the debater may not see in these lists, said once for both. */
const HIDDEN_ROUNDS_NOTE =
  'A team’s practice rounds show only to its members, a private round only to its debaters and judge.';

/** A paged list of rounds on the profile: the rounds debated, or those judged. */
function RoundsSection<T extends { id: number }>({
  headingId,
  title,
  isMe,
  pages,
  emptyText,
  moreText,
  listTestId,
  renderRound,
}: {
  headingId: string;
  title: string;
  isMe: boolean;
  pages: UseInfiniteQueryResult<InfiniteData<{ rounds: T[] }>>;
  emptyText: string;
  moreText: string;
  listTestId: string;
  renderRound: (round: T) => ReactNode;
}) {
  const list = pages.data?.pages.flatMap((page) => page.rounds) ?? [];
  return (
    <Card as="section" className="p-5" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {isMe ? null : <p className="mt-1 text-sm text-slate-600">{HIDDEN_ROUNDS_NOTE}</p>}
      {pages.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading rounds…</p>
      ) : pages.isError ? (
        <p role="alert" className="mt-2 text-sm text-rose-800">
          {errorMessage(pages.error)}
        </p>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" data-testid={listTestId}>
          {list.map((round) => (
            <Fragment key={round.id}>{renderRound(round)}</Fragment>
          ))}
        </ul>
      )}
      {pages.hasNextPage ? (
        <button
          type="button"
          className={buttonClass('secondary', 'mt-3')}
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? 'Loading…' : moreText}
        </button>
      ) : null}
    </Card>
  );
}

function PastRounds({ userId, isMe }: { userId: string; isMe: boolean }) {
  return (
    <RoundsSection
      headingId="profile-rounds"
      title="Past rounds"
      isMe={isMe}
      pages={useInfiniteQuery(profileRoundsQuery(userId))}
      emptyText="No finished rounds to show yet."
      moreText="Show older rounds"
      listTestId="profile-rounds"
      renderRound={(round) => <RoundItem round={round} />}
    />
  );
}

function JudgedRounds({ userId, isMe }: { userId: string; isMe: boolean }) {
  return (
    <RoundsSection
      headingId="profile-judged"
      title="Rounds judged"
      isMe={isMe}
      pages={useInfiniteQuery(profileJudgedRoundsQuery(userId))}
      emptyText="No judged rounds to show yet."
      moreText="Show older judged rounds"
      listTestId="profile-judged-rounds"
      renderRound={(round) => <JudgedRoundItem round={round} />}
    />
  );
}

function RoundItem({ round }: { round: TProfileRound }) {
  const format = FORMATS[round.formatId];
  const byForfeit = round.status === 'forfeited' && round.result !== 'no-decision' ? ' by forfeit' : '';
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3" data-testid="profile-round">
      {/* Phones: the Replay button on its own line below, so the text keeps the card's width. */}
      <div className="min-w-0 basis-full text-sm sm:basis-0 sm:flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${RESULT_STYLE[round.result]}`}>
            {RESULT_TEXT[round.result]}
            {byForfeit}
          </span>
          <span className="font-semibold text-slate-900">
            {format.name} · {format.sides[round.side]}
          </span>
          {round.isTeamRound ? <TeamPracticeBadge /> : null}
        </p>
        <p className="mt-1 text-slate-700">
          against <ProfileLink userId={round.opponent.userId}>{round.opponent.displayName}</ProfileLink>
          {round.judge ? (
            <>
              {' '}
              · judged by <ProfileLink userId={round.judge.userId}>{round.judge.displayName}</ProfileLink>
            </>
          ) : null}{' '}
          · {new Date(round.endedAt ?? round.createdAt).toLocaleDateString()}
        </p>
        <p className="mt-1 text-slate-600 [overflow-wrap:anywhere]">{round.resolution}</p>
      </div>
      <Link to={`/debates/${round.id}/replay`} className={buttonClass('secondary')}>
        Replay<span className="sr-only"> debate #{round.id}</span>
      </Link>
    </li>
  );
}
