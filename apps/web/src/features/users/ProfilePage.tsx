import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { FORMATS, ordinal, type TPublicProfile } from '@resolved/shared';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { RatingText } from '../debates/ballot/RatingText';
import { profileQuery } from './users-queries';
import { BlockButton } from '../blocks/BlockButton';
import { useBlockedIds } from '../blocks/blocks-queries';
import { ReportButton } from '../moderation/ReportButton';
import { errorMessage } from '../../lib/form-errors';
import { JudgedRounds, PastRounds } from './ProfileRounds';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * A debater's profile, for signed-in users: name, points and rank, record, judge's paradigm, ratings per format, and the finished
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
      {p.paradigm ? <Paradigm paradigm={p.paradigm} /> : null}
      {p.isLimited ? null : <Ratings profile={p} />}
      <PastRounds userId={p.id} isMe={isMe} />
      <JudgedRounds userId={p.id} isMe={isMe} />
    </div>
  );
}

function Standing({ profile }: { profile: TPublicProfile }) {
  const { record } = profile;
  // A minor's profile shows the record only: no points or rank.
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

/** Their judge's paradigm, in their own words (an adult's, when written: the server sends none for a minor). */
function Paradigm({ paradigm }: { paradigm: string }) {
  return (
    <Card as="section" className="p-5" aria-labelledby="profile-paradigm">
      <h2 id="profile-paradigm" className="text-lg font-bold text-slate-900">
        Judge’s paradigm
      </h2>
      <p className="mt-1 text-sm text-slate-600">How they judge, in their own words: read it before they judge you.</p>
      <p
        className="mt-3 whitespace-pre-line break-words rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-800"
        data-testid="profile-paradigm"
      >
        {paradigm}
      </p>
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
