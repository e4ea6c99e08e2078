/** The leaderboard's HTTP call and its TanStack Query key. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { TLeaderboardResponse } from '@resolved/shared';
import { api } from '../../lib/api';

/** Every leaderboard query: refetched when an admin changes a score. */
export const leaderboardKey = ['leaderboard'] as const;

/** The ranking, 100 a page; keyed by the viewer, whose own row it marks. Always fetched afresh. */
export function leaderboardQuery(viewerId: string | null) {
  return infiniteQueryOptions({
    queryKey: [...leaderboardKey, viewerId],
    queryFn: ({ pageParam }) => api<TLeaderboardResponse>(`/api/leaderboard?offset=${pageParam}`),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
    staleTime: 0,
  });
}
