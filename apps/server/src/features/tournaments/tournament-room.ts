import { REALTIME_ROOMS, ZTournamentWatch, type TSessionUser } from '@resolved/shared';
import { AppError, parseOrThrow } from '../../lib/errors';
import { requireReader, type TTournamentsDeps } from './tournament-access';

/** How many tournaments one socket (one tab) may watch at once: a page watches one, a few tabs' worth is plenty. */
export const WATCHED_TOURNAMENTS_MAX = 8;

/**
 * `tournament.watch`: who may follow a tournament live is who may read it (`requireReader`: a signed-in viewer, a
 * visitor a published one). Returns the room to join. `watching` is how many this socket watches already.
 */
export async function tournamentRoomFor(
  deps: TTournamentsDeps,
  user: TSessionUser | null,
  input: unknown,
  watching: number,
): Promise<{ tournamentId: number; room: string }> {
  const { tournamentId } = parseOrThrow(ZTournamentWatch, input);
  const room = REALTIME_ROOMS.tournament(tournamentId);
  if (watching >= WATCHED_TOURNAMENTS_MAX) {
    throw new AppError('rate_limited', 'Too many tournaments open at once. Close one of their pages.');
  }
  await requireReader(deps, user, tournamentId);
  return { tournamentId, room };
}
