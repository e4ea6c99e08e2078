import { createContext } from 'react';
import type { TSessionUser } from '@resolved/shared';

export interface TAuthContext {
  /** The signed-in user (role and score as the server last reported them), or null. */
  user: TSessionUser | null;
  /** True only while a refresh after the first check is running (the provider renders nothing before it). */
  isLoading: boolean;
  /** Ends the session on the server and forgets the user here. */
  signOut(): Promise<void>;
  /** Asks the server again who is signed in (after sign-in, sign-up, or a role change). */
  refresh(): Promise<void>;
}

export const AuthContext = createContext<TAuthContext | null>(null);
