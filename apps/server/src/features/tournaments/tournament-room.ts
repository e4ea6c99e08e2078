import { REALTIME_ROOMS, ZTournamentWatch, type TSessionUser } from '@resolved/shared';
import { AppError, parseOrThrow } from '../../lib/errors';
import { isManager, requireReader, type TTournamentsDeps } from './tournament-access';

/** How many tournaments one socket (one tab) may watch at once: a page watches one, a few tabs' worth is plenty. */
export const WATCHED_TOURNAMENTS_MAX = 8;

/**
 * `tournament.watch`: who may follow a tournament live is who may read it (`requireReader`: a signed-in viewer, a
 * visitor a published one). Returns the room to join, and the tab's room (`tournament-tab:<id>`, where the whole tab
 * is sent when it changes) for a host or co-host, and for an entrant once the first round is out: people who see the
 * whole tab and can never stop seeing it (no host is removed; an entrant's row is deleted only in registration, and a
 * withdrawn entrant still sees the tab). Anyone else reads the tab when told it changed. `watching` is how many this
 * socket watches already.
 */
export async function tournamentRoomFor(
  deps: TTournamentsDeps,
  user: TSessionUser | null,
  input: unknown,
  watching: number,
): Promise<{ tournamentId: number; room: string; tabRoom: string | null }> {
  const { tournamentId } = parseOrThrow(ZTournamentWatch, input);
  const room = REALTIME_ROOMS.tournament(tournamentId);
  if (watching >= WATCHED_TOURNAMENTS_MAX) {
    throw new AppError('rate_limited', 'Too many tournaments open at once. Close one of their pages.');
  }
  const { row, viewer } = await requireReader(deps, user, tournamentId);
  const isTabPushed = isManager(viewer) || (viewer.entrant !== undefined && row.status !== 'registration');
  return { tournamentId, room, tabRoom: isTabPushed ? REALTIME_ROOMS.tournamentTab(tournamentId) : null };
}
