import { useQuery } from '@tanstack/react-query';
import type { TStandingResponse } from '@resolved/shared';
import { api } from '../../lib/api';

export const STANDING_QUERY_KEY = ['users', 'me', 'standing'] as const;

/** The signed-in user's dashboard data: score, rank out of total, ties and debates joined. */
export function useStanding() {
  return useQuery({
    queryKey: STANDING_QUERY_KEY,
    queryFn: () => api<TStandingResponse>('/api/users/me/standing'),
    staleTime: 0,
  });
}
