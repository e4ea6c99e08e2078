import { useQuery } from '@tanstack/react-query';
import { standingQuery } from './dashboard-queries';

/** The signed-in user's dashboard data: score, rank out of total, ties and debates joined. */
export function useStanding() {
  return useQuery(standingQuery);
}
