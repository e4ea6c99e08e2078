import { useAuth } from './useAuth';

/** The header greeting (spec §1): display name, or e-mail without one, beside an avatar with the initial. */
export function HeaderGreeting() {
  const { user } = useAuth();
  if (!user) return null;
  const name = user.displayName.trim() || user.email;
  // The avatar with the initial beside it is the account menu (AccountMenu), shown on every screen size.
  return <span className="max-w-56 truncate text-sm font-medium text-white">Hi, {name}</span>;
}
