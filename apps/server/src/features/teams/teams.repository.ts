/**
 * Teams SQL: teams and their join codes, members, and the team's practice rounds. A member waiting for a coach's
 * approval (`isPending` 1) is no teammate: every read of members, memberships and teams of users below
 * counts approved members only, except where a function says it reads pending ones.
 */
import type { Kysely } from 'kysely';
import type { TTeamRole } from '@resolved/shared';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

export async function insertTeam(
  db: TDb,
  values: { name: string; school: string; description: string; joinCode: string; createdBy: string; now: string },
): Promise<number> {
  const row = await db
    .insertInto('teams')
    .values({
      name: values.name,
      school: values.school,
      description: values.description,
      joinCode: values.joinCode,
      createdBy: values.createdBy,
      createdAt: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateTeam(db: TDb, id: number, values: { name: string; school: string; description: string }) {
  await db.updateTable('teams').set(values).where('id', '=', id).execute();
}

/** A new code that lets people join (the old one stops matching). */
export async function openJoining(db: TDb, id: number, joinCode: string): Promise<void> {
  await db.updateTable('teams').set({ joinCode, isJoinOpen: 1 }).where('id', '=', id).execute();
}

/** The coach's switch "Require approval to join" (a team with a member under 18 needs approval whatever it says). */
export async function setRequiresApproval(db: TDb, id: number, isRequired: boolean): Promise<void> {
  await db
    .updateTable('teams')
    .set({ requiresApproval: isRequired ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Joining switched off: the code is kept, so someone typing it can be told that joining is off. */
export async function closeJoining(db: TDb, id: number): Promise<void> {
  await db.updateTable('teams').set({ isJoinOpen: 0 }).where('id', '=', id).execute();
}

export async function findTeam(db: TDb, id: number) {
  return db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTeamByCode(db: TDb, joinCode: string) {
  return db.selectFrom('teams').selectAll().where('joinCode', '=', joinCode).executeTakeFirst();
}

export async function countTeamsCreatedBy(db: TDb, userId: string): Promise<number> {
  const row = await db
    .selectFrom('teams')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('createdBy', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The teams a user belongs to or waits to join, with their role and the (approved) member count, newest first. */
export async function listTeamsOfUser(db: TDb, userId: string) {
  return db
    .selectFrom('teamMembers as me')
    .innerJoin('teams as t', 't.id', 'me.teamId')
    .select((eb) => [
      't.id',
      't.name',
      't.school',
      'me.role',
      'me.isPending',
      eb
        .selectFrom('teamMembers as m')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('m.teamId', '=', 't.id')
        .where('m.isPending', '=', 0)
        .as('memberCount'),
    ])
    .where('me.userId', '=', userId)
    .orderBy('t.id', 'desc')
    .execute();
}

/** Whether a user is on the team (approved or waiting for approval); null when neither. */
export async function findJoin(db: TDb, teamId: number, userId: string): Promise<{ isPending: boolean } | null> {
  const row = await db
    .selectFrom('teamMembers')
    .select('isPending')
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? { isPending: Number(row.isPending) === 1 } : null;
}

/** A team's members with their names and points, coaches first, then by name. */
export async function listMembers(db: TDb, teamId: number) {
  return db
    .selectFrom('teamMembers as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['m.userId', 'u.displayName', 'm.role', 'm.isJudge', 'u.score', 'm.joinedAt'])
    .where('m.teamId', '=', teamId)
    .where('m.isPending', '=', 0)
    .orderBy('m.role', 'asc')
    .orderBy('u.displayName', 'asc')
    .execute();
}

/** Who waits for a coach's approval to join the team, longest waiting first (pending rows, read for its coaches). */
export async function listPendingMembers(db: TDb, teamId: number) {
  return db
    .selectFrom('teamMembers as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['m.userId', 'u.displayName', 'm.joinedAt'])
    .where('m.teamId', '=', teamId)
    .where('m.isPending', '=', 1)
    .orderBy('m.joinedAt', 'asc')
    .orderBy('m.userId', 'asc')
    .execute();
}

/** Everyone on the team and everyone waiting to join it (whether a team has anyone under 18 reads both). */
export async function listAllMemberIds(db: TDb, teamId: number): Promise<string[]> {
  const rows = await db.selectFrom('teamMembers').select('userId').where('teamId', '=', teamId).execute();
  return rows.map((r) => r.userId);
}

/** The team's coaches. */
export async function listCoachIds(db: TDb, teamId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('teamMembers')
    .select('userId')
    .where('teamId', '=', teamId)
    .where('role', '=', 'coach')
    .where('isPending', '=', 0)
    .execute();
  return rows.map((r) => r.userId);
}

/** A pending member approved: a member from now on. False when they were not waiting (approved already, or gone). */
export async function approvePendingMember(db: TDb, teamId: number, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('teamMembers')
    .set({ isPending: 0 })
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .where('isPending', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A pending join declined: the row goes. False when they were not waiting. */
export async function deletePendingMember(db: TDb, teamId: number, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('teamMembers')
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .where('isPending', '=', 1)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Adds a member (or, `isPending`, one waiting for approval); false when they already were on the team. */
export async function insertMember(
  db: TDb,
  values: { teamId: number; userId: string; role: TTeamRole; now: string; isPending?: boolean },
): Promise<boolean> {
  const rows = await db
    .insertInto('teamMembers')
    .values({
      teamId: values.teamId,
      userId: values.userId,
      role: values.role,
      joinedAt: values.now,
      isPending: values.isPending ? 1 : 0,
    })
    .onConflict((oc) => oc.columns(['teamId', 'userId']).doNothing())
    .returning('userId')
    .execute();
  return rows.length > 0;
}

export async function updateMember(
  db: TDb,
  teamId: number,
  userId: string,
  values: { role?: TTeamRole | undefined; isJudge?: boolean | undefined },
): Promise<void> {
  await db
    .updateTable('teamMembers')
    .set({
      ...(values.role ? { role: values.role } : {}),
      ...(values.isJudge === undefined ? {} : { isJudge: values.isJudge ? 1 : 0 }),
    })
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .execute();
}

export async function deleteMember(db: TDb, teamId: number, userId: string): Promise<void> {
  await db.deleteFrom('teamMembers').where('teamId', '=', teamId).where('userId', '=', userId).execute();
}

export async function countMembers(db: TDb, teamId: number, role?: TTeamRole): Promise<number> {
  let query = db
    .selectFrom('teamMembers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('teamId', '=', teamId);
  if (role) query = query.where('role', '=', role);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The team's rounds, newest first. */
export async function listTeamDebates(db: TDb, teamId: number, limit: number) {
  return db.selectFrom('debates').selectAll().where('teamId', '=', teamId).orderBy('id', 'desc').limit(limit).execute();
}

/** Practice rounds (of any team) not yet decided in which a user debates or judges. */
export async function listOpenTeamDebatesOf(db: TDb, userId: string) {
  // One index search per seat (a user holds one seat of a round): written with `or`, SQLite (no statistics) searches
  // the status index instead and reads every live round.
  const seat = (column: 'debaterAId' | 'debaterBId' | 'judgeId') =>
    db
      .selectFrom('debates')
      .selectAll()
      .where(column, '=', userId)
      .where('teamId', 'is not', null)
      .where('status', 'in', ['live', 'awaiting_ballot']);
  return db
    .selectFrom(seat('debaterAId').unionAll(seat('debaterBId')).unionAll(seat('judgeId')).as('open'))
    .selectAll()
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

/** How many rounds each of these users debated since `sinceIso` (any round, not only the team's). */
export async function countRoundsSince(db: TDb, userIds: string[], sinceIso: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (userIds.length === 0) return counts;
  for (const side of ['debaterAId', 'debaterBId'] as const) {
    const rows = await db
      .selectFrom('debates')
      .select((eb) => [side, eb.fn.countAll<number>().as('n')])
      .where(side, 'in', userIds)
      .where('createdAt', '>=', sinceIso)
      .groupBy(side)
      .execute();
    for (const row of rows) counts.set(row[side], (counts.get(row[side]) ?? 0) + Number(row.n));
  }
  return counts;
}

export async function countTeamRoundsSince(db: TDb, teamId: number, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('debates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('teamId', '=', teamId)
    .where('createdAt', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many teams a user is on, waiting to join counted (an account limited to its teams never leaves its
 * last one).
 */
export async function countTeamsOfUser(db: TDb, userId: string): Promise<number> {
  const row = await db
    .selectFrom('teamMembers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The coach who owns a team's join link (responsible for the under-13 accounts made through it): the coach
 * who created the team while still one of its coaches, else its longest-standing coach; null when it has none.
 */
export async function findLinkOwner(db: TDb, teamId: number, createdBy: string | null): Promise<string | null> {
  const coaches = await db
    .selectFrom('teamMembers')
    .select('userId')
    .where('teamId', '=', teamId)
    .where('role', '=', 'coach')
    .orderBy('joinedAt', 'asc')
    .orderBy('userId', 'asc')
    .execute();
  if (createdBy !== null && coaches.some((c) => c.userId === createdBy)) return createdBy;
  return coaches[0]?.userId ?? null;
}
