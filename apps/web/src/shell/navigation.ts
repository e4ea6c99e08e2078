import {
  BookOpen,
  CalendarDays,
  HelpCircle,
  Home,
  Info,
  Medal,
  LogIn,
  MessageSquare,
  Trophy,
  Users,
  Video,
  Hand,
  type LucideIcon,
} from 'lucide-react';

export interface TNavEntry {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Extra paths on which this entry counts as active. */
  alsoActiveOn?: string[];
}

/** The sidebar, exactly as spec §2 lists it: labels, order and targets. */
export const NAV_ENTRIES: readonly TNavEntry[] = [
  { label: 'Welcome!', to: '/welcome', icon: Hand },
  { label: "Today's Topics", to: '/topics', icon: CalendarDays, alsoActiveOn: ['/'] },
  {
    label: 'How To',
    to: '/how-to',
    icon: BookOpen,
    alsoActiveOn: ['/parliamentary', '/oxford', '/parli', '/policy', '/world-schools', '/british-parliamentary'],
  },
  { label: 'Meetings', to: '/rooms', icon: Video },
  { label: 'Leaderboard', to: '/leaderboard', icon: Trophy },
  { label: 'Chat', to: '/chat', icon: MessageSquare },
  { label: 'About Us', to: '/about', icon: Info },
  { label: 'Help', to: '/help', icon: HelpCircle },
  { label: 'Home', to: '/Dashboard', icon: Home, alsoActiveOn: ['/admin-dashboard'] },
  { label: 'Login / Sign In', to: '/signup', icon: LogIn, alsoActiveOn: ['/login'] },
];

/**
 * The sidebar of a signed-in account: the spec's entries, with Tournaments after the Leaderboard. A visitor keeps the
 * spec's list exactly: tournaments are for signed-in people only.
 */
export const SIGNED_IN_NAV_ENTRIES: readonly TNavEntry[] = NAV_ENTRIES.flatMap((entry): TNavEntry[] =>
  entry.to === '/leaderboard' ? [entry, { label: 'Tournaments', to: '/tournaments', icon: Medal }] : [entry],
);

/**
 * The sidebar of an account limited to its teams: the signed-in entries without the public meeting
 * rooms and the community chat, which it may not use, and its teams in the meeting rooms' place (it enters
 * tournaments by its teams).
 */
export const TEAM_ONLY_NAV_ENTRIES: readonly TNavEntry[] = SIGNED_IN_NAV_ENTRIES.flatMap((entry): TNavEntry[] => {
  if (entry.to === '/rooms') return [{ label: 'Your teams', to: '/teams', icon: Users }];
  return entry.to === '/chat' ? [] : [entry];
});

/** The last entry (spec §2), replaced by the account and Sign Out when someone is signed in. */
export const LOGIN_ENTRY_TARGET = '/signup';

export function isEntryActive(entry: TNavEntry, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return [entry.to, ...(entry.alsoActiveOn ?? [])].some((p) => p.toLowerCase() === path);
}
