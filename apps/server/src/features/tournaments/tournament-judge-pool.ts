/** The judge pool: its judges, their availability per round and their conflicts. */
import { ageDoorRefusal, TOURNAMENT_LIMITS, type TSessionUser, type TTournamentJudge } from '@resolved/shared';
import { nowIso } from '../../db/database';
import { AppError } from '../../lib/errors';
import { teamIdsOfUsers, teamNames } from '../memberships/memberships.service';
import { findDoorUserById, findUserNames } from '../users/users.service';
import { lastRoundOf } from './tournament-elimination';
import * as repo from './tournaments.repository';
import * as membersRepo from './tournament-members.repository';
import * as poolRepo from './tournament-judge-pool.repository';
import { type TTournamentsDeps, db, isManager, requireViewer, requireManager, requireDoor } from './tournament-access';
import { emitChanged } from './tournament-events';
import { alreadyReleased } from './tournament-release';

/** The pool as hosts see it (each judge), or a judge's own line. */
async function presentJudges(deps: TTournamentsDeps, tournamentId: number): Promise<TTournamentJudge[]> {
  const [rows, unavailable, conflicts] = await Promise.all([
    repo.listJudges(db(deps), tournamentId),
    poolRepo.listUnavailable(db(deps), tournamentId),
    poolRepo.listConflicts(db(deps), tournamentId),
  ]);
  const names = await findUserNames(
    db(deps),
    rows.map((r) => r.userId),
  );
  const teams = await teamNames(db(deps), [...new Set(rows.flatMap((r) => (r.teamId === null ? [] : [r.teamId])))]);
  return rows.map((r) => ({
    userId: r.userId,
    displayName: names.get(r.userId) ?? 'Someone',
    teamName: r.teamId === null ? null : (teams.get(Number(r.teamId)) ?? null),
    unavailableRounds: unavailable.filter((u) => u.userId === r.userId).map((u) => Number(u.roundNumber)),
    conflictEntrantIds: conflicts.filter((c) => c.userId === r.userId).map((c) => Number(c.entrantId)),
    addedAt: r.addedAt,
  }));
}

/** The judge pool: hosts see every judge; a judge of the pool sees their own line. */
export async function listJudges(deps: TTournamentsDeps, user: TSessionUser, id: number): Promise<TTournamentJudge[]> {
  const { row, viewer } = await requireViewer(deps, user, id);
  requireDoor(row, viewer, 'judges');
  const all = await presentJudges(deps, id);
  return isManager(viewer) ? all : all.filter((j) => j.userId === user.id);
}

/**
 * A host names a judge of the pool: anyone who may take a judge's seat (a month of birth given, not an account run
 * with its team) and is not an entrant. Whether they may judge a minor's room (a coach of the debater's team, a
 * verified judge, staff, or a minor) is decided per room at release; the team they judge for is their first team.
 */
export async function addJudge(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  judgeId: string,
): Promise<TTournamentJudge[]> {
  const { row } = await requireManager(deps, user, id);
  if (row.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
  const door = await findDoorUserById(db(deps), judgeId);
  if (!door || door.isBanned) throw new AppError('not_found', 'There is no such user.');
  const name = door.user.displayName;
  await checkPoolJudge(deps, id, judgeId, door.user);
  const teamId = ((await teamIdsOfUsers(db(deps), [judgeId])).get(judgeId) ?? [])[0] ?? null;
  const values = { tournamentId: id, userId: judgeId, teamId, addedAt: nowIso(), addedBy: user.id };
  if (!(await poolRepo.insertJudge(db(deps), values))) {
    throw new AppError('conflict', `${name} is in the judge pool already.`);
  }
  await emitChanged(deps, id);
  return presentJudges(deps, id);
}

/**
 * What every way into the judge pool checks, a host's (`addJudge`) and a coach's (`addTeamJudge`): the judge's age
 * door (`ageDoorRefusal`: a month of birth given, not an account run with its team), not an active entrant of the
 * tournament, and room left in the pool. Refuses with the judge named.
 */
export async function checkPoolJudge(
  deps: TTournamentsDeps,
  tournamentId: number,
  judgeId: string,
  judge: Parameters<typeof ageDoorRefusal>[0] & { displayName: string },
): Promise<void> {
  const name = judge.displayName;
  const refusal = ageDoorRefusal(judge, 'judge');
  if (refusal) {
    throw new AppError(
      'conflict',
      refusal.reason === 'age_required'
        ? `${name} has not given a month of birth yet, which judging needs.`
        : `${name}’s account is run with their team: they judge only their team’s practice rounds.`,
    );
  }
  const entrant = await membersRepo.findEntrantOf(db(deps), tournamentId, judgeId);
  if (entrant && entrant.withdrawnAt === null) {
    throw new AppError('conflict', `${name} is an entrant: an entrant does not judge the tournament.`);
  }
  if ((await repo.listJudges(db(deps), tournamentId)).length >= TOURNAMENT_LIMITS.judgesMax) {
    throw new AppError('conflict', `A tournament’s judge pool holds at most ${TOURNAMENT_LIMITS.judgesMax} judges.`);
  }
}

/** A host takes a judge out of the pool (rooms they were seated in keep them). */
export async function removeJudge(deps: TTournamentsDeps, user: TSessionUser, id: number, judgeId: string) {
  await requireManager(deps, user, id);
  if (!(await poolRepo.deleteJudge(db(deps), id, judgeId))) {
    throw new AppError('not_found', 'That judge is not in this tournament’s pool.');
  }
  await emitChanged(deps, id);
}

/**
 * A judge of the pool says whether they can judge round `number`, until it is released: a preliminary round, or an
 * elimination round (numbered on after the preliminaries; their draft rows exist from the tournament's creation, as
 * the break fixes how many there are), which its release's judge assignment reads as it reads a preliminary's.
 */
export async function setAvailability(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  number: number,
  isAvailable: boolean,
): Promise<TTournamentJudge> {
  const { row, viewer } = await requireViewer(deps, user, id);
  if (!viewer.isJudge) {
    throw new AppError('forbidden', 'Only judges of this tournament’s pool say which rounds they can judge.');
  }
  const last = lastRoundOf(row);
  if (number > last) {
    throw new AppError(
      'not_found',
      `This tournament has ${last} ${last === 1 ? 'round' : 'rounds'} (its elimination rounds included); there is no round ${number}.`,
    );
  }
  const rounds = (await repo.listRounds(db(deps), id)).filter((r) => r.number === number);
  if (rounds.length > 0 && rounds.every((r) => r.status !== 'draft')) throw alreadyReleased(number);
  await poolRepo.setAvailability(db(deps), { tournamentId: id, userId: user.id, roundNumber: number, isAvailable });
  await emitChanged(deps, id);
  return (await presentJudges(deps, id)).find((j) => j.userId === user.id)!;
}

/** A judge (or a host, for any judge) declares the entrants the judge must never judge, replacing the list. */
export async function setConflicts(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  judgeId: string,
  entrantIds: readonly number[],
): Promise<TTournamentJudge> {
  const { viewer } = await requireViewer(deps, user, id);
  if (judgeId !== user.id && !isManager(viewer)) {
    throw new AppError('forbidden', 'Only the judge or the tournament’s hosts declare a judge’s conflicts.');
  }
  if (!(await repo.isJudge(db(deps), id, judgeId))) {
    throw new AppError('not_found', 'That judge is not in this tournament’s pool.');
  }
  const entrants = new Set((await repo.listEntrants(db(deps), id)).map((e) => e.id));
  const unique = [...new Set(entrantIds)];
  if (unique.some((entrantId) => !entrants.has(entrantId))) {
    throw new AppError('validation_failed', 'A conflict names someone who is not an entrant of this tournament.');
  }
  await poolRepo.replaceConflicts(db(deps), id, judgeId, unique);
  await emitChanged(deps, id);
  return (await presentJudges(deps, id)).find((j) => j.userId === judgeId)!;
}
