import { useAuth } from './useAuth';

/** The header greeting (spec §1): display name, or e-mail without one, beside an avatar with the initial. */
export function HeaderGreeting() {
  const { user } = useAuth();
  if (!user) return null;
  const name = user.displayName.trim() || user.email;
  return (
    <div className="flex items-center gap-3">
      <span className="max-w-56 truncate text-sm font-medium text-white">Hi, {name}</span>
      <span
        aria-hidden="true"
        className="flex h-10 w-10 items-center justify-center rounded-full bg-white text-lg font-bold uppercase text-brand-900"
      >
        {name.charAt(0)}
      </span>
    </div>
  );
}
