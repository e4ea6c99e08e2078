/** Who may judge a team's practice rounds, for the judge-seat rule and the room (no other team logic here). */
import type { TDebate } from '@resolved/shared';
import type { TDatabase } from '../../db/database';
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
