import { Link } from 'react-router';
import { Fragment, type ReactNode } from 'react';
import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { FORMATS, type TProfileRound } from '@resolved/shared';
import { Card } from '../../ui/Card';
import { buttonClass } from '../../ui/button-styles';
import { JudgedRoundItem } from '../debates/ballot/JudgedRoundItem';
import { ProfileLink } from './ProfileLink';
import { profileJudgedRoundsQuery, profileRoundsQuery } from './users-queries';
import { TeamPracticeBadge } from '../teams/TeamPracticeBadge';
import { errorMessage } from '../../lib/form-errors';

const RESULT_TEXT = { win: 'Win', loss: 'Loss', 'no-decision': 'No decision' } as const;
const RESULT_STYLE = {
  win: 'bg-emerald-50 text-emerald-800',
  loss: 'bg-rose-50 text-rose-800',
  'no-decision': 'bg-slate-100 text-slate-700',
} as const;

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

export function PastRounds({ userId, isMe }: { userId: string; isMe: boolean }) {
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

export function JudgedRounds({ userId, isMe }: { userId: string; isMe: boolean }) {
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
          {round.partners?.length ? <>with {round.partners.map((p) => p.displayName).join(' and ')}, </> : null}
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
