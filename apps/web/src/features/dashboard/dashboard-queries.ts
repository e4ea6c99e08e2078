/** The dashboard's HTTP calls and their TanStack Query keys: the user's standing and debate record. */
import { queryOptions } from '@tanstack/react-query';
import type { TDebateRecord, TStandingResponse } from '@resolved/shared';
import { api } from '../../lib/api';

export const standingKey = ['users', 'me', 'standing'] as const;

/** The signed-in user's score, rank out of total, ties and debates joined: always fetched afresh. */
export const standingQuery = queryOptions({
  queryKey: standingKey,
  queryFn: () => api<TStandingResponse>('/api/users/me/standing'),
  staleTime: 0,
});

/** The signed-in debater's wins and losses, average speaker points and a rating per format. */
export const debateRecordQuery = queryOptions({
  queryKey: ['debates', 'record'],
  queryFn: () => api<{ record: TDebateRecord }>('/api/debates/record').then((r) => r.record),
});
