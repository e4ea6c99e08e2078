import { useQuery } from '@tanstack/react-query';
import type { TTopic } from '@resolved/shared';
import { api } from '../../lib/api';

export const currentTopicKey = ['topics', 'current'] as const;
/** The current topic first, then past topics, most recently current first. */
export const topicHistoryKey = ['topics', 'history'] as const;

export function useCurrentTopic() {
  return useQuery({
    queryKey: currentTopicKey,
    queryFn: () => api<{ topic: TTopic }>('/api/topics/current').then((r) => r.topic),
  });
}

export function useTopicHistory() {
  return useQuery({
    queryKey: topicHistoryKey,
    queryFn: () => api<{ topics: TTopic[] }>('/api/topics').then((r) => r.topics),
  });
}
