import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TSessionResponse, TSessionUser } from '@resolved/shared';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { AuthContext, type TAuthContext } from './auth-context';

/**
 * The authentication context (spec §4): it renders nothing until the first session check has answered,
 * then the app with the current user (or none) and a sign-out action.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<TSessionUser | null>(null);
  const [hasChecked, setHasChecked] = useState(false);
  const [isLoading, setIsLoading] = useState(true);

  const refresh = useCallback(async () => {
    setIsLoading(true);
    try {
      const { user: current } = await api<TSessionResponse>('/api/session');
      setUser(current);
    } catch (error) {
      // A failed check leaves the visitor signed out rather than stuck on a blank page.
      console.warn('Session check failed', error);
      setUser(null);
    } finally {
      setIsLoading(false);
      setHasChecked(true);
    }
  }, []);

  const signOut = useCallback(async () => {
    await api('/api/auth/sign-out', { method: 'POST', json: {} });
    setUser(null);
    queryClient.clear();
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo<TAuthContext>(
    () => ({ user, isLoading, signOut, refresh }),
    [user, isLoading, signOut, refresh],
  );

  if (!hasChecked) return null;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
