import { useQuery } from '@tanstack/react-query';
import type { TParadigmResponse } from '@resolved/shared';
import { api } from '../../../lib/api';
import { ParadigmText } from '../../../ui/ParadigmText';

/** The seated judge's paradigm under their name in the room, for signed-in people (none written: nothing shown). */
export function JudgeParadigm({ judgeId }: { judgeId: string }) {
  const paradigm = useQuery({
    queryKey: ['users', judgeId, 'paradigm'],
    queryFn: () => api<TParadigmResponse>(`/api/users/${encodeURIComponent(judgeId)}/paradigm`),
    staleTime: 60_000,
  });
  return paradigm.data?.paradigm ? <ParadigmText paradigm={paradigm.data.paradigm} isFolded /> : null;
}
