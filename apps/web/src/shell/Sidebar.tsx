import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { LogOut, UserRound, X } from 'lucide-react';
import { LOGIN_ENTRY_TARGET, NAV_ENTRIES, isEntryActive, type TNavEntry } from './navigation';

interface TSidebarProps {
  isOpen: boolean;
  onClose: () => void;
  /** The signed-in account: its name and Sign Out take the place of "Login / Sign In". */
  account?: { name: string; onSignOut: () => void };
  /** The entries, when not the spec's (`TEAM_ONLY_NAV_ENTRIES` for an account limited to its teams). */
  entries?: readonly TNavEntry[];
}

/**
 * 16rem sidebar: always visible from the `md` breakpoint; below it, a drawer that slides in over a dimmed
 * overlay, traps focus while open and closes on Escape, on the overlay and on choosing an entry.
 */
export function Sidebar({ isOpen, onClose, account, entries = NAV_ENTRIES }: TSidebarProps) {
  const { pathname } = useLocation();
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const panel = panelRef.current;
    const focusables = () => Array.from(panel?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? []);
    focusables()[0]?.focus();
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [isOpen, onClose]);

  return (
    <>
      <div
        data-testid="sidebar-overlay"
        aria-hidden="true"
        onClick={onClose}
        className={`fixed inset-0 z-30 bg-slate-950/50 transition-opacity md:hidden ${
          isOpen ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
      />
      <nav
        id="sidebar"
        ref={panelRef}
        aria-label="Main"
        data-open={isOpen}
        className={`fixed bottom-0 left-0 z-40 w-sidebar overflow-y-auto border-r border-slate-200 bg-white transition-transform duration-200 md:top-header md:z-20 md:translate-x-0 ${
          isOpen ? 'top-0 translate-x-0 shadow-2xl' : 'invisible top-0 -translate-x-full md:visible md:shadow-none'
        }`}
      >
        <div className="flex items-center justify-between px-5 pb-2 pt-5 md:hidden">
          <span className="text-lg font-bold text-brand-900">Resolved</span>
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
            aria-label="Close menu"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <ul className="space-y-1 p-4">
          {entries.map((entry) => {
            if (account && entry.to === LOGIN_ENTRY_TARGET) {
              return (
                <li key="account" className="mt-2 border-t border-slate-100 pt-3" data-testid="sidebar-account">
                  <p className="flex items-center gap-3 px-4 py-1 text-[0.95rem] font-semibold text-slate-900">
                    <UserRound className="h-5 w-5 shrink-0" aria-hidden="true" />
                    <span className="truncate">{account.name}</span>
                  </p>
                  <button
                    type="button"
                    onClick={() => {
                      onClose();
                      account.onSignOut();
                    }}
                    className="flex w-full items-center gap-3 rounded-xl px-4 py-2.5 text-left text-[0.95rem] font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800"
                  >
                    <LogOut className="h-5 w-5 shrink-0" aria-hidden="true" />
                    Sign Out
                  </button>
                </li>
              );
            }
            const isActive = isEntryActive(entry, pathname);
            const Icon = entry.icon;
            return (
              <li key={entry.to}>
                <Link
                  to={entry.to}
                  onClick={onClose}
                  aria-current={isActive ? 'page' : undefined}
                  className={`flex items-center gap-3 rounded-xl px-4 py-2.5 text-[0.95rem] font-medium transition-colors ${
                    isActive
                      ? 'bg-brand-700 text-white shadow-sm'
                      : 'text-slate-700 hover:bg-brand-50 hover:text-brand-800'
                  }`}
                >
                  <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
                  {entry.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
