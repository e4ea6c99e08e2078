import { useQuery } from '@tanstack/react-query';
import { currentTopicQuery, topicHistoryQuery } from './topics-queries';

export function useCurrentTopic() {
  return useQuery(currentTopicQuery);
}

export function useTopicHistory() {
  return useQuery(topicHistoryQuery);
}
