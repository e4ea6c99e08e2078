/** What a tournament tells its people when it changes. */
import { REALTIME_ROOMS, TOURNAMENT_PARTS, type TTournamentPart } from '@resolved/shared';
import type { TTournamentsDeps } from './tournament-access';

/**
 * Tells the tournament's room (every socket whose page shows it: `tournament.watch`) that `parts` of the tournament
 * changed (every part unless told), and wakes its sequencer (the module listens). One event per change, whatever the
 * number of its people; the realtime bridge sends at most one a second per tournament, naming every part changed
 * since the last (`room-delivery.ts`). A change that names the tab also sends the tab itself to its hosts' and
 * entrants' sockets (`tournament-tab-push.ts`). What a person must hear wherever they are (a release, a delayed
 * release) goes to their own room as its own event.
 */
export async function emitChanged(
  deps: TTournamentsDeps,
  tournamentId: number,
  parts: readonly TTournamentPart[] = TOURNAMENT_PARTS,
): Promise<void> {
  deps.events.emit({
    name: 'tournament.changed',
    room: REALTIME_ROOMS.tournament(tournamentId),
    payload: { tournamentId, parts: [...parts] },
  });
}

/**
 * A pairing's result came in (a ballot, a forfeit, no decision): the tab and the results changed for everyone who
 * sees them, and the pairing itself for its own people, who see only their own pairings and are told in their own
 * rooms (`rounds`), so that the other entrants' pages do not read the draw again for a result that is not theirs.
 */
export async function emitResultChanged(
  deps: TTournamentsDeps,
  tournamentId: number,
  peopleIds: readonly string[],
): Promise<void> {
  for (const userId of new Set(peopleIds)) {
    deps.events.emit({
      name: 'tournament.changed',
      room: REALTIME_ROOMS.user(userId),
      payload: { tournamentId, parts: ['rounds'] },
    });
  }
  await emitChanged(deps, tournamentId, ['results', 'tab']);
}
