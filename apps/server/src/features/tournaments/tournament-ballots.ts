/**
 * Ballots on a tournament's rounds. While the tournament runs, a panel judge's ballot that arrives after the panel's
 * decision is kept and shown (it cannot change the result). Once the tournament is **finished** its results are final:
 * the ballot route refuses any further ballot on its rounds (409), and the room says so instead of offering the form.
 */
import { TOURNAMENT_OVER_BALLOT_MESSAGE } from '@resolved/shared';
import { AppError } from '../../lib/errors';
import * as repo from './tournaments.repository';
import * as roomsRepo from './tournament-rooms.repository';
import type { TTournamentsDeps } from './tournament-access';

/** Refuses (409) a ballot on a round of a finished tournament; a round that is no tournament's passes. */
export async function refuseBallotAfterFinish(deps: Pick<TTournamentsDeps, 'database'>, debateId: number) {
  const db = deps.database.db;
  const tournamentId = await roomsRepo.findTournamentIdOfDebate(db, debateId);
  if (tournamentId === null) return;
  const tournament = await repo.findTournament(db, tournamentId);
  if (tournament?.status === 'finished') {
    throw new AppError('conflict', TOURNAMENT_OVER_BALLOT_MESSAGE);
  }
}
