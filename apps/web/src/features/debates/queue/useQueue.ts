import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFormatId, TJoinQueueResult, TQueueStatus } from '@resolved/shared';
import { api } from '../../../lib/api';

export const QUEUE_KEY = ['debates', 'queue'] as const;

export function useQueueStatus(isEnabled: boolean) {
  return useQuery({
    queryKey: QUEUE_KEY,
    queryFn: async () => (await api<{ queue: TQueueStatus }>('/api/debates/queue')).queue,
    enabled: isEnabled,
    // While waiting, also poll: the socket's `debate.matched` is the fast path, this the safety net.
    refetchInterval: (query) => (query.state.data?.waiting ? 3000 : false),
  });
}

export function useJoinQueue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (formatId: TFormatId) =>
      api<TJoinQueueResult>('/api/debates/queue', { method: 'POST', json: { formatId } }),
    onSuccess: (result) => {
      if (result.status === 'waiting') client.setQueryData(QUEUE_KEY, result.queue);
      else void client.invalidateQueries({ queryKey: QUEUE_KEY });
    },
  });
}

export function useLeaveQueue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/api/debates/queue', { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

export function useCreateChallenge() {
  return useMutation({
    mutationFn: (request: { formatId: TFormatId; prepMinutes: number }) =>
      api<{ challenge: { token: string; formatId: TFormatId; prepMinutes: number } }>('/api/debates/challenges', {
        method: 'POST',
        json: request,
      }),
  });
}
