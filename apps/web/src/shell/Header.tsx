import type { ReactNode } from 'react';
import { Menu } from 'lucide-react';
import { Link } from 'react-router';

interface THeaderProps {
  isMenuOpen: boolean;
  onMenuClick: () => void;
  /** The signed-in user's greeting (display name and avatar), shown on medium and wider screens. */
  greeting?: ReactNode;
  /** The signed-in account's menu (Sign Out and more), on every screen size. */
  accountMenu?: ReactNode;
}

/** Fixed header, 7rem high, whose welcome title contains the product name. */
export function Header({ isMenuOpen, onMenuClick, greeting, accountMenu }: THeaderProps) {
  return (
    <header className="fixed inset-x-0 top-0 z-20 flex h-header items-center gap-3 bg-gradient-to-r from-brand-950 via-brand-900 to-brand-700 px-4 text-white shadow-md md:px-8">
      <button
        type="button"
        onClick={onMenuClick}
        className="rounded-lg p-2 hover:bg-white/10 md:hidden"
        aria-label="Open menu"
        aria-controls="sidebar"
        aria-expanded={isMenuOpen}
      >
        <Menu className="h-6 w-6" aria-hidden="true" />
      </button>
      <Link to="/welcome" className="flex min-w-0 items-center gap-3">
        <img src="/favicon.svg" alt="" className="h-10 w-10 shrink-0 rounded-xl ring-2 ring-white/20" />
        <div className="min-w-0">
          <p className="truncate text-xl font-bold tracking-tight sm:text-2xl">Welcome to Resolved</p>
          <p className="hidden truncate text-sm text-brand-100 sm:block">
            Live debate practice for high school and college debaters
          </p>
        </div>
      </Link>
      <div className="ml-auto flex items-center gap-3">
        <div className="hidden md:block" data-testid="header-greeting">
          {greeting}
        </div>
        {accountMenu}
      </div>
    </header>
  );
}
