import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { BookOpen, CalendarDays, MessageSquare, Shield, Swords, Trophy, Users, type LucideIcon } from 'lucide-react';
import type { TRole } from '@resolved/shared';
import { ButtonLink } from '../../ui/ButtonLink';
import { buttonClass } from '../../ui/button-styles';
import { useQueueStatus } from '../debates/queue/useQueue';
import { FIND_OPPONENT_ANCHOR } from './YourDebates';

/**
 * The welcome banner's call to debate: back to the live round while there is one (as the Find an opponent card says
 * too), otherwise down to that card, which picks the format and joins the queue; for an account limited to its teams,
 * to its teams, where its coach pairs its rounds.
 */
export function DebateNowLink({ isTeamOnly }: { isTeamOnly: boolean }) {
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
 * the rounds its coach pairs, its teams.
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

/** The Action Center's cards: where the person may go next, their first debate highlighted. */
export function ActionCenterLinks({ isNew, isTeamOnly, role }: { isNew: boolean; isTeamOnly: boolean; role: TRole }) {
  const actions: TAction[] = [
    debateAction(isNew, isTeamOnly),
    { label: 'Leaderboard', to: '/leaderboard', icon: Trophy, description: 'See where you stand.' },
    { label: 'Browse Topics', to: '/topics', icon: CalendarDays, description: "Read today's resolution." },
    ...(isTeamOnly
      ? []
      : [{ label: 'Chat', to: '/chat', icon: MessageSquare, description: 'Talk with the community.' }]),
    { label: 'How To', to: '/how-to', icon: BookOpen, description: 'Learn the debate formats.' },
    ...(role === 'admin'
      ? [{ label: 'Admin Panel', to: '/admin-dashboard', icon: Shield, description: 'Manage user scores.' }]
      : []),
  ];
  return (
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
  );
}
