/** What a tournament tells its people when it changes. */
import { REALTIME_ROOMS } from '@resolved/shared';
import type { TTournamentsDeps } from './tournament-access';

/**
 * Tells the tournament's room (every socket whose page shows it: `tournament.watch`) that the tournament changed, and
 * wakes its sequencer (the module listens). One event per change, whatever the number of its people; the realtime
 * bridge sends at most one a second per tournament (`room-delivery.ts`). What a person must hear wherever they are (a
 * release, a delayed release) goes to their own room as its own event.
 */
export async function emitChanged(deps: TTournamentsDeps, tournamentId: number): Promise<void> {
  deps.events.emit({
    name: 'tournament.changed',
    room: REALTIME_ROOMS.tournament(tournamentId),
    payload: { tournamentId },
  });
}
