import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Trophy } from 'lucide-react';
import { TOURNAMENT_OVER_BALLOT_MESSAGE } from '@resolved/shared';
import { getRoomTag, tournamentKeys } from './tournaments-queries';

/** The room's tournament tag (one request per room, shared by the tag and the ballot's place). */
const useRoomTag = (debateId: number, isEnabled = true) =>
  useQuery({ queryKey: tournamentKeys.roomTag(debateId), queryFn: () => getRoomTag(debateId), enabled: isEnabled });

/** Whether this tournament round's tournament is finished: its results are final and its rounds take no ballot. */
export function useIsTournamentOver(debateId: number, isTournamentRound: boolean): boolean {
  return useRoomTag(debateId, isTournamentRound).data?.isFinished === true;
}

/** Said in place of the ballot form once the tournament is finished (the ballot route says the same). */
export function TournamentOverNotice() {
  return (
    <p className="rounded-2xl border border-slate-200 bg-slate-50 p-5 text-sm text-slate-700" role="status">
      {TOURNAMENT_OVER_BALLOT_MESSAGE}
    </p>
  );
}

/**
 * A tournament round's room names its tournament and round, linking to the tournament. Someone who may watch the
 * round but not see the tournament (an unpublished one entered by code) is given no tag.
 */
export function TournamentRoomTag({ debateId }: { debateId: number }) {
  const tag = useRoomTag(debateId);
  if (!tag.data) return null;
  const { tournamentId, tournamentName, roundName } = tag.data;
  return (
    <p className="mb-4 flex items-center gap-1.5 text-sm text-slate-700" data-testid="tournament-room-tag">
      <Trophy aria-hidden className="size-4 shrink-0 text-brand-700" />
      <span>
        <Link to={`/tournaments/${tournamentId}`} className="font-semibold text-brand-700 underline">
          {tournamentName}
        </Link>{' '}
        · {roundName}
      </span>
    </p>
  );
}
