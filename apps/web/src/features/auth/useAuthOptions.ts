import { useQuery } from '@tanstack/react-query';
import type { TAuthOptionsResponse } from '@resolved/shared';
import { api } from '../../lib/api';

/** Which sign-in methods the server offers (Google only when GOOGLE_CLIENT_ID/SECRET are set). */
export function useAuthOptions() {
  return useQuery({
    queryKey: ['auth-options'],
    queryFn: () => api<TAuthOptionsResponse>('/api/auth-options'),
    staleTime: Infinity,
  });
}
