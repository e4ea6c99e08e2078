import { queryOptions } from '@tanstack/react-query';
import type { TTopic } from '@resolved/shared';
import { api } from '../../lib/api';

export const currentTopicKey = ['topics', 'current'] as const;
/** The current topic first, then past topics, most recently current first. */
export const topicHistoryKey = ['topics', 'history'] as const;

/** The topic queries, apart from their hooks so that the shell can start them before a page's code arrives. */
export const currentTopicQuery = queryOptions({
  queryKey: currentTopicKey,
  queryFn: () => api<{ topic: TTopic }>('/api/topics/current').then((r) => r.topic),
});

export const topicHistoryQuery = queryOptions({
  queryKey: topicHistoryKey,
  queryFn: () => api<{ topics: TTopic[] }>('/api/topics').then((r) => r.topics),
});
