import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Trophy } from 'lucide-react';
import { getRoomTag, tournamentKeys } from './tournaments-queries';

/**
 * A tournament round's room names its tournament and round, linking to the tournament. Someone who may watch the
 * round but not see the tournament (an unpublished one entered by code) is given no tag.
 */
export function TournamentRoomTag({ debateId }: { debateId: number }) {
  const tag = useQuery({ queryKey: tournamentKeys.roomTag(debateId), queryFn: () => getRoomTag(debateId) });
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
