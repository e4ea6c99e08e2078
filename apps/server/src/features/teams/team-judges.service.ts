/** Who may judge a team's practice rounds and who a minor meets, for the judge-seat rule, the queue and the room. */
import type { TDebate } from '@resolved/shared';
import type { TDatabase } from '../../db/database';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './teams.repository';

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
