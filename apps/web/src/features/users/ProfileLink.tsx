import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { profilePath } from './users-queries';

/** A debater's name as a link to their profile. */
export function ProfileLink({
  userId,
  className = 'font-semibold text-brand-700 underline-offset-2 hover:underline',
  children,
}: {
  userId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={profilePath(userId)} className={className}>
      {children}
    </Link>
  );
}
