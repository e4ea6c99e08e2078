import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { PageLoading } from './PageLoading';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { isLimitedToTeams } from '@resolved/shared';
import { useAuth } from '../features/auth/useAuth';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { SIGNED_IN_NAV_ENTRIES, TEAM_ONLY_NAV_ENTRIES } from './navigation';

// Few accounts ever see it (those from before ages were asked, and Google sign-ups), and it validates with the zod
// schemas no other first page needs: its own chunk.
const BirthMonthGate = lazy(() =>
  import('../features/auth/BirthMonthGate').then((m) => ({ default: m.BirthMonthGate })),
);

/**
 * Sign-in and sign-up finish their own work (a toast, then where the spec sends them) before the month of birth is
 * asked on the page they land on.
 */
const AUTH_PAGES = new Set(['/signup', '/login']);

export function Layout({
  greeting,
  accountMenu,
  signedInBanner,
}: {
  greeting?: ReactNode;
  accountMenu?: ReactNode;
  /** Shown above every page to a signed-in user (the live-debate banner); loaded only for them. */
  signedInBanner?: ReactNode;
}) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const handleClose = useCallback(() => setIsMenuOpen(false), []);
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const account = user
    ? {
        name: user.displayName.trim() || user.email,
        onSignOut: () => void signOut().then(() => navigate('/login')),
      }
    : undefined;

  // A new page starts at the top (choosing a sidebar entry closes the mobile menu itself).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-brand-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header
        isMenuOpen={isMenuOpen}
        onMenuClick={() => setIsMenuOpen(true)}
        greeting={greeting}
        accountMenu={accountMenu}
      />
      <Sidebar
        isOpen={isMenuOpen}
        onClose={handleClose}
        account={account}
        entries={user ? (isLimitedToTeams(user) ? TEAM_ONLY_NAV_ENTRIES : SIGNED_IN_NAV_ENTRIES) : undefined}
      />
      <main
        id="main"
        tabIndex={-1}
        className="px-4 pb-16 pt-[calc(var(--spacing-header)+1.5rem)] outline-none sm:px-6 md:ml-sidebar md:px-10"
      >
        <div className="mx-auto max-w-5xl">
          {user && !user.ageBand && !AUTH_PAGES.has(pathname.toLowerCase()) ? (
            // An account without a month of birth gives it before anything else (or signs out).
            <Suspense fallback={<PageLoading />}>
              <BirthMonthGate />
            </Suspense>
          ) : (
            <>
              {user && signedInBanner ? <Suspense fallback={null}>{signedInBanner}</Suspense> : null}
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
