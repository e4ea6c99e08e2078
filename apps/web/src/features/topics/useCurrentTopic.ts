import { useQuery } from '@tanstack/react-query';
import { currentTopicQuery, topicHistoryQuery } from './topic-queries';

export function useCurrentTopic() {
  return useQuery(currentTopicQuery);
}

export function useTopicHistory() {
  return useQuery(topicHistoryQuery);
}
