/**
 * A tournament round's room is tagged with its tournament and round: the room names them and links to the
 * tournament. The tag goes to someone who may watch the round and may see the tournament; anyone else who may watch
 * it gets none (as for a round that is no tournament's), so an unpublished tournament stays hidden from its rooms'
 * spectators. A round they may not watch is refused as the round itself is. The tag says when the tournament is
 * finished: its rooms then offer no ballot form (the ballot route refuses one).
 */
import { roundName, type TSessionUser, type TTournamentRoomTag } from '@resolved/shared';
import { AppError } from '../../lib/errors';
import { requireRoundViewer } from '../debates/round-access';
import { requireDebate } from '../debates/round-row';
import * as roomsRepo from './tournament-rooms.repository';
import { requireViewer, type TTournamentsDeps } from './tournament-access';

export async function getRoomTag(
  deps: TTournamentsDeps,
  user: TSessionUser,
  debateId: number,
): Promise<TTournamentRoomTag | null> {
  const row = await requireDebate(deps, debateId);
  await requireRoundViewer(deps, user, row);
  const pairing = await roomsRepo.findRoundOfDebate(deps.database.db, debateId);
  if (!pairing) return null;
  const tournament = await requireViewer(deps, user, pairing.tournamentId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  });
  if (!tournament) return null;
  return {
    tournamentId: tournament.row.id,
    tournamentName: tournament.row.name,
    roundNumber: pairing.number,
    roundName: roundName(pairing.number, tournament.row),
    isFinished: tournament.row.status === 'finished',
  };
}
