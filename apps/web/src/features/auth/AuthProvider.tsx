import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TSessionClosedReason, TSessionUser } from '@resolved/shared';
import { queryClient } from '../../lib/query';
import { toast } from '../../lib/toast';
import { AuthContext, type TAuthContext } from './auth-context';
import { getSessionUser, signOutSession } from './auth-queries';

/** Who is signed in; a failed check leaves the visitor signed out rather than on a blank page. */
async function fetchSessionUser(): Promise<TSessionUser | null> {
  try {
    return await getSessionUser();
  } catch (error) {
    console.warn('Session check failed', error);
    return null;
  }
}

/** What a tab says when the server ends its session. */
const SESSION_CLOSED_MESSAGES: Record<TSessionClosedReason, string> = {
  signed_out: 'You were signed out.',
  banned: 'This account has been banned.',
  account_deleted: 'This account was deleted.',
};

let firstCheck: Promise<TSessionUser | null> | undefined;

/** Starts the first session check before React renders, so that it runs alongside the loading of the page's code. */
export function startSessionCheck(): void {
  firstCheck ??= fetchSessionUser();
}

/**
 * The authentication context (spec §4): it renders nothing until the first session check has answered,
 * then the app with the current user (or none) and a sign-out action.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<TSessionUser | null>(null);
  const [hasChecked, setHasChecked] = useState(false);
  const [isLoading, setIsLoading] = useState(false);

  const load = useCallback(async () => {
    setUser(await fetchSessionUser());
    setHasChecked(true);
  }, []);

  const refresh = useCallback(async () => {
    setIsLoading(true);
    try {
      await load();
    } finally {
      setIsLoading(false);
    }
  }, [load]);

  const signOut = useCallback(async () => {
    try {
      // The realtime connection goes first; it comes back signed out once the user is (the effect below).
      await import('../../lib/socket').then(({ disconnectSocket }) => disconnectSocket());
      // Signed out on this page first, so no signed-in query (notices, the queue's status) starts while the session
      // ends; requests still on their way are dropped, not answered 401 after it.
      setUser(null);
      await queryClient.cancelQueries();
      await signOutSession();
    } finally {
      // Signed out here even when the server had already ended the session (a deleted account, an expiry).
      setUser(null);
      queryClient.clear();
    }
  }, []);

  // The first check: until it answers, the provider renders nothing (spec §4).
  useEffect(() => {
    let isCurrent = true;
    const check = firstCheck ?? fetchSessionUser();
    firstCheck = undefined;
    check.then((current) => {
      if (!isCurrent) return;
      setUser(current);
      setHasChecked(true);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  // The realtime handshake carries the session: when the signed-in user changes, reconnect as the new one.
  const socketUserId = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!hasChecked) return;
    const id = user?.id ?? null;
    // Loaded on demand so that pages without realtime do not carry the socket client in their first load.
    if (socketUserId.current !== undefined && socketUserId.current !== id) {
      void import('../../lib/socket').then(({ reconnectSocket }) => reconnectSocket());
    }
    socketUserId.current = id;
  }, [hasChecked, user?.id]);

  // The server ends a signed-in connection's session (signed out elsewhere, the account banned or deleted): say why
  // and continue signed out.
  useEffect(() => {
    if (!user) return;
    let stop: (() => void) | undefined;
    let isCurrent = true;
    void import('../../lib/socket').then(({ getSocket }) => {
      if (!isCurrent) return;
      const socket = getSocket();
      const handleClosed = ({ reason }: { reason: TSessionClosedReason }) => {
        toast.info(SESSION_CLOSED_MESSAGES[reason]);
        setUser(null);
        queryClient.clear();
      };
      socket.on('session.closed', handleClosed);
      stop = () => socket.off('session.closed', handleClosed);
    });
    return () => {
      isCurrent = false;
      stop?.();
    };
  }, [user]);

  const value = useMemo<TAuthContext>(
    () => ({ user, isLoading, signOut, refresh }),
    [user, isLoading, signOut, refresh],
  );

  if (!hasChecked) return null;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
