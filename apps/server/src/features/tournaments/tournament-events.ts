/** What a tournament tells its people when it changes. */
import { REALTIME_ROOMS } from '@resolved/shared';
import { coachIdsOfTeamsOf } from '../memberships/memberships.service';
import * as repo from './tournaments.repository';
import { type TTournamentsDeps, db } from './tournament-access';

/** Tells the hosts, entrants and judges (every tab of theirs) that the tournament changed. */
export async function emitChanged(deps: TTournamentsDeps, tournamentId: number): Promise<void> {
  const row = await repo.findTournament(db(deps), tournamentId);
  if (!row) return;
  const entrantIds = (await repo.listEntrants(db(deps), tournamentId)).map((e) => e.userId);
  const people = new Set([
    ...(row.hostId ? [row.hostId] : []),
    ...(await repo.listCohostIds(db(deps), tournamentId)),
    ...entrantIds,
    ...(await repo.listJudges(db(deps), tournamentId)).map((j) => j.userId),
    // Coaches of entrants' teams follow the tournament (and the judges their teams owe and bring).
    ...(await coachIdsOfTeamsOf(db(deps), entrantIds)),
  ]);
  for (const userId of people) {
    deps.events.emit({ name: 'tournament.changed', room: REALTIME_ROOMS.user(userId), payload: { tournamentId } });
  }
}
