import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateChallengeInput, TFormatId } from '@resolved/shared';
import { createChallenge, leaveQueue, queueKey, queueStatusQuery } from '../debates-queries';
import { joinQueueAs, type TJoinQueueInput } from './partner-queries';

export function useQueueStatus(isEnabled: boolean) {
  return useQuery({
    ...queueStatusQuery,
    enabled: isEnabled,
    // While waiting, also poll: the socket's `debate.matched` is the fast path, this the safety net.
    refetchInterval: (query) => (query.state.data?.waiting ? 3000 : false),
  });
}

export function useJoinQueue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TFormatId | TJoinQueueInput) =>
      joinQueueAs(typeof input === 'string' ? { formatId: input } : input),
    onSuccess: (result) => {
      if (result.status === 'waiting') client.setQueryData(queueKey, result.queue);
      else void client.invalidateQueries({ queryKey: queueKey });
    },
  });
}

export function useLeaveQueue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => leaveQueue(),
    onSettled: () => client.invalidateQueries({ queryKey: queueKey }),
  });
}

export function useCreateChallenge() {
  return useMutation({
    mutationFn: (request: TCreateChallengeInput) => createChallenge(request),
  });
}
