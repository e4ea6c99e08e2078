/**
 * Team membership as the rest of the server reads it: who is on a team and in which role, who may judge its
 * practice rounds, and who a minor meets (teammates may meet whatever their ages). Ranked below rounds so that the
 * judge's seat, the queue and the room read it; the teams feature above writes it.
 */
import type { TDebate, TTeamMembership } from '@resolved/shared';
import type { TDatabase } from '../../db/database';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './memberships.repository';

/** The user's place on the team, or null. */
export async function membershipOf(
  deps: { database: TDatabase },
  teamId: number,
  userId: string,
): Promise<TTeamMembership> {
  return repo.findMembership(deps.database.db, teamId, userId);
}

/** The user's place on the team inside a transaction (`db` is the app's Kysely or a transaction). */
export async function membershipIn(db: Kysely<DB>, teamId: number, userId: string): Promise<TTeamMembership> {
  return repo.findMembership(db, teamId, userId);
}

/** A user's place on each of these teams they belong to (teams they are not on are absent). */
export async function membershipsOf(
  db: Kysely<DB>,
  teamIds: number[],
  userId: string,
): Promise<Map<number, NonNullable<TTeamMembership>>> {
  return repo.findMemberships(db, teamIds, userId);
}

/** The team's approved members of every role (coaches too), by user id. */
export async function memberIdsOf(db: Kysely<DB>, teamId: number): Promise<string[]> {
  return repo.listMemberIds(db, teamId);
}

/** The teams `userId` coaches (approved places only). */
export async function coachedTeamIds(db: Kysely<DB>, userId: string): Promise<number[]> {
  return repo.listCoachedTeamIds(db, userId);
}

/** The names of these teams by id (a deleted team is absent). */
export async function teamNames(db: Kysely<DB>, teamIds: number[]): Promise<Map<number, string>> {
  return repo.findTeamNames(db, teamIds);
}

/** The team's coaches and the members they named judges. */
export async function teamJudgeIds(deps: { database: TDatabase }, teamId: number): Promise<string[]> {
  return repo.listJudgeIds(deps.database.db, teamId);
}

/** A practice round's team and who may judge it; null for a matchmade round. */
export async function teamOfRound(deps: { database: TDatabase }, teamId: number | null): Promise<TDebate['team']> {
  if (teamId === null) return null;
  const [names, judgeIds] = await Promise.all([
    repo.findTeamNames(deps.database.db, [teamId]),
    teamJudgeIds(deps, teamId),
  ]);
  return { id: teamId, name: names.get(teamId) ?? 'A team', judgeIds };
}

/** The teams of each of these users (who a minor meets: teammates may meet whatever their ages). */
export async function teamIdsOfUsers(db: Kysely<DB>, userIds: readonly string[]): Promise<Map<string, number[]>> {
  return repo.listTeamIdsOfUsers(db, userIds);
}

/** The coaches of every team either debater of a round belongs to: they may judge a round with a minor in it. */
export async function coachIdsOfTeamsOf(db: Kysely<DB>, userIds: readonly string[]): Promise<string[]> {
  return repo.listCoachIdsOfTeamsOf(db, userIds);
}
