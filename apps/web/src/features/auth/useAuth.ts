import { useContext } from 'react';
import { AuthContext, type TAuthContext } from './auth-context';

export function useAuth(): TAuthContext {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
