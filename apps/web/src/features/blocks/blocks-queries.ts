/** Blocks' HTTP calls and query key: the viewer's block list, blocking and unblocking. */
import { useMemo } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBlockListResponse, TBlockResponse } from '@resolved/shared';
import { api } from '../../lib/api';
import { useSocketEvent } from '../../lib/socket';

export const BLOCKS_KEY = ['blocks'] as const;

export function blocksQuery() {
  return queryOptions({
    queryKey: BLOCKS_KEY,
    queryFn: () => api<TBlockListResponse>('/api/blocks').then((r) => r.blocks),
    staleTime: 60_000,
  });
}

export function blockUser(userId: string): Promise<TBlockResponse> {
  return api<TBlockResponse>(`/api/blocks/${encodeURIComponent(userId)}`, { method: 'PUT' });
}

export function unblockUser(userId: string): Promise<void> {
  return api<void>(`/api/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

/**
 * The ids of the people the viewer blocked (empty while loading or signed out), kept current when another tab blocks
 * or unblocks someone.
 */
export function useBlockedIds(isEnabled = true): ReadonlySet<string> {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...blocksQuery(), enabled: isEnabled });
  useSocketEvent('block.changed', () => void queryClient.invalidateQueries({ queryKey: BLOCKS_KEY }));
  return useMemo(() => new Set((data ?? []).map((b) => b.userId)), [data]);
}
