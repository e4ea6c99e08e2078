import { useNavigate } from 'react-router';
import { Activity, BarChart3, Clock, LogOut, Star, Target, Trophy, UserRound } from 'lucide-react';
import { PRODUCT_NAME, isLimitedToTeams, ordinal, performanceLevel } from '@resolved/shared';
import { PageLoading } from '../../shell/PageLoading';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { RoleBadge } from './RoleBadge';
import { useStanding } from './useStanding';
import { YourDebates } from './YourDebates';
import { Section, Tile } from './DashboardCards';
import { ActionCenterLinks, DebateNowLink } from './DashboardActions';
import { AccountInformation, ActivityTimeline, FirstDebateNote, PerformanceAnalytics } from './DashboardSections';
import { YourTournamentRound } from '../tournaments/YourTournamentRound';
import { JudgesOwedCard } from '../tournaments/JudgesOwedCard';

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

  const { user, rank } = standing.data;
  const isNew = user.score === 0;
  const level = performanceLevel(rank);
  // An account limited to its teams is offered its teams, never the rooms, the community chat or the queue.
  const isTeamOnly = !!sessionUser && isLimitedToTeams(sessionUser);
  const name = user.displayName.trim() || user.email;

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

      <YourTournamentRound />

      <JudgesOwedCard />

      <div className="grid gap-4 sm:grid-cols-2">
        <Tile label="Total Points" value={user.score} icon={Star} testId="total-points" />
        {isNew ? (
          <Tile label="Your First Debate" value="Start" icon={Target} testId="rank-tile" />
        ) : (
          <Tile label="Global Rank" value={ordinal(rank)} icon={Trophy} testId="rank-tile" />
        )}
      </div>

      {isNew ? <FirstDebateNote isTeamOnly={isTeamOnly} /> : null}

      <YourDebates />

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Account Information" icon={UserRound}>
          <AccountInformation user={user} level={level} />
        </Section>
        <Section title="Activity Timeline" icon={Clock}>
          <ActivityTimeline standing={standing.data} />
        </Section>
      </div>

      <Section title="Action Center" icon={Activity}>
        <ActionCenterLinks isNew={isNew} isTeamOnly={isTeamOnly} role={user.role} />
      </Section>

      <Section title="Performance Analytics" icon={BarChart3}>
        <PerformanceAnalytics standing={standing.data} level={level} />
      </Section>
    </div>
  );
}
