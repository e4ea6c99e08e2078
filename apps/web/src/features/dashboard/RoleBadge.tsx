import { Crown, ShieldCheck, User } from 'lucide-react';
import type { TRole } from '@resolved/shared';

const BADGES: Record<TRole, { label: string; className: string; Icon: typeof Crown }> = {
  admin: { label: 'Admin', className: 'bg-amber-100 text-amber-900 ring-amber-300', Icon: Crown },
  moderator: { label: 'Moderator', className: 'bg-emerald-100 text-emerald-900 ring-emerald-300', Icon: ShieldCheck },
  user: { label: 'Debater', className: 'bg-sky-100 text-sky-900 ring-sky-300', Icon: User },
};

/** The role badge of the welcome banner: its own icon and colour for admin, moderator and user. */
export function RoleBadge({ role }: { role: TRole }) {
  const { label, className, Icon } = BADGES[role];
  return (
    <span
      data-testid="role-badge"
      data-role={role}
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ${className}`}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {label}
    </span>
  );
}
