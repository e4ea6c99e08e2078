/**
 * Tournaments: an admin or a coach (the host) creates one; entrants join until its first round is released; the
 * host (or a co-host) releases each preliminary round's draw, which the pure core (`packages/shared/src/tournaments/`)
 * makes from the confirmed results, and every pairing opens an ordinary round of kind `tournament`. Reads and
 * presents the tournament, its entrants and its rounds for hosts, entrants and (for an open tournament) anyone.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  eliminationRoundsOf,
  TOURNAMENT_LIMITS,
  type TDivisionAgeBand,
  type TSessionUser,
  type TTournament,
  type ZCreateTournamentRequest,
} from '@resolved/shared';
import { nowIso } from '../../db/database';
import { AppError } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import { screenText } from '../../lib/text-filter';
import { membershipIn, membershipsOf, teamIdsOfUsers } from '../memberships/memberships.service';
import { newJoinCode } from '../teams/teams.service';
import { findUserById } from '../users/users.service';
import * as repo from './tournaments.repository';
import * as membersRepo from './tournament-members.repository';
import { type TTournamentsDeps, db, requireManager } from './tournament-access';
import { emitChanged } from './tournament-events';
import { present, getTournament } from './tournament-presenter';

type TCreateInput = z.output<typeof ZCreateTournamentRequest>;

/** The one division of a tournament created without named divisions. */
const DEFAULT_DIVISION = 'Open';

/** Whether `userId` coaches any team (a coach may host tournaments). */
async function isCoach(deps: TTournamentsDeps, userId: string): Promise<boolean> {
  const teamIds = (await teamIdsOfUsers(db(deps), [userId])).get(userId) ?? [];
  const places = await membershipsOf(db(deps), teamIds, userId);
  return [...places.values()].some((place) => place.role === 'coach');
}

/** The named divisions of a tournament: an open tournament splits each name by age band. */
function divisionsFor(names: readonly string[], isOpen: boolean) {
  const named = names.length > 0 ? names : [DEFAULT_DIVISION];
  if (!isOpen) return named.map((name) => ({ name, ageBand: null }));
  return named.flatMap((name) =>
    (['minor', 'adult'] as const).map((ageBand) => ({ name, ageBand: ageBand as TDivisionAgeBand | null })),
  );
}

/**
 * A new tournament, its host the caller: an admin, or a coach (entering only teams they coach). Its divisions and
 * every preliminary round of each (as drafts, each with its draw's seed) are made at once, in one transaction.
 */
export async function createTournament(
  deps: TTournamentsDeps,
  user: TSessionUser,
  input: TCreateInput,
): Promise<TTournament> {
  if (user.role !== 'admin' && !(await isCoach(deps, user.id))) {
    throw new AppError('forbidden', 'Only admins and team coaches can create tournaments.');
  }
  // The name and divisions are shown to every entrant: a slur is refused (named by field).
  screenText({ name: input.name, divisions: input.divisions.join('\n') });
  for (const teamId of input.teamIds) {
    if ((await membershipIn(db(deps), teamId, user.id))?.role !== 'coach') {
      throw new AppError('forbidden', 'You can enter only teams you coach.');
    }
  }
  const now = nowIso();
  // The count and the insert are one step per host (`withKeyLock`), so simultaneous requests stop at the cap.
  const id = await withKeyLock(deps.database, `tournament.create:${user.id}`, async (trx) => {
    if ((await repo.countUnfinishedOf(trx, user.id)) >= TOURNAMENT_LIMITS.unfinishedPerHost) {
      throw new AppError(
        'conflict',
        `You can host up to ${TOURNAMENT_LIMITS.unfinishedPerHost} tournaments that are not finished.`,
      );
    }
    const tournamentId = await repo.insertTournament(trx, {
      name: input.name,
      formatId: input.formatId,
      prelimRounds: input.prelimRounds,
      breakSize: input.breakSize,
      scheduleMode: input.scheduleMode,
      entryMode: input.entryMode,
      firstRound: input.firstRound,
      prelimJudgesPerRoom: input.prelimJudgesPerRoom,
      elimJudgesPerRoom: input.elimJudgesPerRoom,
      teamSize: input.teamSize,
      speechMinutes: input.formatId === 'bp' ? (input.speechMinutes ?? 7) : null,
      joinCode: input.entryMode === 'code' ? newJoinCode() : null,
      hostId: user.id,
      createdAt: now,
    });
    await repo.insertTeams(trx, tournamentId, [...new Set(input.teamIds)]);
    const divisionIds = await repo.insertDivisions(
      trx,
      tournamentId,
      divisionsFor(input.divisions, input.entryMode === 'open'),
    );
    // The elimination rounds follow the preliminaries as drafts too, ready to be drawn once the break is known.
    const roundCount = input.prelimRounds + eliminationRoundsOf(input);
    const roundRows = divisionIds.flatMap((divisionId) =>
      Array.from({ length: roundCount }, (_, i) => ({
        tournamentId,
        divisionId,
        number: i + 1,
        seed: randomBytes(8).toString('hex'),
        startsAt: input.roundStartsAt?.[i] ?? null,
      })),
    );
    await repo.insertRounds(trx, roundRows);
    return tournamentId;
  });
  // The sequencer (subscribed to this) plans the tournament's first check-in and start.
  await emitChanged(deps, id);
  return getTournament(deps, user, id);
}

/** The host names a co-host, who manages the tournament beside them. */
export async function addCohost(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  cohostId: string,
): Promise<TTournament> {
  const { row, viewer } = await requireManager(deps, user, id);
  if (!viewer.isHost) throw new AppError('forbidden', 'Only the host names co-hosts.');
  if (cohostId === user.id) throw new AppError('validation_failed', 'You host this tournament already.');
  if (!(await findUserById(db(deps), cohostId))) throw new AppError('not_found', 'There is no such user.');
  if (await membersRepo.findEntrantOf(db(deps), id, cohostId)) {
    throw new AppError('conflict', 'An entrant cannot co-host: withdraw them first.');
  }
  if ((await repo.listCohostIds(db(deps), id)).length >= TOURNAMENT_LIMITS.cohostsMax) {
    throw new AppError('conflict', `A tournament has at most ${TOURNAMENT_LIMITS.cohostsMax} co-hosts.`);
  }
  if (!(await repo.insertCohost(db(deps), id, cohostId, nowIso()))) {
    throw new AppError('conflict', 'They co-host this tournament already.');
  }
  await emitChanged(deps, row.id);
  return present(deps, row, viewer);
}
