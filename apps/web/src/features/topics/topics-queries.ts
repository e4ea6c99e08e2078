/**
 * The topics feature's HTTP calls and their TanStack Query keys. The queries are plain options, apart from their
 * hooks, so that the shell can start them before a page's code arrives.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TTopic, TUpdateTopicRequest } from '@resolved/shared';
import { api } from '../../lib/api';

/** Every topic query: refetched after a dropped connection. */
export const topicsKey = ['topics'] as const;
export const currentTopicKey = ['topics', 'current'] as const;
/** The current topic first, then past topics, most recently current first. */
export const topicHistoryKey = ['topics', 'history'] as const;

export const currentTopicQuery = queryOptions({
  queryKey: currentTopicKey,
  queryFn: () => api<{ topic: TTopic }>('/api/topics/current').then((r) => r.topic),
});

export const topicHistoryQuery = queryOptions({
  queryKey: topicHistoryKey,
  queryFn: () => api<{ topics: TTopic[] }>('/api/topics').then((r) => r.topics),
});

/** "Edit Topic" (admins): the new current topic. */
export function updateCurrentTopic(input: TUpdateTopicRequest): Promise<TTopic> {
  return api<{ topic: TTopic }>('/api/topics/current', { method: 'PUT', json: input }).then((r) => r.topic);
}

/** Makes a past topic current again (admins). */
export function makeTopicCurrent(id: number): Promise<TTopic> {
  return api<{ topic: TTopic }>(`/api/topics/${id}/make-current`, { method: 'POST' }).then((r) => r.topic);
}
