import { useCallback, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LogOut, Settings, LayoutDashboard, ShieldAlert, UserRound, Users } from 'lucide-react';
import { profilePath } from '../users/users-queries';
import { useAuth } from './useAuth';
import { useDismiss } from '../../ui/useDismiss';

/**
 * The signed-in account in the header, on every page and every screen size: the initial as a button opening a
 * menu with the dashboard, their public profile, teams, account settings and Sign Out.
 */
export function AccountMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  const dismiss = useCallback(() => setIsOpen(false), []);
  useDismiss(isOpen, rootRef, dismiss);

  if (!user) return null;
  const name = user.displayName.trim() || user.email;
  const itemClass =
    'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-brand-50';

  async function handleSignOut() {
    setIsOpen(false);
    await signOut();
    await navigate('/login');
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((open) => !open)}
        className="flex h-10 w-10 items-center justify-center rounded-full bg-white text-lg font-bold uppercase text-brand-900 ring-2 ring-white/30 hover:ring-white"
      >
        {name.charAt(0)}
      </button>
      {isOpen ? (
        <div
          id={menuId}
          role="menu"
          className="absolute right-0 top-12 z-30 w-60 rounded-2xl border border-slate-200 bg-white p-2 text-slate-900 shadow-xl"
        >
          <p className="truncate px-3 py-2 text-sm font-semibold" title={user.email}>
            {name}
          </p>
          <Link role="menuitem" to="/Dashboard" className={itemClass} onClick={() => setIsOpen(false)}>
            <LayoutDashboard className="h-4 w-4" aria-hidden="true" /> Dashboard
          </Link>
          <Link role="menuitem" to={profilePath(user.id)} className={itemClass} onClick={() => setIsOpen(false)}>
            <UserRound className="h-4 w-4" aria-hidden="true" /> Your profile
          </Link>
          <Link role="menuitem" to="/teams" className={itemClass} onClick={() => setIsOpen(false)}>
            <Users className="h-4 w-4" aria-hidden="true" /> Teams
          </Link>
          {user.role === 'moderator' || user.role === 'admin' ? (
            <Link role="menuitem" to="/moderation" className={itemClass} onClick={() => setIsOpen(false)}>
              <ShieldAlert className="h-4 w-4" aria-hidden="true" /> Moderation
            </Link>
          ) : null}
          <Link role="menuitem" to="/settings" className={itemClass} onClick={() => setIsOpen(false)}>
            <Settings className="h-4 w-4" aria-hidden="true" /> Account settings
          </Link>
          <button role="menuitem" type="button" className={itemClass} onClick={() => void handleSignOut()}>
            <LogOut className="h-4 w-4" aria-hidden="true" /> Sign Out
          </button>
        </div>
      ) : null}
    </div>
  );
}
