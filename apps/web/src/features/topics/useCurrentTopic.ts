import { useQuery } from '@tanstack/react-query';
import type { TTopic } from '@resolved/shared';
import { api } from '../../lib/api';

export const currentTopicKey = ['topics', 'current'] as const;

export function useCurrentTopic() {
  return useQuery({
    queryKey: currentTopicKey,
    queryFn: () => api<{ topic: TTopic }>('/api/topics/current').then((r) => r.topic),
  });
}
