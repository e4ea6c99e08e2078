/**
 * Membership SQL: who is on which team, who coaches it, and who it named judges. Approved members only: a member
 * waiting for a coach's approval (`isPending` 1) is no teammate.
 */
import type { Kysely } from 'kysely';
import type { TTeamRole } from '@resolved/shared';
import type { DB } from '../../db/schema';
import { chunks } from '../../db/batches';

type TDb = Kysely<DB>;

export async function findMembership(
  db: TDb,
  teamId: number,
  userId: string,
): Promise<{ role: TTeamRole; isJudge: boolean } | null> {
  const row = await db
    .selectFrom('teamMembers')
    .select(['role', 'isJudge'])
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .where('isPending', '=', 0)
    .executeTakeFirst();
  return row ? { role: row.role, isJudge: Number(row.isJudge) === 1 } : null;
}

/** A user's place on each of these teams they belong to (teams they are not on are absent). */
export async function findMemberships(
  db: TDb,
  teamIds: number[],
  userId: string,
): Promise<Map<number, { role: TTeamRole; isJudge: boolean }>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('teamMembers')
    .select(['teamId', 'role', 'isJudge'])
    .where('teamId', 'in', teamIds)
    .where('userId', '=', userId)
    .where('isPending', '=', 0)
    .execute();
  return new Map(rows.map((r) => [Number(r.teamId), { role: r.role, isJudge: Number(r.isJudge) === 1 }]));
}

/** The team's approved members of every role, oldest place first. */
export async function listMemberIds(db: TDb, teamId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('teamMembers')
    .select('userId')
    .where('teamId', '=', teamId)
    .where('isPending', '=', 0)
    .orderBy('joinedAt')
    .orderBy('userId')
    .execute();
  return rows.map((r) => r.userId);
}

/** The teams the user coaches (approved places only). */
export async function listCoachedTeamIds(db: TDb, userId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('teamMembers')
    .select('teamId')
    .where('userId', '=', userId)
    .where('role', '=', 'coach')
    .where('isPending', '=', 0)
    .orderBy('teamId')
    .execute();
  return rows.map((r) => Number(r.teamId));
}

/** The team's coaches and the members they named judges: who may judge its rounds. */
export async function listJudgeIds(db: TDb, teamId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('teamMembers')
    .select('userId')
    .where('teamId', '=', teamId)
    .where('isPending', '=', 0)
    .where((eb) => eb.or([eb('role', '=', 'coach'), eb('isJudge', '=', 1)]))
    .execute();
  return rows.map((r) => r.userId);
}

export async function findTeamNames(db: TDb, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('teams').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/**
 * The teams each of these users belongs to (any role, approved only), for "who a minor meets" and who sees
 * a team-managed account; a user on none is absent.
 */
export async function listTeamIdsOfUsers(db: TDb, userIds: readonly string[]): Promise<Map<string, number[]>> {
  const teams = new Map<string, number[]>();
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return teams;
  for (const chunk of chunks(unique)) {
    const rows = await db
      .selectFrom('teamMembers')
      .select(['userId', 'teamId'])
      .where('userId', 'in', chunk)
      .where('isPending', '=', 0)
      .execute();
    for (const row of rows) teams.set(row.userId, [...(teams.get(row.userId) ?? []), Number(row.teamId)]);
  }
  return teams;
}

/** The coaches of every team any of these users belongs to (the judges a minor's round may always have). */
export async function listCoachIdsOfTeamsOf(db: TDb, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('teamMembers as coach')
    .select('coach.userId')
    .distinct()
    .where('coach.role', '=', 'coach')
    .where('coach.teamId', 'in', (eb) =>
      eb
        .selectFrom('teamMembers as m')
        .select('m.teamId')
        .where('m.userId', 'in', [...userIds])
        .where('m.isPending', '=', 0),
    )
    .execute();
  return rows.map((r) => r.userId);
}
