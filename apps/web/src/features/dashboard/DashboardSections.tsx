import { BarChart3, CalendarDays, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { rankMessage, type TStandingResponse } from '@resolved/shared';
import { ButtonLink } from '../../ui/ButtonLink';
import { profilePath } from '../users/users-queries';

type TStanding = TStandingResponse;

function formatDate(iso: string | undefined): string {
  if (!iso) return 'Unknown';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** A new account's nudge: its first debate (for an account limited to its teams, the rounds its coach pairs). */
export function FirstDebateNote({ isTeamOnly }: { isTeamOnly: boolean }) {
  return (
    <section
      aria-labelledby="first-debate"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950"
    >
      <h2 id="first-debate" className="text-lg font-bold">
        Your first debate is waiting
      </h2>
      <p className="mt-1">
        {isTeamOnly
          ? 'Your coach pairs your team’s rounds: find them on your team’s page, and learn the formats before you start.'
          : 'Join a room to earn your first points, or learn the formats before you start.'}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {isTeamOnly ? (
          <ButtonLink to="/teams">Your teams</ButtonLink>
        ) : (
          <ButtonLink to="/rooms">Join Debate Room</ButtonLink>
        )}
        <ButtonLink to="/how-to" variant="secondary">
          Learn How to Debate
        </ButtonLink>
      </div>
    </section>
  );
}

export function AccountInformation({ user, level }: { user: TStanding['user']; level: string }) {
  return (
    <>
      <dl className="space-y-3 text-slate-800">
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="flex items-center gap-2 font-medium text-slate-600">
            <Mail className="h-4 w-4" aria-hidden="true" />
            Email
          </dt>
          <dd className="break-all">{user.email}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="flex items-center gap-2 font-medium text-slate-600">
            <CalendarDays className="h-4 w-4" aria-hidden="true" />
            Member Since
          </dt>
          <dd>{formatDate(user.createdAt)}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="flex items-center gap-2 font-medium text-slate-600">
            <BarChart3 className="h-4 w-4" aria-hidden="true" />
            Performance Level
          </dt>
          <dd data-testid="account-performance-level">{level}</dd>
        </div>
      </dl>
      <Link
        to={profilePath(user.id)}
        className="mt-4 inline-block text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        Your profile, as other debaters see it
      </Link>
    </>
  );
}

export function ActivityTimeline({ standing }: { standing: TStanding }) {
  const { user, rank, total, tiedWith } = standing;
  return (
    <ol className="space-y-4 border-l-2 border-brand-200 pl-5">
      <li>
        <p className="font-semibold text-slate-900">Account Created</p>
        <p className="text-sm text-slate-600">{formatDate(user.createdAt)}</p>
      </li>
      <li>
        <p className="font-semibold text-slate-900">Current Score</p>
        <p className="text-sm text-slate-600">{user.score} points</p>
      </li>
      <li>
        <p className="font-semibold text-slate-900" data-testid="rank-message">
          {rankMessage({ score: user.score, rank, total, tiedWith })}
        </p>
      </li>
    </ol>
  );
}

export function PerformanceAnalytics({ standing, level }: { standing: TStanding; level: string }) {
  const { user, rank, total, debatesJoined } = standing;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {[
        { term: 'Performance Level', value: level, testId: 'performance-level' },
        { term: 'Rank', value: `${rank} of ${total}`, testId: 'rank-of-total' },
        { term: 'Total Points', value: user.score, testId: 'analytics-points' },
        { term: 'Debates Joined', value: debatesJoined, testId: 'debates-joined' },
      ].map(({ term, value, testId }) => (
        <div key={term} className="rounded-xl bg-slate-50 p-4">
          <dt className="text-sm font-medium text-slate-600">{term}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
