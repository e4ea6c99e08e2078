import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { TRole } from '@resolved/shared';
import { useAuth } from './useAuth';

/**
 * Role gate (spec §4): shows "Checking permissions..." while it reads the role afresh from the server
 * (a role changed by an admin applies at once), then sends a visitor to /login and a signed-in user
 * whose role is not allowed to /dashboard.
 */
export function RequireRole({ roles, children }: { roles: readonly TRole[]; children: ReactNode }) {
  const { user, refresh } = useAuth();
  const location = useLocation();
  const [isChecking, setIsChecking] = useState(true);

  useEffect(() => {
    let isCurrent = true;
    void refresh().finally(() => {
      if (isCurrent) setIsChecking(false);
    });
    return () => {
      isCurrent = false;
    };
  }, [refresh]);

  if (isChecking) {
    return (
      <p role="status" className="py-16 text-center text-lg text-slate-700">
        Checking permissions...
      </p>
    );
  }
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!roles.includes(user.role)) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
