import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TTopic } from '@resolved/shared';
import { useSocketConnectedEffect, useSocketEvent } from '../../lib/socket';
import { currentTopicKey, topicHistoryKey, topicsKey } from './topics-queries';

/** Puts a newly current topic into the cache: the current topic, and the top of the history. */
export function applyCurrentTopic(queryClient: QueryClient, topic: TTopic): void {
  queryClient.setQueryData(currentTopicKey, topic);
  queryClient.setQueryData<TTopic[]>(topicHistoryKey, (history) =>
    history
      ? [topic, ...history.filter((t) => t.id !== topic.id).map((t) => (t.isCurrent ? { ...t, isCurrent: false } : t))]
      : history,
  );
}

/**
 * Keeps the topic queries live: `topic.updated` from the server replaces the current topic for everyone
 * without a reload; after a dropped connection, refetch what may have been missed.
 */
export function useLiveTopic(): void {
  const queryClient = useQueryClient();
  useSocketEvent('topic.updated', ({ topic }) => applyCurrentTopic(queryClient, topic));
  useSocketConnectedEffect(() => void queryClient.invalidateQueries({ queryKey: topicsKey }));
}
