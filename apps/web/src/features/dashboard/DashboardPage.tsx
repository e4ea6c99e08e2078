import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Activity,
  BarChart3,
  BookOpen,
  CalendarDays,
  Clock,
  LogOut,
  Mail,
  MessageSquare,
  Shield,
  Star,
  Swords,
  Target,
  Trophy,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { PRODUCT_NAME, isLimitedToTeams, ordinal, performanceLevel, rankMessage } from '@resolved/shared';
import { PageLoading } from '../../shell/PageLoading';
import { Card } from '../../ui/Card';
import { ButtonLink } from '../../ui/ButtonLink';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { RoleBadge } from './RoleBadge';
import { useStanding } from './useStanding';
import { useQueueStatus } from '../debates/queue/useQueue';
import { FIND_OPPONENT_ANCHOR, YourDebates } from './YourDebates';
import { profilePath } from '../users/users-queries';

function formatDate(iso: string | undefined): string {
  if (!iso) return 'Unknown';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

function Tile({
  label,
  value,
  icon: Icon,
  testId,
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  testId: string;
}) {
  return (
    <Card className="flex items-center gap-4 p-5" aria-labelledby={`${testId}-label`}>
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <div data-testid={testId}>
        <p className="text-3xl font-bold text-slate-900">{value}</p>
        <p id={`${testId}-label`} className="text-sm font-medium text-slate-600">
          {label}
        </p>
      </div>
    </Card>
  );
}

function Section({ title, icon: Icon, children }: { title: string; icon: LucideIcon; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card as="section" className="p-6" aria-labelledby={id}>
      <h2 id={id} className="mb-4 flex items-center gap-2 text-lg font-bold text-slate-900">
        <Icon className="h-5 w-5 text-brand-700" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </Card>
  );
}

/**
 * The welcome banner's call to debate: back to the live round while there is one (as the Find an opponent card says
 * too), otherwise down to that card, which picks the format and joins the queue; for an account limited to its teams,
 * to its teams, where its coach pairs its rounds (issue 29).
 */
function DebateNowLink({ isTeamOnly }: { isTeamOnly: boolean }) {
  const activeDebateId = useQueueStatus(true).data?.activeDebateId ?? null;
  if (activeDebateId !== null) {
    return (
      <ButtonLink to={`/debates/${activeDebateId}`} variant="inverse">
        <Swords className="h-4 w-4" aria-hidden="true" />
        Back to your debate
      </ButtonLink>
    );
  }
  if (isTeamOnly) {
    return (
      <ButtonLink to="/teams" variant="inverse">
        <Users className="h-4 w-4" aria-hidden="true" />
        Your team’s rounds
      </ButtonLink>
    );
  }
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(FIND_OPPONENT_ANCHOR);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  }
  return (
    <a href={`#${FIND_OPPONENT_ANCHOR}`} onClick={handleClick} className={buttonClass('inverse')}>
      <Swords className="h-4 w-4" aria-hidden="true" />
      Start a debate
    </a>
  );
}

interface TAction {
  label: string;
  to: string;
  icon: LucideIcon;
  description: string;
  isHighlighted?: boolean;
}

/**
 * The Action Center's first card: Join Debate (the rooms), or for an account limited to its teams, which meets only in
 * the rounds its coach pairs, its teams (issue 29).
 */
function debateAction(isNew: boolean, isTeamOnly: boolean): TAction {
  if (isTeamOnly) {
    const description = isNew ? 'Your coach pairs your first round.' : 'Your coach pairs your rounds.';
    return { label: 'Your teams', to: '/teams', icon: Users, description, isHighlighted: isNew };
  }
  return {
    label: isNew ? 'Start Your First Debate!' : 'Join Debate',
    to: '/rooms',
    icon: Swords,
    description: isNew ? 'Jump into a room and earn your first points.' : 'Find a room and debate live.',
    isHighlighted: isNew,
  };
}

/** The personal dashboard (spec §2, §4). */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const navigate = useNavigate();
  const { signOut, user: sessionUser } = useAuth();
  const standing = useStanding();

  async function handleSignOut() {
    await signOut();
    navigate('/login');
  }

  if (standing.isPending) return <PageLoading label="Loading your dashboard…" />;
  if (standing.isError) {
    // Spec §2: dashboard fetch errors are logged; the page says so rather than staying blank.
    console.error('Dashboard data failed to load', standing.error);
    return (
      <p role="alert" className="py-16 text-center text-slate-700">
        Your dashboard could not be loaded. Please refresh the page.
      </p>
    );
  }

  const { user, rank, total, tiedWith, debatesJoined } = standing.data;
  const isNew = user.score === 0;
  const level = performanceLevel(rank);
  // Issue 29: an account limited to its teams is offered its teams, never the rooms, the community chat or the queue.
  const isTeamOnly = !!sessionUser && isLimitedToTeams(sessionUser);
  const name = user.displayName.trim() || user.email;
  const actions: TAction[] = [
    debateAction(isNew, isTeamOnly),
    { label: 'Leaderboard', to: '/leaderboard', icon: Trophy, description: 'See where you stand.' },
    { label: 'Browse Topics', to: '/topics', icon: CalendarDays, description: "Read today's resolution." },
    ...(isTeamOnly
      ? []
      : [{ label: 'Chat', to: '/chat', icon: MessageSquare, description: 'Talk with the community.' }]),
    { label: 'How To', to: '/how-to', icon: BookOpen, description: 'Learn the debate formats.' },
    ...(user.role === 'admin'
      ? [{ label: 'Admin Panel', to: '/admin-dashboard', icon: Shield, description: 'Manage user scores.' }]
      : []),
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{PRODUCT_NAME} Dashboard</h1>
        <button type="button" onClick={handleSignOut} className={buttonClass('secondary')}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Sign Out
        </button>
      </div>

      <section
        aria-label="Welcome"
        className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-gradient-to-r from-brand-900 to-brand-700 p-6 text-white shadow-md"
      >
        <div>
          <p className="text-2xl font-bold">Welcome back, {name}!</p>
          <p className="mt-1 text-brand-100">Ready to sharpen your arguments today?</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <DebateNowLink isTeamOnly={isTeamOnly} />
          <RoleBadge role={user.role} />
        </div>
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <Tile label="Total Points" value={user.score} icon={Star} testId="total-points" />
        {isNew ? (
          <Tile label="Your First Debate" value="Start" icon={Target} testId="rank-tile" />
        ) : (
          <Tile label="Global Rank" value={ordinal(rank)} icon={Trophy} testId="rank-tile" />
        )}
      </div>

      {isNew ? (
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
      ) : null}

      <YourDebates />

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Account Information" icon={UserRound}>
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
        </Section>

        <Section title="Activity Timeline" icon={Clock}>
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
        </Section>
      </div>

      <Section title="Action Center" icon={Activity}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {actions.map(({ label, to, icon: Icon, description, isHighlighted }) => (
            <li key={to}>
              <Link
                to={to}
                className={`flex h-full items-start gap-3 rounded-xl border p-4 transition-colors ${
                  isHighlighted
                    ? 'border-amber-400 bg-amber-50 hover:bg-amber-100'
                    : 'border-slate-200 hover:border-brand-300 hover:bg-brand-50'
                }`}
              >
                <Icon
                  className={`mt-0.5 h-5 w-5 shrink-0 ${isHighlighted ? 'text-amber-700' : 'text-brand-700'}`}
                  aria-hidden="true"
                />
                <span>
                  <span className="block font-semibold text-slate-900">{label}</span>
                  <span className="block text-sm text-slate-600">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Performance Analytics" icon={BarChart3}>
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
      </Section>
    </div>
  );
}
