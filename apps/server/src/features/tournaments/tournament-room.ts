import { REALTIME_ROOMS, ZTournamentWatch, type TSessionUser } from '@resolved/shared';
import { AppError, parseOrThrow } from '../../lib/errors';
import { requireTournament, requireViewer, type TTournamentsDeps } from './tournaments.service';

/** How many tournaments one socket (one tab) may watch at once: a page watches one, a few tabs' worth is plenty. */
export const WATCHED_TOURNAMENTS_MAX = 8;

/**
 * `tournament.watch`: who may follow a tournament live is who may read it (a signed-in viewer as `requireViewer`
 * decides; a visitor a published one). Returns the room to join. `watching` is how many this socket watches already.
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
  if (user) {
    await requireViewer(deps, user, tournamentId);
  } else if ((await requireTournament(deps, tournamentId)).publishedAt === null) {
    throw new AppError('unauthenticated', 'Please sign in.');
  }
  return { tournamentId, room };
}
