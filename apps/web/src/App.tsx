import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@resolved/shared';
import { queryClient } from './lib/query';
import { Layout } from './shell/Layout';
import { AuthProvider } from './features/auth/AuthProvider';
import { HeaderGreeting } from './features/auth/HeaderGreeting';
import { RequireAuth } from './features/auth/RequireAuth';
import { RequireRole } from './features/auth/RequireRole';

// Each page is its own chunk: the first load carries the shell and the page asked for, nothing more.
const WelcomePage = lazy(() => import('./features/welcome/WelcomePage'));
const TopicsPage = lazy(() => import('./features/topics/TopicsPage'));
const HowToPage = lazy(() => import('./features/howto/HowToPage'));
const GuidePage = lazy(() => import('./features/guides/GuidePage'));
const RoomsPage = lazy(() => import('./features/rooms/RoomsPage'));
const AboutPage = lazy(() => import('./features/about/AboutPage'));
const HelpPage = lazy(() => import('./features/help/HelpPage'));
const ChatPage = lazy(() => import('./features/chat/ChatPage'));
const SignupPage = lazy(() => import('./features/auth/SignupPage'));
const LoginPage = lazy(() => import('./features/auth/LoginPage'));
const OAuthDonePage = lazy(() => import('./features/auth/OAuthDonePage'));
const DashboardPage = lazy(() => import('./features/dashboard/DashboardPage'));
const AdminDashboardPage = lazy(() => import('./features/admin/AdminDashboardPage'));
const LeaderboardPage = lazy(() => import('./features/leaderboard/LeaderboardPage'));
const DebatesPage = lazy(() => import('./features/debates/DebatesPage'));
const DebateRoomPage = lazy(() => import('./features/debates/DebateRoomPage'));
const ChallengePage = lazy(() => import('./features/debates/ChallengePage'));
const NotFoundPage = lazy(() => import('./features/errors/NotFoundPage'));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <BrowserRouter>
          <Routes>
            <Route element={<Layout greeting={<HeaderGreeting />} />}>
              <Route index element={<WelcomePage />} />
              <Route path="welcome" element={<WelcomePage />} />
              <Route path="topics" element={<TopicsPage />} />
              <Route path="how-to" element={<HowToPage />} />
              <Route path="parliamentary" element={<GuidePage formatId="ld" />} />
              <Route path="oxford" element={<GuidePage formatId="pf" />} />
              <Route path="parli" element={<GuidePage formatId="parli" />} />
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
              <Route path="leaderboard" element={<LeaderboardPage />} />
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
                path="debates/challenge/:token"
                element={
                  <RequireAuth>
                    <ChallengePage />
                  </RequireAuth>
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
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
    </QueryClientProvider>
  );
}
