import { useQuery } from '@tanstack/react-query';
import { authOptionsQuery } from './auth-queries';

/** Which sign-in methods the server offers. */
export function useAuthOptions() {
  return useQuery(authOptionsQuery);
}
