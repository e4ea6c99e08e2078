import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { QueryClientProvider, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { lazyPage } from './lib/lazy-page';
import { queryClient } from './lib/query';
import { Layout } from './shell/Layout';
import { AuthProvider } from './features/auth/AuthProvider';
import { HeaderGreeting } from './features/auth/HeaderGreeting';
import { AccountMenu } from './features/auth/AccountMenu';
import { RequireAuth } from './features/auth/RequireAuth';
import { RequireRole } from './features/auth/RequireRole';
import { useAuth } from './features/auth/useAuth';
import { currentTopicQuery, topicHistoryQuery } from './features/topics/topics-queries';

// Each page is its own chunk: the first load carries the shell and the page asked for, nothing more.
const WelcomePage = lazyPage(() => import('./features/welcome/WelcomePage'));
const TopicsPage = lazyPage(() => import('./features/topics/TopicsPage'));
const HowToPage = lazyPage(() => import('./features/howto/HowToPage'));
const GuidePage = lazyPage(() => import('./features/guides/GuidePage'));
const RoomsPage = lazyPage(() => import('./features/rooms/RoomsPage'));
const AboutPage = lazyPage(() => import('./features/about/AboutPage'));
const HelpPage = lazyPage(() => import('./features/help/HelpPage'));
const ChatPage = lazyPage(() => import('./features/chat/ChatPage'));
const SignupPage = lazyPage(() => import('./features/auth/SignupPage'));
const LoginPage = lazyPage(() => import('./features/auth/LoginPage'));
const ForgotPasswordPage = lazyPage(() => import('./features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('./features/auth/ResetPasswordPage'));
const OAuthDonePage = lazyPage(() => import('./features/auth/OAuthDonePage'));
const DashboardPage = lazyPage(() => import('./features/dashboard/DashboardPage'));
const SettingsPage = lazyPage(() => import('./features/settings/SettingsPage'));
const AdminDashboardPage = lazyPage(() => import('./features/admin/AdminDashboardPage'));
const LeaderboardPage = lazyPage(() => import('./features/leaderboard/LeaderboardPage'));
const DebatesPage = lazyPage(() => import('./features/debates/queue/DebatesPage'));
const DebateRoomPage = lazyPage(() => import('./features/debates/room/DebateRoomPage'));
const ChallengePage = lazyPage(() => import('./features/debates/queue/ChallengePage'));
const PartnerLinkPage = lazyPage(() => import('./features/debates/queue/PartnerLinkPage'));
const ReplayPage = lazyPage(() => import('./features/debates/replay/ReplayPage'));
const ProfilePage = lazyPage(() => import('./features/users/ProfilePage'));
// Signed-in users only: it needs the socket, which visitors' first load does not carry.
const LiveDebateBanner = lazy(() =>
  import('./features/debates/room/LiveDebateBanner').then((m) => ({ default: m.LiveDebateBanner })),
);
const TeamsPage = lazyPage(() => import('./features/teams/TeamsPage'));
const TeamPage = lazyPage(() => import('./features/teams/TeamPage'));
const JoinTeamPage = lazyPage(() => import('./features/teams/JoinTeamPage'));
const PracticeRoundNotice = lazy(() =>
  import('./features/teams/PracticeRoundNotice').then((m) => ({ default: m.PracticeRoundNotice })),
);
const TournamentsPage = lazyPage(() => import('./features/tournaments/TournamentsPage'));
const TournamentPage = lazyPage(() => import('./features/tournaments/TournamentPage'));
const TournamentResultsPage = lazyPage(() => import('./features/tournaments/TournamentResultsPage'));
// Signed-in users only, like the banners: it listens on the socket.
const TournamentRoundNotice = lazy(() =>
  import('./features/tournaments/TournamentRoundNotice').then((m) => ({ default: m.TournamentRoundNotice })),
);
const NotFoundPage = lazyPage(() => import('./features/errors/NotFoundPage'));
const ModerationPage = lazyPage(() => import('./features/moderation/ModerationPage'));
const CasePage = lazyPage(() => import('./features/moderation/CasePage'));
// Signed-in users only, like the banners: they listen on the socket.
const NoticesMenu = lazy(() => import('./features/moderation/NoticesMenu').then((m) => ({ default: m.NoticesMenu })));
const ModerationNoticeBanner = lazy(() =>
  import('./features/moderation/NoticesMenu').then((m) => ({ default: m.ModerationNoticeBanner })),
);

/** Starts a query a page opens with. Not retried here: the page's own query retries a failure. */
function prefetch<TData, TKey extends QueryKey>(options: FetchQueryOptions<TData, Error, TData, TKey>) {
  return queryClient.prefetchQuery({ ...options, retry: false });
}

/**
 * What the page at each fixed path needs first. The shell renders nothing until the session check answers
 * (spec §4), so a page's code would otherwise be asked for only after it: started here (main.tsx), the page's
 * code and the public data it opens with load alongside the session check.
 */
const EARLY_LOADS: Record<string, () => Promise<unknown>> = {
  '/': () => Promise.all([WelcomePage.preload(), prefetch(currentTopicQuery)]),
  '/welcome': () => Promise.all([WelcomePage.preload(), prefetch(currentTopicQuery)]),
  '/topics': () => Promise.all([TopicsPage.preload(), prefetch(currentTopicQuery), prefetch(topicHistoryQuery)]),
  '/how-to': HowToPage.preload,
  '/parliamentary': GuidePage.preload,
  '/oxford': GuidePage.preload,
  '/parli': GuidePage.preload,
  '/policy': GuidePage.preload,
  '/world-schools': GuidePage.preload,
  '/british-parliamentary': GuidePage.preload,
  '/rooms': RoomsPage.preload,
  '/about': AboutPage.preload,
  '/help': HelpPage.preload,
  '/chat': ChatPage.preload,
  '/signup': SignupPage.preload,
  '/login': LoginPage.preload,
  '/forgot-password': ForgotPasswordPage.preload,
  '/reset-password': ResetPasswordPage.preload,
  '/oauth/done': OAuthDonePage.preload,
  '/leaderboard': LeaderboardPage.preload,
  '/dashboard': DashboardPage.preload,
  '/settings': SettingsPage.preload,
  '/admin-dashboard': AdminDashboardPage.preload,
  '/debates': DebatesPage.preload,
  '/teams': TeamsPage.preload,
  '/moderation': ModerationPage.preload,
  '/tournaments': TournamentsPage.preload,
};

/**
 * Starts loading the page at `pathname` (matched as the routes below match it: any case, trailing slash); the
 * promise settles when it has loaded or failed. A failure is not reported here: the page's own import tries
 * again when it renders, and reports it.
 */
export function startPageLoad(pathname: string): Promise<void> {
  const load = EARLY_LOADS[pathname.toLowerCase().replace(/(.)\/+$/, '$1')];
  return load
    ? load().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

/** Renders its children (loaded on demand) only for a signed-in user. */
function SignedInOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <BrowserRouter>
          <Routes>
            <Route
              element={
                <Layout
                  greeting={<HeaderGreeting />}
                  accountMenu={
                    <>
                      <SignedInOnly>
                        <NoticesMenu />
                      </SignedInOnly>
                      <AccountMenu />
                    </>
                  }
                  signedInBanner={
                    <>
                      <ModerationNoticeBanner />
                      <LiveDebateBanner />
                      <PracticeRoundNotice />
                      <TournamentRoundNotice />
                    </>
                  }
                />
              }
            >
              <Route index element={<WelcomePage />} />
              <Route path="welcome" element={<WelcomePage />} />
              <Route path="topics" element={<TopicsPage />} />
              <Route path="how-to" element={<HowToPage />} />
              <Route path="parliamentary" element={<GuidePage formatId="ld" />} />
              <Route path="oxford" element={<GuidePage formatId="pf" />} />
              <Route path="parli" element={<GuidePage formatId="parli" />} />
              <Route path="policy" element={<GuidePage formatId="policy" />} />
              <Route path="world-schools" element={<GuidePage formatId="ws" />} />
              <Route path="british-parliamentary" element={<GuidePage formatId="bp" />} />
              <Route path="rooms" element={<RoomsPage />} />
              <Route path="about" element={<AboutPage />} />
              <Route path="help" element={<HelpPage />} />
              <Route
                path="chat"
                element={
                  <RequireAuth>
                    <ChatPage />
                  </RequireAuth>
                }
              />
              <Route path="signup" element={<SignupPage />} />
              <Route path="login" element={<LoginPage />} />
              <Route path="forgot-password" element={<ForgotPasswordPage />} />
              <Route path="reset-password" element={<ResetPasswordPage />} />
              <Route path="leaderboard" element={<LeaderboardPage />} />
              <Route
                path="settings"
                element={
                  <RequireAuth>
                    <SettingsPage />
                  </RequireAuth>
                }
              />
              {/* Route matching ignores case: /Dashboard (sidebar, login) and /dashboard are this one page. */}
              <Route
                path="dashboard"
                element={
                  <RequireRole roles={['user', 'moderator', 'admin']}>
                    <DashboardPage />
                  </RequireRole>
                }
              />
              <Route
                path="admin-dashboard"
                element={
                  <RequireRole roles={['admin']}>
                    <AdminDashboardPage />
                  </RequireRole>
                }
              />
              <Route path="debates" element={<DebatesPage />} />
              <Route
                path="debates/:id"
                element={
                  <RequireAuth>
                    <DebateRoomPage />
                  </RequireAuth>
                }
              />
              <Route
                path="debates/:id/replay"
                element={
                  <RequireAuth>
                    <ReplayPage />
                  </RequireAuth>
                }
              />
              <Route
                path="users/:id"
                element={
                  <RequireAuth>
                    <ProfilePage />
                  </RequireAuth>
                }
              />
              <Route
                path="debates/challenge/:token"
                element={
                  <RequireAuth>
                    <ChallengePage />
                  </RequireAuth>
                }
              />
              <Route
                path="debates/partner/:token"
                element={
                  <RequireAuth>
                    <PartnerLinkPage />
                  </RequireAuth>
                }
              />
              <Route
                path="teams"
                element={
                  <RequireAuth>
                    <TeamsPage />
                  </RequireAuth>
                }
              />
              <Route
                path="teams/:id"
                element={
                  <RequireAuth>
                    <TeamPage />
                  </RequireAuth>
                }
              />
              <Route
                path="tournaments"
                element={
                  <RequireAuth>
                    <TournamentsPage />
                  </RequireAuth>
                }
              />
              <Route
                path="tournaments/:id"
                element={
                  <RequireAuth>
                    <TournamentPage />
                  </RequireAuth>
                }
              />
              {/* Published results are public: a visitor reads them without signing in. */}
              <Route path="tournaments/:id/results" element={<TournamentResultsPage />} />
              {/* A visitor sees which team the link is for, then signs up or in and comes back to join. */}
              <Route path="teams/join/:code" element={<JoinTeamPage />} />
              <Route
                path="moderation"
                element={
                  <RequireRole roles={['moderator', 'admin']}>
                    <ModerationPage />
                  </RequireRole>
                }
              />
              <Route
                path="moderation/cases/:id"
                element={
                  <RequireRole roles={['moderator', 'admin']}>
                    <CasePage />
                  </RequireRole>
                }
              />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
            {/* The Google popup's landing page: no shell, it reports back and closes. */}
            <Route
              path="oauth/done"
              element={
                <Suspense fallback={null}>
                  <OAuthDonePage />
                </Suspense>
              }
            />
          </Routes>
        </BrowserRouter>
      </AuthProvider>
    </QueryClientProvider>
  );
}
