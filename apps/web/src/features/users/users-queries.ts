/**
 * The users feature's HTTP calls and their TanStack Query keys: a debater's profile, and the past rounds they debated
 * and judged, a page at a time.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { TProfileJudgedRoundsResponse, TProfileRoundsResponse, TPublicProfile } from '@resolved/shared';
import { api } from '../../lib/api';

/** Where a debater's profile lives in the app. */
export function profilePath(userId: string): string {
  return `/users/${encodeURIComponent(userId)}`;
}

const usersKey = (userId: string) => ['users', userId] as const;

export function profileQuery(userId: string) {
  return queryOptions({
    queryKey: [...usersKey(userId), 'profile'],
    queryFn: () => api<{ profile: TPublicProfile }>(`/api/users/${encodeURIComponent(userId)}`).then((r) => r.profile),
    retry: false,
  });
}

/** The debater's finished rounds the viewer may replay, newest first; `before` pages further back. */
export function profileRoundsQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: [...usersKey(userId), 'debates'],
    queryFn: ({ pageParam }) =>
      api<TProfileRoundsResponse>(
        `/api/users/${encodeURIComponent(userId)}/debates${pageParam === null ? '' : `?before=${pageParam}`}`,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    retry: false,
  });
}

/** The finished rounds the user judged that the viewer may replay, newest first; `before` pages further back. */
export function profileJudgedRoundsQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: [...usersKey(userId), 'judged-debates'],
    queryFn: ({ pageParam }) =>
      api<TProfileJudgedRoundsResponse>(
        `/api/users/${encodeURIComponent(userId)}/judged-debates${pageParam === null ? '' : `?before=${pageParam}`}`,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    retry: false,
  });
}
